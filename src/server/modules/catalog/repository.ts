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

type ProductWrite = Partial<
  Pick<ProductRow, 'name' | 'description' | 'priceCents' | 'stock' | 'imageUrl'>
>;

/** Each admin write and its audit line commit together. */
export async function insertProductAudited(
  db: Db,
  values: Required<ProductWrite>,
  audit: (tx: Db, row: ProductRow) => Promise<void>,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(products).values(values).returning();
    await audit(tx as unknown as Db, row!);
    return row!;
  });
}

export async function updateProductAudited(
  db: Db,
  id: string,
  changes: ProductWrite,
  audit: (tx: Db, row: ProductRow) => Promise<void>,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(products)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(products.id, id))
      .returning();
    if (row) await audit(tx as unknown as Db, row);
    return row;
  });
}

export async function deleteProductAudited(
  db: Db,
  id: string,
  audit: (tx: Db, row: ProductRow) => Promise<void>,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(products).where(eq(products.id, id)).returning();
    if (row) await audit(tx as unknown as Db, row);
    return row;
  });
}
