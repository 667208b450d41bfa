import { useId, type ComponentProps } from 'react';
import { get, useForm, useWatch, type FieldError, type Path } from 'react-hook-form';
import {
  shopSettings,
  type ShopSettings,
  type ShopSettingsRecord,
} from '../../../contract/shop-settings.ts';
import { FormCard } from '../../components/form-card.tsx';
import { FormError, TextField } from '../../components/form-fields.tsx';
import { BusyButton } from '../../components/busy-button.tsx';
import { SectionSpinner } from '../../components/page-spinner.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { notify } from '../../lib/notify.ts';
import { formErrorOf, inputResolver, showFieldIssue, type FieldOf } from '../../lib/form-issues.ts';
import { CountryField, RegionField } from './place-fields.tsx';
import { useSaveShopSettings, useShopSettings } from './shop-settings-api.ts';

/** The details as stored: the first start's placeholder may not pass the input's checks yet. */
type Values = ShopSettingsRecord;

// The form's fields are the API's own, so an issue's path is its field's name.
const fieldOf: FieldOf<Values> = (path) => path as ReturnType<FieldOf<Values>>;
const resolver = inputResolver(shopSettings, (values: Values) => values, fieldOf);

/** The seller on every invoice: legal name, address (whose country is the shop's), VAT ID, prefixes. */
export function ShopDetailsSection() {
  const settings = useShopSettings();
  if (settings.isPending) return <SectionSpinner label="Loading the shop details" />;
  if (settings.isError) return <SectionError error={settings.error} />;
  return <ShopDetailsForm saved={settings.data} />;
}

/** The text boxes of shop codes (VAT ID, prefixes): capitals, no spelling help. */
const code = { autoCapitalize: 'characters', spellCheck: false } as const;

function ShopDetailsForm({ saved }: { saved: Values }) {
  const titleId = useId();
  const save = useSaveShopSettings();
  const form = useForm<Values, unknown, ShopSettings>({ resolver, defaultValues: saved });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const country = useWatch({ control, name: 'address.country' });
  const id = (field: string) => `shop-${field.replace('.', '-')}`;
  const errorOf = (field: Path<Values>) => (get(errors, field) as FieldError | undefined)?.message;
  /** A text field of the form, labelled, with its error under it. */
  const text = (
    field: Path<Values>,
    label: string,
    maxLength: number,
    more: Omit<ComponentProps<typeof TextField>, 'id' | 'label' | 'registration'> = {},
  ) => (
    <TextField
      id={id(field)}
      label={label}
      maxLength={maxLength}
      registration={register(field)}
      error={errorOf(field)}
      {...more}
    />
  );

  const submit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: (now) => {
        form.reset(now);
        notify('success', 'The shop details have been saved.');
      },
      onError: (error) => showFieldIssue(form, error, fieldOf),
    }),
  );
  const formError = errors.root?.message ?? formErrorOf(save.error, fieldOf);

  return (
    <FormCard titleId={titleId} title="Shop details" heading="h2" onSubmit={submit} wide>
      <p className="text-sm text-base-content/80">
        Printed as the seller on every invoice and credit note. The address&apos;s country is the
        shop&apos;s own: an EU shop charges no VAT to a business with a valid VAT ID in another EU
        country (reverse charge).
      </p>
      {text('legalName', 'Legal name', 200, { required: true })}
      <fieldset className="flex flex-col gap-4 rounded-box border border-base-300 p-4">
        <legend className="px-1 font-medium">Address</legend>
        {text('address.name', 'Name on the address', 120, {
          required: true,
          hint: 'The first line of the address: a department or a person',
        })}
        {text('address.line1', 'Street address', 200, { required: true })}
        {text('address.line2', 'Address line 2 (optional)', 200)}
        <div className="grid gap-4 sm:grid-cols-2">
          {text('address.city', 'City', 120, { required: true })}
          {text('address.postalCode', 'Postal code', 20, { autoCapitalize: 'characters' })}
          <CountryField
            id={id('address.country')}
            registration={register('address.country')}
            error={errorOf('address.country')}
            placeholder="Choose a country"
          />
          <RegionField
            id={id('address.region')}
            country={country}
            registration={register('address.region')}
            error={errorOf('address.region')}
            optional="Choose one"
          />
          {text('address.phone', 'Phone (optional)', 40, { type: 'tel' })}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-3">
        {text('vatId', 'VAT ID', 40, { ...code, hint: 'Empty when the shop has none' })}
        {text('invoicePrefix', 'Invoice prefix', 12, {
          ...code,
          className: 'uppercase',
          hint: 'INV makes INV-2026-000001',
        })}
        {text('creditNotePrefix', 'Credit note prefix', 12, {
          ...code,
          className: 'uppercase',
          hint: 'CN makes CN-2026-000001',
        })}
      </div>
      <FormError message={formError} />
      <div>
        <BusyButton type="submit" className="btn btn-primary" pending={save.isPending}>
          Save shop details
        </BusyButton>
      </div>
    </FormCard>
  );
}
