import { asc, count, eq, ilike } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { likePattern } from '../../lib/paging.ts';

export type ProductRow = typeof products.$inferSelect;

export async function listProducts(
  db: Db,
  { q, limit, offset }: { q?: string; limit: number; offset: number },
) {
  const where = q ? ilike(products.name, likePattern(q)) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(products)
      .where(where)
      .orderBy(asc(products.name), asc(products.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(products).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function findProduct(db: Db, id: string) {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return row;
}
