import type { OrderLine } from '../../contract/orders.ts';
import { formatDollars } from '../../contract/money.ts';

/** The parts of one order as they were priced when it was placed. */
export function OrderLinesTable({ caption, lines }: { caption: string; lines: OrderLine[] }) {
  return (
    <table className="table table-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">SKU</th>
          <th scope="col">Name</th>
          <th scope="col" className="text-right">
            Quantity
          </th>
          <th scope="col" className="text-right">
            Unit price
          </th>
          <th scope="col" className="text-right">
            Line total
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line, i) => (
          // A deleted product leaves its line with no productId; the position stays unique.
          <tr key={`${i}-${line.sku}`}>
            <td className="font-mono text-xs whitespace-nowrap">{line.sku}</td>
            <th scope="row" className="font-normal">
              {line.name}
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
