import type { OrderLineRow } from '../../modules/orders/repository.ts';

/**
 * A line of an order and what of it has not shipped: reserved pieces still on the shelf
 * (`onShelf`) and pieces awaited on backorder (`awaited`); `cancellable` is how many of those
 * the caller may cancel.
 */
export type LineLeft = {
  line: OrderLineRow;
  onShelf: number;
  awaited: number;
  unshipped: number;
  cancellable: number;
};

/**
 * What each line has left to cancel. The shop may cancel any piece that has not shipped; the
 * buyer only pieces still awaited on backorder (the shop's shortfall, not a change of mind after
 * the price was set by the quantity).
 */
export function cancellableLines(
  lines: readonly OrderLineRow[],
  shipped: ReadonlyMap<number, number>,
  byShop: boolean,
): LineLeft[] {
  return lines.map((line) => {
    const onShelf = Math.max(0, line.reserved - (shipped.get(line.lineNo) ?? 0));
    const awaited = line.backordered;
    const unshipped = onShelf + awaited;
    return { line, onShelf, awaited, unshipped, cancellable: byShop ? unshipped : awaited };
  });
}

/** The pieces of a line to cancel, split: those awaited go first, then those on the shelf. */
export const splitCancel = (left: LineLeft, quantity: number) => {
  const awaited = Math.min(left.awaited, quantity);
  return { lineNo: left.line.lineNo, quantity, awaited, fromShelf: quantity - awaited };
};
