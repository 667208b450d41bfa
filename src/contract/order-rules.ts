// Kept free of zod so the purchase page's summary can use it without the schema library.

export const MIN_ORDER_QUANTITY = 10;

/** The purchase page's words for a quantity under the minimum: the spec's own for its 10. */
export const minimumMessage = (moq: number) =>
  moq === MIN_ORDER_QUANTITY
    ? 'Quantity must Be 10 or more'
    : `The minimum for this part is ${moq}`;

/**
 * The largest order total: the most Stripe charges in one USD payment ($999,999.99), which
 * also keeps every total well inside the database's integer columns.
 */
export const MAX_ORDER_TOTAL_CENTS = 99_999_999;

/** Total in cents for a whole-number quantity (spec §5: quantity × price, whole part). */
export const orderTotalCents = (unitPriceCents: number, quantity: number) =>
  unitPriceCents * Math.trunc(quantity);
