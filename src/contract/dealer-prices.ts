import { unitPriceCents, type TierCents } from './price-ladder.ts';

// A company's dealer prices, the one rule the server prices members' lines by and the tests
// check. Kept free of zod like price-ladder.ts.

/** A discount is kept in milli-percent: 12.5% = 12500, 100% = 100000. */
export const FULL_DISCOUNT_MILLI = 100_000;

/**
 * One list price less a discount, rounded half up to a cent (per unit: a line is this × its
 * quantity, never rounded again), and never below a cent: a dealer price of $0 would make a
 * free order. Integer arithmetic only: cents × 100000 stays far inside 2^53.
 */
export function discountedCents(listCents: number, discountMilli: number) {
  const kept = listCents * (FULL_DISCOUNT_MILLI - discountMilli);
  const rounded = Math.floor((2 * kept + FULL_DISCOUNT_MILLI) / (2 * FULL_DISCOUNT_MILLI));
  return Math.min(listCents, Math.max(1, rounded));
}

/**
 * The ladder a company's member is priced by: the company's own tiers for the product when it
 * has them, else every rung of the list ladder less the company's discount. Either way a member
 * never pays more than the list price for a quantity (a list price lowered after the own tiers
 * were agreed wins where it is lower), and the ladder starts where the list's does (the
 * product's minimum order), ascending, each rung cheaper than the one before.
 */
export function dealerTiers(
  list: readonly TierCents[],
  own: readonly TierCents[] | undefined,
  discountMilli: number,
): TierCents[] {
  const first = list[0];
  if (!first) return [];
  if (!own || own.length === 0) {
    if (discountMilli <= 0) return list.map((tier) => ({ ...tier }));
    return compact(
      list.map(({ minQuantity, priceCents }) => ({
        minQuantity,
        priceCents: discountedCents(priceCents, discountMilli),
      })),
    );
  }
  // Every quantity where either ladder changes, from the list's first rung up: the price there is
  // the lower of the two (own tiers that start above the minimum leave the list price below them).
  const starts = new Set([...list, ...own].map((tier) => tier.minQuantity));
  const merged = [...starts]
    .filter((quantity) => quantity >= first.minQuantity)
    .sort((a, b) => a - b)
    .map((minQuantity) => {
      const listCents = unitPriceCents(list, minQuantity) ?? first.priceCents;
      const ownCents = unitPriceCents(own, minQuantity) ?? listCents;
      return { minQuantity, priceCents: Math.min(listCents, ownCents) };
    });
  return compact(merged);
}

/** Drops rungs that price no lower than the one before (rounding can make neighbours equal). */
function compact(tiers: TierCents[]) {
  const kept: TierCents[] = [];
  for (const tier of tiers) {
    const before = kept[kept.length - 1];
    if (before && tier.priceCents >= before.priceCents) continue;
    kept.push(tier);
  }
  return kept;
}

/** A discount as admins type it (12.5) and as the database keeps it (12500). */
export const discountPercentToMilli = (percent: number) => Math.round(percent * 1000);
export const discountMilliToPercent = (milli: number) => milli / 1000;
