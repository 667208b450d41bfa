import type { PriceTier } from '../../contract/catalog.ts';
import { formatDollars } from '../../contract/money.ts';

/** A price ladder in one line, as cards and pages show it: "10+ $3.33 · 50+ $2.99". */
export const ladderText = (tiers: readonly PriceTier[]) =>
  tiers.map((tier) => `${tier.minQuantity}+ ${formatDollars(tier.price)}`).join(' · ');

/** How a product is sold, in words: "Minimum 10" or "Minimum 36, in packs of 36". */
export const buyingRuleText = ({ moq, packSize }: { moq: number; packSize: number }) =>
  packSize > 1 ? `Minimum ${moq}, in packs of ${packSize}` : `Minimum ${moq}`;
