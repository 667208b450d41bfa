import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { type Product } from '../../../contract/catalog.ts';
import { MAX_TIERS, type ProductPatch } from '../../../contract/product-input.ts';
import { formatDollars } from '../../../contract/money.ts';
import { allowedQuantityAtLeast } from '../../../contract/price-ladder.ts';
import { NumberField, TextField } from '../../components/form-fields.tsx';
import { AddRow, RemovableRow } from '../../components/row-list.tsx';
import { fieldsOf } from '../../lib/fields-of.ts';
import { filingFormValues } from './product-filing.ts';

/**
 * Every field of a product as the admin forms hold it (the patch's fields, all present). Not
 * `stockWas`: nobody types it, the edit form sends the stock it showed (edit-product-modal.tsx).
 * Nor `backorder`: the edit form has fields of its own for it (backorder-fields.tsx).
 * The part's filing (brand, codes, category, family, attributes) has fields of its own
 * (product-filing-fields.tsx), which hold "none" as ''.
 */
export type ProductFormValues = Required<
  Omit<ProductPatch, 'stockWas' | 'tiersWas' | 'backorder' | 'bin'>
>;

/**
 * The ladder's first tier is not typed in: it starts at the minimum order and costs the Price
 * (the shared schema requires exactly that), so the forms fill it in before checking.
 */
export const withFirstTier = (values: ProductFormValues): ProductFormValues['tiers'] => [
  { minQuantity: values.moq, price: values.price },
  ...values.tiers.slice(1),
];

/** The form's values for a product: its ladder, with the first tier standing in for itself. */
export const productFormValues = (product: Product): ProductFormValues => ({
  name: product.name,
  sku: product.sku,
  price: product.price,
  stock: product.stock,
  moq: product.moq,
  packSize: product.packSize,
  tiers: product.tiers.map(({ minQuantity, price }) => ({ minQuantity, price })),
  desc: product.desc,
  img: product.img,
  weightGrams: product.weightGrams,
  ...filingFormValues(product),
});

type Props<Ctx, Out> = {
  /** Unique per form, so two forms on one page never share input ids. */
  idPrefix: string;
  form: UseFormReturn<ProductFormValues, Ctx, Out>;
  /** Add Product may leave the SKU empty: the server then makes one up from the name. */
  skuOptional?: boolean;
  /** What the Stock field means in this form: a first stock, or a count of the shelf. */
  stockHint?: string;
};

/**
 * The product's inputs, shared by Add New Product and Manage: the spec's five with their
 * labels, then the SKU, the minimum order, the pack size and the price ladder.
 */
// The minimum, pack, Price and tiers are checked together (ladderProblems): once the form has
// been sent, a change to one of them checks the ones it affects again (`deps`).
export function ProductFields<Ctx, Out>({
  idPrefix,
  form,
  skuOptional = false,
  stockHint = 'Pieces ready to sell',
}: Props<Ctx, Out>) {
  const {
    register,
    formState: { errors },
  } = form;
  const id = (part: string) => `${idPrefix}-${part}`;
  const field = fieldsOf(form, id);
  /** A whole number of pieces; `checksAgain` is the field whose rule it takes part in. */
  const pieces = (
    name: 'stock' | 'moq' | 'packSize' | 'weightGrams',
    label: string,
    min: number,
    hint: string,
    checksAgain?: 'tiers' | 'moq',
  ) => (
    <NumberField
      {...field(name, { valueAsNumber: true, deps: checksAgain && [checksAgain] })}
      label={label}
      step={1}
      min={min}
      required
      hint={hint}
    />
  );
  return (
    <>
      <TextField {...field('name')} label="Product Name" required maxLength={120} />
      <TextField
        {...field('sku')}
        label="SKU"
        required={!skuOptional}
        maxLength={40}
        autoCapitalize="characters"
        spellCheck={false}
        className="font-mono uppercase"
        hint={
          skuOptional
            ? 'Letters, digits, dots, dashes and underscores. Left empty, one is made from the name.'
            : 'Letters, digits, dots, dashes and underscores; unique in the catalogue'
        }
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberField
          {...field('price', { valueAsNumber: true, deps: ['tiers'] })}
          label="Price"
          step={0.01}
          min={0.01}
          required
          // The shop's own formatter shows how the number will read there.
          hint={`Per piece from the minimum order, in dollars: 12.5 shows as ${formatDollars(12.5)}`}
        />
        {pieces('stock', 'Stock', 0, stockHint)}
        {pieces(
          'moq',
          'Minimum order',
          1,
          "The fewest pieces one order may have (the shop's rule is 10)",
          'tiers',
        )}
        {pieces(
          'packSize',
          'Pack size',
          1,
          'Orders are a whole number of packs; 1 sells single pieces',
          'moq',
        )}
        {pieces(
          'weightGrams',
          'Weight (grams)',
          0,
          'One piece, packed; shipping by weight adds it up',
        )}
      </div>
      <PriceLadderFields idPrefix={idPrefix} form={form} />
      <div className="flex flex-col gap-1">
        <label htmlFor={id('desc')} className="font-medium">
          Product description
        </label>
        <textarea
          id={id('desc')}
          rows={4}
          maxLength={5000}
          className={`textarea w-full ${errors.desc ? 'textarea-error' : ''}`}
          aria-invalid={errors.desc ? true : undefined}
          aria-describedby={errors.desc ? `${id('desc')}-error` : undefined}
          {...register('desc')}
        />
        {errors.desc && (
          <p id={`${id('desc')}-error`} className="text-sm text-error">
            {errors.desc.message}
          </p>
        )}
      </div>
      <TextField
        {...field('img')}
        label="Product image link"
        inputMode="url"
        required
        placeholder="https://… or /images/…"
        hint="An http(s) link, or one of our images such as /images/products/chain-checker.svg"
      />
    </>
  );
}

const finite = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);

/** The price ladder: the first tier follows the minimum and Price; more tiers below it. */
function PriceLadderFields<Ctx, Out>({
  idPrefix,
  form,
}: {
  idPrefix: string;
  form: UseFormReturn<ProductFormValues, Ctx, Out>;
}) {
  const {
    control,
    getValues,
    formState: { errors },
  } = form;
  const field = fieldsOf(form, (name) => `${idPrefix}-${name}`);
  const { fields, append, remove } = useFieldArray({ control, name: 'tiers' });
  const [moq, price] = useWatch({ control, name: ['moq', 'price'] });
  const ladderError = errors.tiers?.message ?? errors.tiers?.root?.message;

  /** A new tier five times the last one's quantity, at its price: a start to edit. */
  const addTier = () => {
    const values = getValues();
    const last = withFirstTier(values).at(-1);
    const from = finite(last?.minQuantity) ? last.minQuantity * 5 : values.moq * 5;
    const packs = {
      moq: finite(values.moq) ? values.moq : 1,
      packSize: finite(values.packSize) ? values.packSize : 1,
    };
    append({
      minQuantity: finite(from) ? allowedQuantityAtLeast(packs, from) : Number.NaN,
      price: finite(last?.price) ? last.price : Number.NaN,
    });
  };

  return (
    <fieldset className="flex flex-col gap-3 rounded-box border border-base-300 p-4">
      <legend className="px-1 font-medium">Price ladder</legend>
      <p className="text-sm">
        Tier 1: from {finite(moq) ? `${moq} pieces` : 'the minimum order'} at{' '}
        {finite(price) && price > 0 ? formatDollars(price) : 'the Price'} each (the minimum order
        and the Price above).
      </p>
      {fields.map((tier, i) =>
        // The first entry is tier 1, shown above and filled in from the minimum and the Price.
        i === 0 ? null : (
          <RemovableRow
            key={tier.id}
            removeLabel={`Remove tier ${i + 1}`}
            onRemove={() => remove(i)}
            divided
          >
            <NumberField
              {...field(`tiers.${i}.minQuantity`, { valueAsNumber: true, deps: ['tiers'] })}
              id={`${idPrefix}-tier-${i}-from`}
              label={`Tier ${i + 1}: from quantity`}
              step={1}
              min={1}
              required
            />
            <NumberField
              {...field(`tiers.${i}.price`, { valueAsNumber: true, deps: ['tiers'] })}
              id={`${idPrefix}-tier-${i}-price`}
              label={`Tier ${i + 1}: price per piece`}
              step={0.01}
              min={0.01}
              required
            />
          </RemovableRow>
        ),
      )}
      <AddRow error={ladderError} disabled={fields.length >= MAX_TIERS} onAdd={addTier}>
        Add a price tier
      </AddRow>
    </fieldset>
  );
}
