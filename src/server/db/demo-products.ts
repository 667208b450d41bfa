import { sql } from 'drizzle-orm';
import { demoSeed, moveStock } from '../modules/stock/ledger.ts';
import type { Executor } from './client.ts';
import { products } from './schema.ts';

/** A demo product's row, with the stock it opens with. */
export type DemoProduct = Omit<typeof products.$inferInsert, 'stock' | 'createdAt'> & {
  stock: number;
};

/**
 * Inserts demo products, the i-th `minutesAgo(i)` minutes old (so "newest first" is a stable,
 * believable order), and gives each its stock through the ledger, as every product's first
 * stock is. A SKU already there is left as it is. Answers the new products' ids by SKU.
 */
export async function insertDemoProducts(
  tx: Executor,
  parts: readonly DemoProduct[],
  minutesAgo: (i: number) => number,
) {
  const inserted = await tx
    .insert(products)
    .values(
      parts.map(({ stock: _opening, ...row }, i) => ({
        ...row,
        stock: 0,
        createdAt: sql`now() - make_interval(mins => ${minutesAgo(i)})`,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: products.id, sku: products.sku });
  const opening = new Map(parts.map((p) => [p.sku, p.stock]));
  await moveStock(
    tx,
    inserted.map((p) => ({
      productId: p.id,
      delta: opening.get(p.sku) ?? 0,
      reason: 'opening' as const,
      actor: demoSeed,
    })),
  );
  return new Map(inserted.map((p) => [p.sku, p.id]));
}
