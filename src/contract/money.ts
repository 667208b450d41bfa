// Kept free of zod so the first paint of the storefront does not load it.
import { groupDigits } from './number-text.ts';

/** Money travels as dollars with at most two decimals; the database keeps cents. */
export const centsToDollars = (cents: number) => cents / 100;
export const dollarsToCents = (dollars: number) => Math.round(dollars * 100);

/** "$1,234.50", as en-US writes dollars (to the cent). */
export function formatDollars(dollars: number) {
  const cents = Math.round(Math.abs(dollars) * 100);
  const text = `$${groupDigits(Math.floor(cents / 100))}.${String(cents % 100).padStart(2, '0')}`;
  return dollars < 0 && cents > 0 ? `-${text}` : text;
}
