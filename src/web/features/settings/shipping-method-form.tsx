import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import {
  deliveryDaysInput,
  freeOverWeightRule,
  MAX_WEIGHT_BANDS,
  shippingMethodFields,
  type ShippingMethod,
} from '../../../contract/shipping-rules.ts';
import { NumberField, TextField } from '../../components/form-fields.tsx';
import { ModalFormFooter } from '../../components/modal.tsx';
import { AddRow, RemovableRow } from '../../components/row-list.tsx';
import { fieldsOf, kebab } from '../../lib/fields-of.ts';
import { closeOnSave, formErrorOf, inputResolver, type FieldOf } from '../../lib/form-issues.ts';
import { useSaveShippingMethod, type ShippingMethodBody } from './shipping-methods-api.ts';

/** The method as the form holds it: countries as typed, a rate of either kind, days apart. */
type Values = {
  name: string;
  allCountries: boolean;
  countries: string;
  rateKind: 'flat' | 'weight';
  price: number;
  bands: { upToGrams: number; price: number }[];
  /** Empty (NaN): nothing heavier than the last band is carried. */
  perKgAbove: number;
  /** Empty (NaN) for never free. */
  freeOver: number;
  /** Empty (NaN): free over the amount whatever the weight. */
  freeOverUpToGrams: number;
  daysMin: number;
  daysMax: number;
};

/** An empty number field (NaN) is "none". */
const orNull = (n: number) => (Number.isNaN(n) ? null : n);

const toInput = (v: Values): ShippingMethodBody => ({
  name: v.name,
  countries: v.allCountries ? ['*'] : v.countries.split(/[\s,;]+/).filter(Boolean),
  rate:
    v.rateKind === 'flat'
      ? { kind: 'flat', price: v.price }
      : { kind: 'weight', bands: v.bands, perKgAbove: orNull(v.perKgAbove) },
  freeOver: orNull(v.freeOver),
  freeOverUpToGrams: orNull(v.freeOverUpToGrams),
  deliveryDays: { min: v.daysMin, max: v.daysMax },
});

const toValues = (m: ShippingMethod | null): Values => ({
  name: m?.name ?? '',
  allCountries: m ? m.countries.includes('*') : true,
  countries: m && !m.countries.includes('*') ? m.countries.join(', ') : '',
  rateKind: m?.rate.kind ?? 'flat',
  price: m?.rate.kind === 'flat' ? m.rate.price : Number.NaN,
  bands:
    m?.rate.kind === 'weight'
      ? m.rate.bands.map((b) => ({ ...b }))
      : [{ upToGrams: Number.NaN, price: Number.NaN }],
  perKgAbove: (m?.rate.kind === 'weight' ? m.rate.perKgAbove : null) ?? Number.NaN,
  freeOver: m?.freeOver ?? Number.NaN,
  freeOverUpToGrams: m?.freeOverUpToGrams ?? Number.NaN,
  daysMin: m?.deliveryDays.min ?? Number.NaN,
  daysMax: m?.deliveryDays.max ?? Number.NaN,
});

/** Where an issue with the API's body shows in this form. */
const fieldOf: FieldOf<Values> = (path) => {
  const band = /^rate\.bands\.(\d+)\.(upToGrams|price)$/.exec(path);
  if (band) return `bands.${Number(band[1])}.${band[2] as 'upToGrams' | 'price'}`;
  if (path === 'name' || path === 'freeOver' || path === 'freeOverUpToGrams') return path;
  if (path === 'rate.perKgAbove') return 'perKgAbove';
  if (path.startsWith('countries')) return 'countries';
  if (path === 'rate.price') return 'price';
  if (path.startsWith('rate')) return 'bands';
  if (path === 'deliveryDays.max') return 'daysMax';
  if (path.startsWith('deliveryDays')) return 'daysMin';
  return undefined;
};

// The form always sends a range, so it checks the range's own rule (whose messages name the
// field) rather than the union's "a number or a range".
const [, daysRange] = deliveryDaysInput.options;
const resolver = inputResolver(
  shippingMethodFields.extend({ deliveryDays: daysRange }).refine(...freeOverWeightRule),
  toInput,
  fieldOf,
);

/** Add or change a shipping method: `method` null adds one. */
export function ShippingMethodForm({
  method,
  onDone,
}: {
  method: ShippingMethod | null;
  onDone: () => void;
}) {
  const save = useSaveShippingMethod();
  const form = useForm<Values, unknown, ShippingMethodBody>({
    resolver,
    defaultValues: toValues(method),
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const [allCountries, rateKind] = useWatch({ control, name: ['allCountries', 'rateKind'] });
  const id = (part: string) => `method-${method?._id ?? 'new'}-${part}`;
  const field = fieldsOf(form, (name) => id(kebab(name)));

  const submit = form.handleSubmit((input) =>
    save.mutate(
      { id: method?._id ?? null, input },
      closeOnSave(
        form,
        fieldOf,
        (saved: ShippingMethod) => `${saved.name} has been ${method ? 'updated' : 'added'}.`,
        onDone,
      ),
    ),
  );
  /** One end of the delivery range, in whole days; `checksAgain`: the end its rule involves. */
  const days = (
    name: 'daysMin' | 'daysMax',
    which: 'fastest' | 'slowest',
    checksAgain?: 'daysMax',
  ) => (
    <NumberField
      {...field(name, { valueAsNumber: true, deps: checksAgain && [checksAgain] })}
      label={`Delivery days: ${which}`}
      step={1}
      min={0}
      required
    />
  );

  return (
    <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-4">
      <TextField {...field('name')} label="Name" maxLength={80} required placeholder="Standard" />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-medium">Countries served</legend>
        <label className="flex items-center gap-2">
          <input type="checkbox" className="checkbox" {...register('allCountries')} />
          All countries
        </label>
        {!allCountries && (
          <TextField
            {...field('countries')}
            label="Country codes"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="NL, BE, DE"
            hint="Two-letter ISO codes, separated by commas"
            className="uppercase"
          />
        )}
      </fieldset>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 font-medium">Rate</legend>
        <div className="flex flex-wrap gap-4">
          <label className="flex items-center gap-2">
            <input type="radio" className="radio" value="flat" {...register('rateKind')} />
            Flat price
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" className="radio" value="weight" {...register('rateKind')} />
            By weight
          </label>
        </div>
        {rateKind === 'flat' ? (
          <NumberField
            {...field('price', { valueAsNumber: true })}
            label="Price"
            step={0.01}
            min={0}
            required
            hint="In dollars, whatever the cart weighs"
          />
        ) : (
          <WeightBands form={form} idPrefix={id('band')} />
        )}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberField
          {...field('freeOver', { valueAsNumber: true, deps: ['freeOverUpToGrams'] })}
          label="Free over (optional)"
          step={0.01}
          min={0}
          hint="Subtotal in dollars from which it is free, whatever the weight"
        />
        <NumberField
          {...field('freeOverUpToGrams', { valueAsNumber: true })}
          label="Free only up to (g, optional)"
          step={1}
          min={1}
          hint="Limit free delivery to orders up to this weight"
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {days('daysMin', 'fastest', 'daysMax')}
        {days('daysMax', 'slowest')}
      </div>
      <ModalFormFooter
        error={errors.root?.message ?? formErrorOf(save.error, fieldOf)}
        onCancel={onDone}
        pending={save.isPending}
      >
        {method ? 'Save changes' : 'Add method'}
      </ModalFormFooter>
    </form>
  );
}

/** The weight bands: each "up to so many grams" at a price, lightest first. */
function WeightBands({
  form,
  idPrefix,
}: {
  form: ReturnType<typeof useForm<Values, unknown, ShippingMethodBody>>;
  idPrefix: string;
}) {
  const {
    control,
    register,
    formState: { errors },
  } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'bands' });
  const bandsError = errors.bands?.message ?? errors.bands?.root?.message;
  return (
    <div className="flex flex-col gap-3 rounded-box border border-base-300 p-4">
      <p className="text-sm text-base-content/80">
        The cart&apos;s weight picks the first band it fits in. A cart heavier than the last band
        pays its price plus the rate per kg below for each kg (or part of one) above it; without
        that rate, checkout shows this method as not available, saying why.
      </p>
      {fields.map((field, i) => (
        <RemovableRow
          key={field.id}
          removeLabel={`Remove band ${i + 1}`}
          disabled={fields.length === 1}
          onRemove={() => remove(i)}
        >
          <NumberField
            id={`${idPrefix}-${i}-grams`}
            label={`Band ${i + 1}: up to (g)`}
            step={1}
            min={1}
            required
            registration={register(`bands.${i}.upToGrams`, { valueAsNumber: true })}
            error={errors.bands?.[i]?.upToGrams?.message}
          />
          <NumberField
            id={`${idPrefix}-${i}-price`}
            label={`Band ${i + 1}: price`}
            step={0.01}
            min={0}
            required
            registration={register(`bands.${i}.price`, { valueAsNumber: true })}
            error={errors.bands?.[i]?.price?.message}
          />
        </RemovableRow>
      ))}
      <AddRow
        error={bandsError}
        disabled={fields.length >= MAX_WEIGHT_BANDS}
        onAdd={() => append({ upToGrams: Number.NaN, price: Number.NaN })}
      >
        Add a weight band
      </AddRow>
      <NumberField
        id={`${idPrefix}-per-kg`}
        label="Per kg above the last band (optional)"
        step={0.01}
        min={0}
        hint="In dollars, for each kg or part of one"
        registration={register('perKgAbove', { valueAsNumber: true })}
        error={errors.perKgAbove?.message}
      />
    </div>
  );
}
