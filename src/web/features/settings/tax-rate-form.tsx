import { useForm, useWatch } from 'react-hook-form';
import { taxRateInput, type TaxRate } from '../../../contract/tax-rules.ts';
import { NumberField, TextField } from '../../components/form-fields.tsx';
import { ModalFormFooter } from '../../components/modal.tsx';
import { fieldsOf } from '../../lib/fields-of.ts';
import { closeOnSave, formErrorOf, inputResolver, type FieldOf } from '../../lib/form-issues.ts';
import { CountryField, RegionField } from './place-fields.tsx';
import { useSaveTaxRate, type TaxRateBody } from './tax-rates-api.ts';

type Values = { country: string; region: string; rate: number; name: string };

const toInput = (v: Values): TaxRateBody => ({ ...v, region: v.region || null });

const fields = new Set(['country', 'region', 'rate', 'name']);
const fieldOf: FieldOf<Values> = (path) => (fields.has(path) ? (path as keyof Values) : undefined);

const resolver = inputResolver(taxRateInput, toInput, fieldOf);

/** Add or change a tax rate: `rate` null adds one. */
export function TaxRateForm({ rate, onDone }: { rate: TaxRate | null; onDone: () => void }) {
  const save = useSaveTaxRate();
  const form = useForm<Values, unknown, TaxRateBody>({
    resolver,
    defaultValues: {
      country: rate?.country ?? '',
      region: rate?.region ?? '',
      rate: rate?.rate ?? Number.NaN,
      name: rate?.name ?? '',
    },
  });
  const {
    control,
    formState: { errors },
  } = form;
  const country = useWatch({ control, name: 'country' });
  const field = fieldsOf(form, (name) => `tax-${rate?._id ?? 'new'}-${name}`);

  const submit = form.handleSubmit((input) =>
    save.mutate(
      { id: rate?._id ?? null, input },
      closeOnSave(
        form,
        fieldOf,
        (saved: TaxRate) => `${saved.name} ${saved.rate}% has been ${rate ? 'updated' : 'added'}.`,
        onDone,
      ),
    ),
  );

  return (
    <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-4">
      <CountryField {...field('country')} placeholder="Choose a country" />
      <RegionField {...field('region')} country={country} optional="The whole country" />
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberField
          {...field('rate', { valueAsNumber: true })}
          label="Rate (%)"
          step={0.001}
          min={0}
          max={100}
          required
          hint="Up to 3 decimals: 7.25"
        />
        <TextField
          {...field('name')}
          label="Name"
          maxLength={60}
          required
          placeholder="VAT"
          hint="As invoices print it"
        />
      </div>
      <ModalFormFooter
        error={errors.root?.message ?? formErrorOf(save.error, fieldOf)}
        onCancel={onDone}
        pending={save.isPending}
      >
        {rate ? 'Save changes' : 'Add rate'}
      </ModalFormFooter>
    </form>
  );
}
