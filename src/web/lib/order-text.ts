import type { Order } from '../../contract/orders.ts';

/** How people quote an order, on every page and in the mails: "Order #100234". */
export const orderRef = (order: Pick<Order, 'number'>) => `Order #${order.number}`;

// In the reader's own time zone: these pages are drawn in the browser, never on the server.
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dayAndTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const time = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' });

/** "Mar 14, 2026": when an order was placed, paid or shipped. */
export const dayText = (iso: string) => day.format(new Date(iso));

/**
 * When an unpaid order's hold ends: the time alone on the day it ends (holds last an hour by
 * default), with the date when that is another day.
 */
export function holdEndText(iso: string, now = new Date()) {
  const end = new Date(iso);
  return day.format(end) === day.format(now) ? time.format(end) : dayAndTime.format(end);
}

/** "Mar 14, 2026, 3:05 PM": a moment in an order's timeline. */
export const momentText = (iso: string) => dayAndTime.format(new Date(iso));
