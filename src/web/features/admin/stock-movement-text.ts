import type { StockMovement, StockReason } from '../../../contract/stock.ts';
import { groupDigits } from '../../../contract/number-text.ts';

/** A reason as the admin pages name it. */
export const stockReasonLabel: Record<StockReason, string> = {
  opening: 'Opening stock',
  reserved: 'Reserved by an order',
  released: 'Order deleted',
  expired: 'Order expired',
  received: 'Received',
  counted: 'Counted',
  damaged: 'Damaged',
  returned: 'Returned',
  correction: 'Correction',
};

/**
 * A movement's reason as it was: an order's stock given back says whether the order was
 * cancelled, rejected or deleted (issue 35: a cancelled order read "Order deleted").
 */
export function movementReason(movement: Pick<StockMovement, 'reason' | 'orderId' | 'orderState'>) {
  if (movement.reason !== 'released') return stockReasonLabel[movement.reason];
  if (movement.orderState === 'cancelled') return 'Order cancelled';
  if (movement.orderState === 'rejected') return 'Order rejected';
  // A live order gives back part of itself only by cancelling those parts.
  if (movement.orderState && movement.orderState !== 'deleted') return 'Order lines cancelled';
  return stockReasonLabel.released;
}

/** "#100001", or the id's first characters for a deleted order whose number was not kept. */
export const movementOrderText = (movement: Pick<StockMovement, 'orderId' | 'orderNumber'>) =>
  movement.orderNumber !== null
    ? `#${movement.orderNumber}`
    : movement.orderId && shortId(movement.orderId);

/** "+20", "−1,060": always signed, with a true minus sign, which reads apart from a dash. */
export const signedPieces = (delta: number) =>
  `${delta < 0 ? '\u2212' : '+'}${groupDigits(Math.abs(delta))}`;

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "Nov 24, 2026, 3:05 PM", in the browser's time zone. */
export const movementTime = (at: string) => when.format(new Date(at));

/** Ids are long: the first characters tell orders apart. */
export const shortId = (id: string) => id.slice(0, 8);
