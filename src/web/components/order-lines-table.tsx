import type { ShownLine } from '../../contract/orders.ts';
import { LineBackorder } from './line-backorder.tsx';
import { formatDollars } from '../../contract/money.ts';
import { numeric, TableHead } from './data-table.tsx';

/** The parts of one order as they were priced when it was placed. */
export function OrderLinesTable({ caption, lines }: { caption: string; lines: ShownLine[] }) {
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
            </th>
            <td className="text-right">
              {line.quantity}
              <LineBackorder line={line} />
            </td>
            <td className="text-right">{formatDollars(line.unitPrice)}</td>
            <td className="text-right font-semibold">{formatDollars(line.lineTotal)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
