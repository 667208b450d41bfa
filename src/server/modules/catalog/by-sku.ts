import { eq, sql } from 'drizzle-orm';
import type { TierCents } from '../../../contract/price-ladder.ts';
import type { Executor } from '../../db/client.ts';
import { products } from '../../db/schema.ts';

/** The products a file's lines name, by SKU (stored upper-case), with what an import compares. */
export function productsBySkus(db: Executor, skus: readonly string[]) {
  return db
    .select({
      id: products.id,
      sku: products.sku,
      stock: products.stock,
      priceCents: products.priceCents,
      tiers: products.tiers,
      moq: products.moq,
      packSize: products.packSize,
    })
    .from(products)
    .where(sql`upper(${products.sku}) = any(${sql.param([...skus])}::text[])`);
}

/** A product's list price and ladder, as a prices import sets them. */
export async function setListPrices(tx: Executor, id: string, tiers: readonly TierCents[]) {
  const first = tiers[0];
  if (!first) throw new Error('a ladder has a first rung');
  await tx
    .update(products)
    .set({ priceCents: first.priceCents, tiers: [...tiers], updatedAt: sql`now()` })
    .where(eq(products.id, id));
}
