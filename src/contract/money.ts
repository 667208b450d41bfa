// Kept free of zod so the first paint of the storefront does not load it.

/** Money travels as dollars with at most two decimals; the database keeps cents. */
export const centsToDollars = (cents: number) => cents / 100;
export const dollarsToCents = (dollars: number) => Math.round(dollars * 100);

export const formatDollars = (dollars: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(dollars);
