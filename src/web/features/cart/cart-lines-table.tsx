import { Trash2 } from 'lucide-react';
import type { CartLine } from '../../../contract/cart.ts';
import { formatDollars } from '../../../contract/money.ts';
import { TableScroll } from '../../components/table-scroll.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { useRemoveCartLine, useSetCartLine } from './api.ts';
import { QuantityStepper } from './quantity-stepper.tsx';
import { nextTierHint } from './quantity-steps.ts';

export function CartLinesTable({ lines }: { lines: CartLine[] }) {
  return (
    <TableScroll label="Cart lines">
      <table className="table">
        <thead>
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
        <tbody>
          {lines.map((line) => (
            <CartLineRow key={line.productId} line={line} />
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function CartLineRow({ line }: { line: CartLine }) {
  const write = useSetCartLine();
  const remove = useRemoveCartLine();
  const rule = { moq: line.moq, packSize: line.packSize };
  // While a change is on its way, the row shows what was asked for.
  const quantity = write.isPending ? write.variables.quantity : line.quantity;
  const hint = nextTierHint(rule, line.tiers, quantity);
  const busy = write.isPending || remove.isPending;

  const removeLine = () => {
    if (remove.isPending) return;
    remove.mutate(line.productId, {
      onSuccess: () => notify('success', `${line.name} was taken out of your cart.`),
      onError: (error) => notify('error', errorMessage(error)),
    });
  };

  return (
    <tr aria-busy={busy || undefined}>
      <th scope="row" className="font-normal">
        <div className="flex min-w-48 items-center gap-3">
          <img
            src={line.img}
            alt=""
            width={48}
            height={48}
            loading="lazy"
            className="h-12 w-12 shrink-0 rounded-box bg-base-200 object-contain"
          />
          <span className="font-semibold">{line.name}</span>
        </div>
      </th>
      <td className="font-mono text-sm whitespace-nowrap">{line.sku}</td>
      <td className="min-w-36">
        <span className="font-medium">{formatDollars(line.unitPrice)}</span>
        {hint && <p className="text-xs text-base-content/70">{hint}</p>}
      </td>
      <td>
        <QuantityStepper
          name={line.name}
          rule={rule}
          quantity={quantity}
          stock={line.stock}
          pending={write.isPending}
          serverError={write.isError ? errorMessage(write.error) : null}
          onChange={(next) => write.mutate({ productId: line.productId, quantity: next })}
        />
        {/* The server's word on a line that cannot be checked out as it stands. */}
        {line.problem && <p className="mt-1 max-w-56 text-sm text-error">{line.problem}</p>}
      </td>
      <td className="text-right font-semibold whitespace-nowrap">
        {write.isPending ? (
          <>
            <span className="loading loading-dots loading-sm" aria-hidden="true" />
            <span className="sr-only">Updating</span>
          </>
        ) : (
          formatDollars(line.lineTotal)
        )}
      </td>
      <td>
        <button
          type="button"
          className="btn btn-sm btn-ghost text-error"
          aria-label={`Remove ${line.name}`}
          aria-disabled={remove.isPending || undefined}
          onClick={removeLine}
        >
          {remove.isPending ? (
            <span className="loading loading-spinner loading-xs" aria-hidden="true" />
          ) : (
            <Trash2 size={16} aria-hidden="true" />
          )}
          Remove
        </button>
      </td>
    </tr>
  );
}
