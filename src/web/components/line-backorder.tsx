import type { ShownLine } from '../../contract/orders.ts';

/**
 * Under a placed order's line: "3 in stock, 9 on backorder" while it waits for stock, and how many
 * of its pieces were cancelled; nothing for a line with neither.
 */
export function LineBackorder({ line }: { line: ShownLine }) {
  return (
    <>
      {line.backordered ? (
        <span className="block text-xs text-base-content/80">
          {line.reserved ? `${line.reserved} in stock, ` : ''}
          {line.backordered} on backorder
        </span>
      ) : null}
      {line.cancelled ? (
        <span className="block text-xs text-base-content/80">{line.cancelled} cancelled</span>
      ) : null}
    </>
  );
}
