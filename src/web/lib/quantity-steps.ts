import type { PriceTier } from '../../contract/catalog.ts';
import { dollarsToCents, formatDollars } from '../../contract/money.ts';
import {
  allowedQuantityAtLeast,
  nextTier,
  type QuantityRule,
} from '../../contract/price-ladder.ts';

/** A typed quantity as a number: NaN when the field is empty, so the rule names the mistake. */
export const draftQuantity = (draft: string) => (draft.trim() === '' ? Number.NaN : Number(draft));

/** Where − lands from `quantity`: the next allowed quantity below it, if any is left. */
export function stepDown({ moq, packSize }: QuantityRule, quantity: number) {
  const below = Math.floor((quantity - 1) / packSize) * packSize;
  return below >= moq ? below : undefined;
}

/** Where + lands from `quantity`: the next allowed quantity above it. */
export const stepUp = (rule: QuantityRule, quantity: number) =>
  allowedQuantityAtLeast(rule, quantity + 1);

/**
 * "order 50 for $2.99 each": the next tier above this quantity, at the first quantity of it
 * the part can be ordered in (a tier may start inside a pack).
 */
export function nextTierHint(rule: QuantityRule, tiers: readonly PriceTier[], quantity: number) {
  const tier = nextTier(
    tiers.map((t) => ({ minQuantity: t.minQuantity, priceCents: dollarsToCents(t.price) })),
    quantity,
  );
  if (!tier) return undefined;
  const at = allowedQuantityAtLeast(rule, tier.minQuantity);
  return `order ${at} for ${formatDollars(tier.priceCents / 100)} each`;
}
