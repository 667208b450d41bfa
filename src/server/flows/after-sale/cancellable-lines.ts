import type { OrderLineRow } from '../../modules/orders/repository.ts';

/** A line of an order, what of it has not shipped, and how much of that the caller may cancel. */
export type LineLeft = { line: OrderLineRow; unshipped: number; cancellable: number };

/**
 * What each line has left to cancel: the pieces neither shipped nor cancelled already. The shop
 * may cancel any of them; the buyer only pieces still waiting on backorder (the shop's shortfall,
 * not a change of mind after the price was set by the quantity).
 */
export function cancellableLines(
  lines: readonly OrderLineRow[],
  shipped: ReadonlyMap<number, number>,
  byShop: boolean,
): LineLeft[] {
  return lines.map((line) => {
    const unshipped = line.quantity - line.cancelled - (shipped.get(line.lineNo) ?? 0);
    return { line, unshipped, cancellable: byShop ? unshipped : 0 };
  });
}
