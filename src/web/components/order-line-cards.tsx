import type { OrderLine, PlacedOrderLine } from '../../contract/orders.ts';
import { formatDollars } from '../../contract/money.ts';
import { LineFate, OrderLinesTable } from './order-lines-table.tsx';
import { TableScroll } from './table-scroll.tsx';

/**
 * The parts of one order as OrderLinesTable shows them, as cards for a phone's width: each
 * part's quantity, unit price and line total stay in view without scrolling sideways.
 */
type Lines = { caption: string; lines: (OrderLine | PlacedOrderLine)[] };

export function OrderLineCards({ caption, lines }: Lines) {
  return (
    <ul aria-label={caption} className="flex flex-col gap-2">
      {lines.map((line, i) => (
        // A deleted product leaves its line with no productId; the position stays unique.
        <li key={`${i}-${line.sku}`} className="rounded-box bg-base-200/60 p-3 text-sm">
          <p className="font-medium wrap-anywhere">{line.name}</p>
          <p className="font-mono text-xs text-base-content/80">SKU {line.sku}</p>
          <LineFate line={line} />
          <dl className="mt-2 grid grid-cols-3 gap-2">
            <div>
              <dt className="text-xs text-base-content/80">Quantity</dt>
              <dd>{line.quantity}</dd>
            </div>
            <div>
              <dt className="text-xs text-base-content/80">Unit price</dt>
              <dd>{formatDollars(line.unitPrice)}</dd>
            </div>
            <div className="text-right">
              <dt className="text-xs text-base-content/80">Line total</dt>
              <dd className="font-semibold">{formatDollars(line.lineTotal)}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}

/**
 * An order's parts at any width: the table from md up (scrolling sideways if it must), the
 * cards below.
 */
export function OrderLines({ caption, lines }: Lines) {
  return (
    <>
      <div className="hidden md:block">
        <TableScroll label={caption}>
          <OrderLinesTable caption={caption} lines={lines} />
        </TableScroll>
      </div>
      <div className="md:hidden">
        <OrderLineCards caption={caption} lines={lines} />
      </div>
    </>
  );
}
