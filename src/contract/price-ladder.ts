import { centsToDollars, dollarsToCents, formatDollars } from './money.ts';

// The one price rule of the shop, used by the server, the web app and the tests. Kept free of
// zod so product cards can show a ladder without loading the schema library.

/** One rung of a price ladder, in cents: this unit price from this quantity up. */
export type TierCents = { minQuantity: number; priceCents: number };

/** What decides which quantities a product can be ordered in. */
export type QuantityRule = { moq: number; packSize: number };

/**
 * The unit price for a quantity: the price of the highest tier whose `minQuantity` is at most
 * the quantity. Below the first tier there is no price (the quantity is under the minimum).
 */
export function unitPriceCents(tiers: readonly TierCents[], quantity: number) {
  let price: number | undefined;
  for (const tier of tiers) {
    if (tier.minQuantity > quantity) break;
    price = tier.priceCents;
  }
  return price;
}

/** A line's total: unit cents × quantity, in whole cents, with no rounding anywhere. */
export const lineTotalCents = (unitCents: number, quantity: number) => unitCents * quantity;

/**
 * The unit price of a line made smaller before it is paid: the placed price moved by the step
 * the ladder takes between the two quantities, rounded up to the cent. Ordering 100 for the
 * 100-piece price and keeping 10 pays the 10-piece price; a price changed since the order was
 * placed changes nothing of it. Never below the placed price. `ladder`: the buyer's ladder
 * today; `undefined` (an agreed quote price, a part no longer sold) keeps the placed price.
 */
export function reducedUnitPriceCents(
  placedCents: number,
  ladder: readonly TierCents[] | undefined,
  placedQuantity: number,
  quantity: number,
) {
  const was = ladder && unitPriceCents(ladder, placedQuantity);
  const now = ladder && unitPriceCents(ladder, quantity);
  if (!was || now === undefined || now <= was) return placedCents;
  // In whole numbers, so no float rounding can take or add a cent.
  const scaled = BigInt(placedCents) * BigInt(now);
  return Number((scaled + BigInt(was) - 1n) / BigInt(was));
}

/** An order's total: the sum of its line totals. */
export const sumLineTotals = (lines: readonly { lineTotalCents: number }[]) =>
  lines.reduce((sum, line) => sum + line.lineTotalCents, 0);

/** The next tier above a quantity, if any: "order 50 for $2.99 each". */
export function nextTier(tiers: readonly TierCents[], quantity: number) {
  return tiers.find((tier) => tier.minQuantity > quantity);
}

/** Why a quantity cannot be ordered, in words that name the number; undefined when it can. */
export function quantityProblem({ moq, packSize }: QuantityRule, quantity: number) {
  if (!Number.isInteger(quantity) || quantity < 1) return 'Quantity must be a whole number';
  if (quantity < moq) return `The minimum for this part is ${moq}`;
  if (quantity % packSize !== 0) {
    const below = Math.floor(quantity / packSize) * packSize;
    const above = below + packSize;
    const tries = below >= moq ? `${below} or ${above}` : `${above}`;
    return `Sold in packs of ${packSize}: try ${tries}`;
  }
  return undefined;
}

/** The nearest quantity at or above the one asked for that can be ordered. */
export function allowedQuantityAtLeast({ moq, packSize }: QuantityRule, quantity: number) {
  const wanted = Math.max(Math.ceil(quantity), moq);
  return Math.ceil(wanted / packSize) * packSize;
}

/** The ladder as the API sends it (dollars), and back to cents as the database keeps it. */
export const ladderInDollars = (tiers: readonly TierCents[]) =>
  tiers.map(({ minQuantity, priceCents }) => ({ minQuantity, price: centsToDollars(priceCents) }));

export const ladderInCents = (tiers: readonly { minQuantity: number; price: number }[]) =>
  tiers.map(({ minQuantity, price }) => ({ minQuantity, priceCents: dollarsToCents(price) }));

/** Whether two ladders are the same rungs at the same prices, to the cent. */
export const sameLadder = (a: readonly TierCents[], b: readonly TierCents[]) =>
  a.length === b.length &&
  a.every((t, i) => t.minQuantity === b[i]?.minQuantity && t.priceCents === b[i]?.priceCents);

/** A price ladder in one line, as cards, pages and the audit trail show it: "10+ $3.33 · 50+ $2.99". */
export const ladderText = (tiers: readonly { minQuantity: number; price: number }[]) =>
  tiers.map((tier) => `${tier.minQuantity}+ ${formatDollars(tier.price)}`).join(' · ');
