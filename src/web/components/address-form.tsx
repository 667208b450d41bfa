import type { UseMutationResult } from '@tanstack/react-query';
import { useForm, useWatch, type Path } from 'react-hook-form';
import type { z } from 'zod';
import type { Address, addressForm } from '../../contract/addresses.ts';
import { COUNTRIES, regionsOf } from '../../contract/countries.ts';
import { CheckboxField, FormError, SelectField, SubmitButton, TextField } from './form-fields.tsx';
import { errorMessage, fieldError } from '../lib/error-message.ts';
import { useFormAnswer } from '../lib/form-action.ts';
import { lazySchemaResolver } from '../lib/lazy-schema-resolver.ts';

/** The address form's values once checked: text fields and the two default switches. */
export type AddressValues = z.output<typeof addressForm>;

/** The form's fields, in the order it draws them (its values kept after a refusal). */
export const addressFieldNames = [
  'label',
  'company',
  'name',
  'line1',
  'line2',
  'city',
  'country',
  'region',
  'postalCode',
  'phone',
  'isDefaultShipping',
  'isDefaultBilling',
] as const;

/** Adds an address, or changes the one `id` names (features/addresses/api.ts). */
export type SaveAddress = UseMutationResult<Address, Error, { id?: string; values: AddressValues }>;

// zod and the address rules (postal codes per country) load on the form's first check.
const checkAddress = lazySchemaResolver<AddressValues>(
  async () => (await import('../../contract/addresses.ts')).addressForm as never,
);

type Props = {
  /** Names the form's fields apart from other address forms on the page. */
  idPrefix: string;
  title: string;
  /** Editing this address; a new one without. */
  address?: Address;
  /**
   * What the page's action is told this form is (`intent`), for a form posted before the
   * script took over; its refused answer comes back to the form that sent it.
   */
  intent: string;
  submitLabel: string;
  save: SaveAddress;
  onSaved: (address: Address) => void;
  onCancel?: () => void;
};

const blank = (name: (typeof addressFieldNames)[number]) =>
  name === 'isDefaultShipping' || name === 'isDefaultBilling' ? false : '';

/** What a refused post typed, for the form that sent it; checkboxes post 'on'. */
function keptValues(values: Record<string, string>) {
  return Object.fromEntries(
    addressFieldNames.map((name) => [
      name,
      name.startsWith('isDefault') ? values[name] === 'on' : (values[name] ?? ''),
    ]),
  );
}

/**
 * An address: who receives it, the street, city, region (a list of states or provinces for
 * the United States and Canada, free text elsewhere), postal code, country and phone, and
 * whether it is the default for shipping and for billing. Checked by the contract's rules as
 * the person types; a field the server refuses shows its sentence by that field.
 */
export function AddressForm({
  idPrefix,
  title,
  address,
  intent,
  submitLabel,
  save,
  onSaved,
  onCancel,
}: Props) {
  const answer = useFormAnswer();
  const mine =
    answer?.values.intent === intent && (answer.values.id ?? '') === (address?._id ?? '');
  const defaults = mine
    ? keptValues(answer.values)
    : Object.fromEntries(addressFieldNames.map((name) => [name, address?.[name] ?? blank(name)]));
  const form = useForm<AddressValues>({
    resolver: checkAddress,
    defaultValues: defaults as AddressValues,
  });
  const country = useWatch({ control: form.control, name: 'country' });
  const regions = regionsOf(country);

  const field = (name: Path<AddressValues>) => {
    const message = form.formState.errors[name]?.message;
    return {
      id: `${idPrefix}-${name}`,
      // Drawn into the HTML too, so the page before the script shows what is kept.
      defaultValue: String(defaults[name] ?? ''),
      registration: form.register(name),
      error:
        (typeof message === 'string' ? message : undefined) ??
        (mine ? answer.fieldErrors[name] : undefined),
    };
  };

  const submit = form.handleSubmit((values) =>
    save.mutate(
      { id: address?._id, values },
      {
        onSuccess: (saved) => {
          // A new address's form is ready for the next one.
          if (!address) form.reset();
          onSaved(saved);
        },
        onError: (error) => {
          const named = fieldError(error);
          if (named && (addressFieldNames as readonly string[]).includes(named.field)) {
            form.setError(named.field as Path<AddressValues>, { message: named.message });
          }
        },
      },
    ),
  );
  const named = fieldError(save.error);
  const formError = save.isError
    ? named && (addressFieldNames as readonly string[]).includes(named.field)
      ? null
      : errorMessage(save.error)
    : mine
      ? answer.formError
      : null;
  const titleId = `${idPrefix}-title`;

  return (
    <form
      onSubmit={submit}
      onFocus={checkAddress.preload}
      // Sent by script; before it has loaded, the page's action saves it (docs/decisions/0018).
      method="post"
      noValidate
      aria-labelledby={titleId}
      className="flex flex-col gap-4"
    >
      <h3 id={titleId} className="text-lg font-semibold">
        {title}
      </h3>
      <input type="hidden" name="intent" value={intent} />
      {address && <input type="hidden" name="id" value={address._id} />}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Label (optional)"
          placeholder="Workshop, Warehouse…"
          {...field('label')}
        />
        <TextField label="Company (optional)" autoComplete="organization" {...field('company')} />
        <TextField label="Name" autoComplete="name" required {...field('name')} />
        <TextField label="Phone (optional)" type="tel" autoComplete="tel" {...field('phone')} />
        <TextField
          label="Address line 1"
          autoComplete="address-line1"
          required
          {...field('line1')}
        />
        <TextField
          label="Address line 2 (optional)"
          autoComplete="address-line2"
          {...field('line2')}
        />
        <TextField label="City" autoComplete="address-level2" required {...field('city')} />
        <SelectField label="Country" autoComplete="country" required {...field('country')}>
          <option value="">Choose the country</option>
          {COUNTRIES.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </SelectField>
        {regions.length > 0 ? (
          <SelectField
            label={country === 'CA' ? 'Province or territory' : 'State'}
            autoComplete="address-level1"
            required
            {...field('region')}
          >
            <option value="">Choose…</option>
            {regions.map((r) => (
              <option key={r.code} value={r.code}>
                {r.name}
              </option>
            ))}
          </SelectField>
        ) : (
          <TextField
            label="State or region (if any)"
            autoComplete="address-level1"
            {...field('region')}
          />
        )}
        <TextField label="Postal code" autoComplete="postal-code" {...field('postalCode')} />
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
        <CheckboxField
          label="Default shipping"
          defaultChecked={defaults.isDefaultShipping === true}
          registration={form.register('isDefaultShipping')}
        />
        <CheckboxField
          label="Default billing"
          defaultChecked={defaults.isDefaultBilling === true}
          registration={form.register('isDefaultBilling')}
        />
      </div>
      <div className="flex flex-wrap gap-3">
        <div className="w-full sm:w-auto sm:min-w-48">
          <SubmitButton pending={save.isPending}>{submitLabel}</SubmitButton>
        </div>
        {onCancel && (
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
      <FormError message={formError} />
    </form>
  );
}

/**
 * "Add a new address" as the checkout and the payment page offer it beside the addresses to
 * pick: folded away unless there is nothing to pick yet.
 */
export function NewAddressDetails({
  idPrefix,
  open,
  save,
  onSaved,
  className = '',
}: Pick<Props, 'idPrefix' | 'save' | 'onSaved'> & { open: boolean; className?: string }) {
  return (
    <details className={`rounded-box border border-base-300 ${className}`} open={open}>
      <summary className="cursor-pointer p-3 font-medium">Add a new address</summary>
      <div className="p-3 pt-0">
        <AddressForm
          idPrefix={idPrefix}
          title="New address"
          intent="address"
          submitLabel="Ship to this address"
          save={save}
          onSaved={onSaved}
        />
      </div>
    </details>
  );
}
