import type { OrderLine, PlacedOrderLine } from '../../contract/orders.ts';
import { formatDollars } from '../../contract/money.ts';
import { numeric, TableHead } from './data-table.tsx';

/** The parts of one order as they were priced when it was placed. */
export function OrderLinesTable({
  caption,
  lines,
}: {
  caption: string;
  lines: (OrderLine | PlacedOrderLine)[];
}) {
  return (
    <table className="table table-sm">
      <caption className="sr-only">{caption}</caption>
      <TableHead
        columns={['SKU', 'Name', numeric('Quantity'), numeric('Unit price'), numeric('Line total')]}
      />
      <tbody>
        {lines.map((line, i) => (
          // A deleted product leaves its line with no productId; the position stays unique.
          <tr key={`${i}-${line.sku}`}>
            <td className="font-mono text-xs whitespace-nowrap">{line.sku}</td>
            <th scope="row" className="font-normal">
              {line.name}
              <LineFate line={line} />
            </th>
            <td className="text-right">{line.quantity}</td>
            <td className="text-right">{formatDollars(line.unitPrice)}</td>
            <td className="text-right font-semibold">{formatDollars(line.lineTotal)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** What became of a placed order's pieces since: how many were cancelled. */
export function LineFate({ line }: { line: OrderLine | PlacedOrderLine }) {
  if (!('cancelled' in line) || line.cancelled === 0) return null;
  return <span className="block text-xs text-base-content/80">{line.cancelled} cancelled</span>;
}
