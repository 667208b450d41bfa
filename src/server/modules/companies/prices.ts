import { and, eq, inArray } from 'drizzle-orm';
import { dealerTiers } from '../../../contract/dealer-prices.ts';
import type { TierCents } from '../../../contract/price-ladder.ts';
import type { Executor } from '../../db/client.ts';
import { companies, companyPrices } from '../../db/schema.ts';

/** What a company's members are priced by: its discount and its own ladders, by product id. */
export type DealerPricing = { discountMilli: number; own: Map<string, TierCents[]> };

/**
 * A company's dealer pricing for the products about to be priced (only theirs are read: a cart
 * or a page of products, never the company's whole price list). An unknown company prices at
 * list. `known`: the discount as the caller just read it (with the membership), not read again.
 */
export async function readDealerPricing(
  db: Executor,
  companyId: string,
  productIds: readonly string[],
  known?: { discountMilli: number },
): Promise<DealerPricing> {
  const [company] = known
    ? [known]
    : await db
        .select({ discountMilli: companies.discountMilli })
        .from(companies)
        .where(eq(companies.id, companyId));
  const own = await ownLaddersFor(db, companyId, productIds);
  return { discountMilli: company?.discountMilli ?? 0, own };
}

/** The company's own ladders for these products (those it has one for), by product id. */
export async function ownLaddersFor(
  db: Executor,
  companyId: string,
  productIds: readonly string[],
) {
  const own = new Map<string, TierCents[]>();
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return own;
  const rows = await db
    .select({ productId: companyPrices.productId, tiers: companyPrices.tiers })
    .from(companyPrices)
    .where(and(eq(companyPrices.companyId, companyId), inArray(companyPrices.productId, ids)));
  for (const row of rows) own.set(row.productId, row.tiers);
  return own;
}

/** The ladder a product is sold by: its list ladder, or the company's dealer ladder for it. */
export function tiersFor(
  product: { id: string; tiers: TierCents[] },
  pricing?: DealerPricing,
): TierCents[] {
  if (!pricing) return product.tiers;
  return dealerTiers(product.tiers, pricing.own.get(product.id), pricing.discountMilli);
}
