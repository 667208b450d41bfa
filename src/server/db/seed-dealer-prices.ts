import { eq } from 'drizzle-orm';
import type { TierCents } from '../../contract/price-ladder.ts';
import type { Executor } from './client.ts';
import { companies, companyPrices, products } from './schema.ts';

/**
 * The demo company's negotiated prices: 10% off every list ladder, and its own ladder for the
 * chain it buys by the hundred (list 10+ $18.90 · 50+ $17.50 · 100+ $16.40).
 */
export const demoDealerPrices = {
  discountMilli: 10_000,
  own: [
    {
      sku: 'ECP-CH11-01',
      tiers: [
        { minQuantity: 10, priceCents: 1590 },
        { minQuantity: 50, priceCents: 1490 },
        { minQuantity: 100, priceCents: 1390 },
      ] satisfies TierCents[],
    },
  ],
};

/** Gives the demo company its dealer prices (called by the companies' seed, in its transaction). */
export async function seedDemoDealerPrices(tx: Executor, companyId: string) {
  await tx
    .update(companies)
    .set({ discountMilli: demoDealerPrices.discountMilli })
    .where(eq(companies.id, companyId));
  for (const { sku, tiers } of demoDealerPrices.own) {
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(eq(products.sku, sku));
    // An admin may have deleted the demo product: the discount still applies.
    if (!product) continue;
    await tx
      .insert(companyPrices)
      .values({ companyId, productId: product.id, tiers })
      .onConflictDoNothing();
  }
}
