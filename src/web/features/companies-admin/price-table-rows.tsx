import { useEffect, useRef } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import type { PriceTableRow } from '../../../contract/company-price-table.ts';
import type { PriceTier } from '../../../contract/catalog.ts';
import { ladderText } from '../../../contract/price-ladder.ts';
import { MAX_TIERS } from '../../../contract/product-input.ts';
import { useRowAnswer } from './price-table-action.ts';

// The dealer-price table's rows: one line a product on a desktop, a card of labelled lines on a
// phone (below md). Edit opens the row's ladder in place: a plain form posted to the page's
// action, so it works before and without the script.

type RowProps = {
  row: PriceTableRow;
  discountPercent: number;
  editing: boolean;
  /** The address of the table with this row opened for editing, and with none open. */
  editHref: string;
  closeHref: string;
};

/** "Dealer price" as the row states it: its own ladder, the list less the discount, or the list. */
function DealerCell({ row, discountPercent }: Pick<RowProps, 'row' | 'discountPercent'>) {
  if (row.ownTiers) {
    return (
      <>
        <span className="tabular-nums">{ladderText(row.ownTiers)}</span>{' '}
        <span className="badge badge-sm badge-primary whitespace-nowrap">Own ladder</span>
      </>
    );
  }
  if (discountPercent > 0) {
    return (
      <>
        <span className="tabular-nums">{ladderText(row.tiers)}</span>{' '}
        <span className="text-xs whitespace-nowrap text-base-content/80">
          List less {discountPercent}%
        </span>
      </>
    );
  }
  return <span className="text-base-content/80">List price</span>;
}

const phoneLabel = (text: string) => (
  <span className="block text-xs font-medium text-base-content/80 md:hidden">{text}</span>
);

export function PriceTable({
  rows,
  discountPercent,
  editingId,
  hrefs,
}: {
  rows: PriceTableRow[];
  discountPercent: number;
  editingId: string | null;
  hrefs: { edit: (productId: string) => string; close: string };
}) {
  return (
    <table className="table table-sm max-md:block">
      <thead className="max-md:hidden">
        <tr>
          <th scope="col">Product</th>
          <th scope="col">Category</th>
          <th scope="col">List price</th>
          <th scope="col">Dealer price</th>
          <th scope="col">
            <span className="sr-only">Edit</span>
          </th>
        </tr>
      </thead>
      <tbody className="max-md:flex max-md:flex-col max-md:gap-3">
        {rows.map((row) => (
          <PriceRow
            key={row.productId}
            row={row}
            discountPercent={discountPercent}
            editing={row.productId === editingId}
            editHref={hrefs.edit(row.productId)}
            closeHref={hrefs.close}
          />
        ))}
      </tbody>
    </table>
  );
}

function PriceRow(props: RowProps) {
  const { row, discountPercent, editing, editHref } = props;
  if (editing) return <EditRow {...props} />;
  return (
    <tr
      className="max-md:flex max-md:flex-col max-md:gap-1 max-md:rounded-box max-md:border max-md:border-base-300 max-md:p-3"
      aria-label={`${row.name} (${row.sku})`}
    >
      <td className="max-md:p-0">
        <span className="font-medium wrap-anywhere">{row.name}</span>
        <span className="block font-mono text-xs">SKU {row.sku}</span>
      </td>
      <td className="max-md:p-0">
        {phoneLabel('Category')}
        {row.category ?? <span className="text-base-content/60">None</span>}
      </td>
      <td className="tabular-nums max-md:p-0">
        {phoneLabel('List price')}
        {ladderText(row.listTiers)}
      </td>
      <td className="max-md:p-0">
        {phoneLabel('Dealer price')}
        <DealerCell row={row} discountPercent={discountPercent} />
      </td>
      <td className="text-right max-md:p-0 max-md:pt-1 max-md:text-left">
        <Link
          to={editHref}
          preventScrollReset
          className="btn btn-outline btn-sm"
          aria-label={`Edit the dealer price of ${row.name}`}
        >
          Edit
        </Link>
      </td>
    </tr>
  );
}

/** The rungs the form starts with: as typed when refused, else the own ladder (or what it pays). */
function startingRungs(row: PriceTableRow, typed?: { minQuantity: string[]; price: string[] }) {
  const rungs: { minQuantity: string; price: string }[] = typed
    ? typed.minQuantity.map((q, i) => ({ minQuantity: q, price: typed.price[i] ?? '' }))
    : (row.ownTiers ?? row.tiers).map((t: PriceTier) => ({
        minQuantity: String(t.minQuantity),
        price: t.price.toFixed(2),
      }));
  const filled = rungs.filter((r) => r.minQuantity !== '' || r.price !== '');
  // Two blank rungs to add tiers without script; a blank rung is no rung.
  const blanks = Math.max(0, Math.min(MAX_TIERS, filled.length + 2) - filled.length);
  return [...filled, ...Array.from({ length: blanks }, () => ({ minQuantity: '', price: '' }))];
}

function EditRow({ row, closeHref }: RowProps) {
  const answer = useRowAnswer(row.productId);
  const navigation = useNavigation();
  const saving =
    navigation.state === 'submitting' && navigation.formData?.get('productId') === row.productId;
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  const rungs = startingRungs(row, answer);
  const id = (part: string) => `price-${row.productId}-${part}`;
  return (
    <tr className="bg-base-200/60 max-md:block max-md:rounded-box">
      <td colSpan={5} className="max-md:block">
        <Form
          method="post"
          preventScrollReset
          aria-label={`Dealer price of ${row.name}`}
          className="flex flex-col gap-3"
        >
          <input type="hidden" name="productId" value={row.productId} />
          <input type="hidden" name="sku" value={row.sku} />
          <input type="hidden" name="tiersWas" value={JSON.stringify(row.ownTiers)} />
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 font-medium wrap-anywhere">
              {row.name} <span className="font-mono text-xs">SKU {row.sku}</span>
            </legend>
            <p className="text-sm text-base-content/80">
              List: {ladderText(row.listTiers)}. Leave a tier blank to drop it.
            </p>
            {rungs.map((rung, i) => (
              <div key={i} className="grid grid-cols-2 gap-2 sm:max-w-md">
                <label htmlFor={id(`tier-${i}-quantity`)} className="flex flex-col gap-1 text-sm">
                  Tier {i + 1}: from quantity
                  <input
                    ref={i === 0 ? first : undefined}
                    id={id(`tier-${i}-quantity`)}
                    name="minQuantity"
                    type="number"
                    inputMode="numeric"
                    min={1}
                    step={1}
                    defaultValue={rung.minQuantity}
                    className="input input-sm w-full"
                  />
                </label>
                <label htmlFor={id(`tier-${i}-price`)} className="flex flex-col gap-1 text-sm">
                  Tier {i + 1}: unit price ($)
                  <input
                    id={id(`tier-${i}-price`)}
                    name="price"
                    type="number"
                    inputMode="decimal"
                    min={0.01}
                    step={0.01}
                    defaultValue={rung.price}
                    className="input input-sm w-full"
                  />
                </label>
              </div>
            ))}
          </fieldset>
          {answer && (
            <p role="alert" className="text-sm text-error">
              {answer.message}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <button
              type="submit"
              name="intent"
              value="save"
              className="btn btn-primary btn-sm"
              disabled={saving}
            >
              Save
            </button>
            {row.ownTiers && (
              <button
                type="submit"
                name="intent"
                value="clear"
                className="btn btn-outline btn-sm"
                disabled={saving}
              >
                Back to list price
              </button>
            )}
            <Link to={closeHref} preventScrollReset className="btn btn-ghost btn-sm">
              Cancel
            </Link>
          </div>
        </Form>
      </td>
    </tr>
  );
}
