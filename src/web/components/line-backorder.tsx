import type { ShownLine } from '../../contract/orders.ts';

/** "3 in stock, 9 on backorder" under a line that waits for stock; nothing otherwise. */
export function LineBackorder({ line }: { line: ShownLine }) {
  if (!line.backordered) return null;
  const now = line.reserved ?? 0;
  return (
    <span className="block text-xs text-base-content/80">
      {now > 0 ? `${now} in stock, ` : ''}
      {line.backordered} on backorder
    </span>
  );
}
