import { Trash2 } from 'lucide-react';
import type { Ref } from 'react';
import type { CartLine } from '../../../contract/cart.ts';
import { formatDollars } from '../../../contract/money.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { useRemoveCartLine, useSetCartLine } from './api.ts';
import { Picture } from '../../components/picture.tsx';
import { QuantityStepper } from '../../components/quantity-stepper.tsx';
import { nextTierHint } from '../../lib/quantity-steps.ts';

type Drafts = {
  /** What is typed in each line's field and not saved yet, by product. */
  drafts: Readonly<Record<string, string>>;
  onDraft: (productId: string, draft: string | null) => void;
};

// Below the lg breakpoint the table is laid out as one card per line, every field in view: a
// phone cannot show six columns, and a table that scrolls sideways hides the quantity and the
// total. The markup stays a table, so its rows and headers mean the same at every width; the
// headers are then read out only, and each card names its numbers with generated labels.
const card = {
  table: 'max-lg:block',
  head: 'max-lg:sr-only',
  body: 'max-lg:flex max-lg:flex-col max-lg:gap-3',
  row: 'max-lg:grid max-lg:grid-cols-[minmax(0,1fr)_auto] max-lg:gap-x-4 max-lg:gap-y-2 max-lg:rounded-box max-lg:border max-lg:border-base-300 max-lg:bg-base-100 max-lg:p-4',
  cell: 'max-lg:border-b-0 max-lg:p-0',
  label:
    'max-lg:before:block max-lg:before:text-xs max-lg:before:font-medium max-lg:before:text-base-content/70',
};

export function CartLinesTable({
  lines,
  drafts,
  onDraft,
  rowRef,
}: {
  lines: CartLine[];
  /** A row to reach by script (the first one unfolded, to take focus), by its place. */
  rowRef?: (index: number) => Ref<HTMLTableRowElement> | undefined;
} & Drafts) {
  return (
    // Focusable and named: where the table is wider than the screen, the keyboard scrolls it.
    <div
      role="region"
      aria-label="Cart lines"
      tabIndex={0}
      className="lg:overflow-x-auto lg:rounded-box lg:border lg:border-base-300 lg:bg-base-100"
    >
      <table className={`table lg:table-sm ${card.table}`}>
        <thead className={card.head}>
          <tr>
            <th scope="col">Part</th>
            <th scope="col">SKU</th>
            <th scope="col">Unit price</th>
            <th scope="col">Quantity</th>
            <th scope="col" className="text-right">
              Line total
            </th>
            <th scope="col">
              <span className="sr-only">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody className={card.body}>
          {lines.map((line, index) => (
            <CartLineRow
              key={line.productId}
              rowRef={rowRef?.(index)}
              line={line}
              draft={drafts[line.productId] ?? null}
              onDraft={(draft) => onDraft(line.productId, draft)}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CartLineRow({
  line,
  draft,
  onDraft,
  rowRef,
}: {
  line: CartLine;
  rowRef?: Ref<HTMLTableRowElement>;
  draft: string | null;
  onDraft: (draft: string | null) => void;
}) {
  const write = useSetCartLine();
  const remove = useRemoveCartLine();
  const rule = { moq: line.moq, packSize: line.packSize };
  // While a change is on its way, the row shows what was asked for.
  const quantity = write.isPending ? write.variables.quantity : line.quantity;
  const hint = nextTierHint(rule, line.tiers, quantity);
  const busy = write.isPending || remove.isPending;

  const removeLine = () => {
    if (remove.isPending) return;
    // What was typed for a line going away is moot.
    onDraft(null);
    remove.mutate(line.productId, {
      onSuccess: () => notify('success', `${line.name} was taken out of your cart.`),
      onError: (error) => notify('error', errorMessage(error)),
    });
  };

  const save = (next: number) =>
    // The typed text stays in the field until the cart holds it: refused, it is still what
    // the field shows, with the refusal under it, and Checkout waits (checkout-holds.ts).
    write.mutate({ productId: line.productId, quantity: next }, { onSuccess: () => onDraft(null) });

  const changeDraft = (next: string | null) => {
    // Going back to the cart's quantity drops the refusal of the draft that went.
    if (next === null && write.isError) write.reset();
    onDraft(next);
  };

  return (
    <tr
      ref={rowRef}
      tabIndex={rowRef ? -1 : undefined}
      aria-busy={busy || undefined}
      className={card.row}
    >
      <th scope="row" className={`font-normal ${card.cell} max-lg:col-start-1 max-lg:row-start-1`}>
        <div className="flex items-center gap-3 lg:min-w-48">
          <Picture
            src={line.img}
            width={48}
            height={48}
            className="h-12 w-12 shrink-0 rounded-box bg-base-200 object-contain"
          />
          <span className="font-semibold">{line.name}</span>
        </div>
      </th>
      <td
        className={`font-mono text-sm whitespace-nowrap ${card.cell} max-lg:col-span-2 max-lg:before:font-sans max-lg:before:content-['SKU_']`}
      >
        {line.sku}
      </td>
      <td
        className={`lg:min-w-36 ${card.cell} max-lg:col-span-2 max-lg:before:content-['Unit_price_']`}
      >
        <span className="font-medium">{formatDollars(line.unitPrice)}</span>
        {hint && <p className="text-xs text-base-content/70">{hint}</p>}
      </td>
      <td className={`${card.cell} max-lg:col-start-1`}>
        <QuantityStepper
          name={line.name}
          rule={rule}
          quantity={quantity}
          draft={draft}
          // A part that allows backorders takes more than its stock: the rest waits.
          stock={line.backorderAllowed ? Number.MAX_SAFE_INTEGER : line.stock}
          pending={write.isPending}
          serverError={write.isError ? errorMessage(write.error) : null}
          onDraft={changeDraft}
          onChange={save}
        />
        {/* The server's word on a line that cannot be checked out as it stands. */}
        {line.problem && <p className="mt-1 max-w-56 text-sm text-error">{line.problem}</p>}
        {line.backordered > 0 && (
          <p className="mt-1 max-w-56 text-sm">
            {line.quantity - line.backordered > 0
              ? `${line.quantity - line.backordered} in stock now; `
              : 'None in stock now; '}
            {line.backordered} on backorder, shipped when it arrives
          </p>
        )}
      </td>
      <td
        className={`text-right font-semibold whitespace-nowrap ${card.cell} ${card.label} max-lg:col-start-2 max-lg:before:content-['Line_total']`}
      >
        {write.isPending ? (
          <>
            <span className="loading loading-dots loading-sm" aria-hidden="true" />
            <span className="sr-only">Updating</span>
          </>
        ) : (
          formatDollars(line.lineTotal)
        )}
      </td>
      <td className={`${card.cell} max-lg:col-start-2 max-lg:row-start-1 max-lg:justify-self-end`}>
        <button
          type="button"
          className="btn btn-sm btn-ghost text-error"
          aria-label={`Remove ${line.name}`}
          title={`Remove ${line.name}`}
          aria-disabled={remove.isPending || undefined}
          onClick={removeLine}
        >
          {remove.isPending ? (
            <span className="loading loading-spinner loading-xs" aria-hidden="true" />
          ) : (
            <Trash2 size={16} aria-hidden="true" />
          )}
          {/* Beside the cart's summary column the table has no room for the word: the bin says it. */}
          <span className="lg:hidden">Remove</span>
        </button>
      </td>
    </tr>
  );
}
