import type { Availability } from './catalog.ts';

// Apart from stock-alerts.ts, without zod: the cards of the first paint ask it.

/**
 * Whether a part cannot be ordered now, so its page and card offer "Notify me" instead of
 * order buttons that would refuse. The one place this is decided: a part that can be
 * backordered (a later availability) is orderable and does not belong here.
 */
export const offersStockAlert = (part: { availability: Availability }) =>
  part.availability === 'out_of_stock';
