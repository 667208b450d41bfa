import { asc, count, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { products } from '../../db/schema.ts';

/** Parts at or under `at` pieces (LOW_STOCK_AT): how many, and the lowest few, fewest first. */
export async function lowStock(db: Executor, at: number, limit: number) {
  const low = lte(products.stock, at);
  const [counted, lowest] = await Promise.all([
    db.select({ n: count() }).from(products).where(low),
    db
      .select({ id: products.id, sku: products.sku, name: products.name, stock: products.stock })
      .from(products)
      .where(low)
      .orderBy(asc(products.stock), asc(products.sku))
      .limit(limit),
  ]);
  return { count: counted[0]?.n ?? 0, lowest };
}
