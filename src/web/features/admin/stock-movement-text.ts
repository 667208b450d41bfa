import type { StockReason } from '../../../contract/stock.ts';
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

/** "+20", "−1,060": always signed, with a true minus sign, which reads apart from a dash. */
export const signedPieces = (delta: number) =>
  `${delta < 0 ? '\u2212' : '+'}${groupDigits(Math.abs(delta))}`;

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "Nov 24, 2026, 3:05 PM", in the browser's time zone. */
export const movementTime = (at: string) => when.format(new Date(at));

/** Ids are long: the first characters tell orders apart. */
export const shortId = (id: string) => id.slice(0, 8);
