import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import type { PriceTier } from '../../../contract/catalog.ts';
import { MAX_TIERS } from '../../../contract/product-input.ts';
import type { CompanyPricesInput } from '../../../contract/company-prices.ts';
import { formatDollars } from '../../../contract/money.ts';
import { TextField } from '../../components/form-fields.tsx';

/** One product's own ladder as the form holds it, named for people beside its list ladder. */
export type LadderValues = {
  productId: string;
  sku: string;
  name: string;
  tiers: PriceTier[];
  listTiers: PriceTier[];
};

export type DealerValues = { discountPercent: number; products: LadderValues[] };

export type DealerForm = UseFormReturn<DealerValues, unknown, CompanyPricesInput>;

/** "10+ at $5.00, 50+ at $4.50": the list ladder the company's own one replaces. */
export const ladderText = (tiers: readonly PriceTier[]) =>
  tiers.map((t) => `${t.minQuantity}+ at ${formatDollars(t.price)}`).join(', ');

const finite = (n: number | undefined): n is number => typeof n === 'number' && Number.isFinite(n);

/** A new rung to edit: five times the last one's quantity, at its price (never NaN in a box). */
function nextTier(tiers: PriceTier[]): PriceTier {
  const last = tiers.at(-1);
  return {
    minQuantity: finite(last?.minQuantity) ? last.minQuantity * 5 : 10,
    price: finite(last?.price) ? last.price : 1,
  };
}

/** A product's own ladder: from which quantity which unit price, with its rungs to add and remove. */
export function DealerLadder({
  form,
  index,
  onRemove,
}: {
  form: DealerForm;
  index: number;
  onRemove: () => void;
}) {
  const {
    control,
    register,
    getValues,
    formState: { errors },
  } = form;
  const { fields, append, remove } = useFieldArray({ control, name: `products.${index}.tiers` });
  const product = getValues(`products.${index}`);
  const problems = errors.products?.[index];
  const ladderError = problems?.tiers?.message ?? problems?.tiers?.root?.message;
  const id = (part: string) => `dealer-${index}-${part}`;

  return (
    <li className="flex flex-col gap-3 rounded-box bg-base-200/60 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium wrap-anywhere">{product.name}</p>
          <p className="text-sm text-base-content/80">
            <span className="font-mono text-xs">SKU {product.sku}</span> · List:{' '}
            {ladderText(product.listTiers)}
          </p>
        </div>
        <button
          type="button"
          className="btn btn-outline btn-error btn-sm"
          aria-label={`Remove the own prices of ${product.name}`}
          onClick={onRemove}
        >
          Remove
        </button>
      </div>
      {fields.map((field, i) => (
        <div key={field.id} className="grid grid-cols-[1fr_1fr_auto] items-start gap-3 sm:max-w-xl">
          <TextField
            id={id(`tier-${i}-quantity`)}
            label={`Tier ${i + 1}: from quantity`}
            type="number"
            inputMode="numeric"
            step={1}
            min={1}
            required
            registration={register(`products.${index}.tiers.${i}.minQuantity`, {
              valueAsNumber: true,
            })}
            error={problems?.tiers?.[i]?.minQuantity?.message}
          />
          <TextField
            id={id(`tier-${i}-price`)}
            label={`Tier ${i + 1}: unit price ($)`}
            type="number"
            inputMode="decimal"
            step={0.01}
            min={0.01}
            required
            registration={register(`products.${index}.tiers.${i}.price`, { valueAsNumber: true })}
            error={problems?.tiers?.[i]?.price?.message}
          />
          <button
            type="button"
            className="btn btn-ghost btn-sm mt-8"
            aria-label={`Remove tier ${i + 1} of ${product.name}`}
            disabled={fields.length === 1}
            onClick={() => remove(i)}
          >
            Remove
          </button>
        </div>
      ))}
      {ladderError && <p className="text-sm text-error">{ladderError}</p>}
      <div>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          disabled={fields.length >= MAX_TIERS}
          aria-label={`Add a tier to ${product.name}`}
          onClick={() => append(nextTier(getValues(`products.${index}.tiers`)))}
        >
          Add a tier
        </button>
      </div>
    </li>
  );
}
