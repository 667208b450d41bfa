// Kept free of zod so the purchase page's summary can use it without the schema library.

export const MIN_ORDER_QUANTITY = 10;

/** Total in cents for a whole-number quantity (spec §5: quantity × price, whole part). */
export const orderTotalCents = (unitPriceCents: number, quantity: number) =>
  unitPriceCents * Math.trunc(quantity);
