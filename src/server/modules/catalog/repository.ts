import { asc, count, eq, getTableColumns, ilike } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { likePattern } from '../../lib/paging.ts';

export type ProductRow = typeof products.$inferSelect;

/**
 * One page of products by name. The page's ids come from the (name, id) index alone, and only
 * those rows are then read: with OFFSET, a plain query reads every skipped row from the table,
 * which at 100,000 products made the last pages slow.
 */
export async function listProducts(
  db: Db,
  { q, limit, offset }: { q?: string; limit: number; offset: number },
) {
  const page = db
    .select({ id: products.id })
    .from(products)
    .where(q ? ilike(products.name, likePattern(q)) : undefined)
    .orderBy(asc(products.name), asc(products.id))
    .limit(limit)
    .offset(offset)
    .as('page');
  return db
    .select(getTableColumns(products))
    .from(products)
    .innerJoin(page, eq(products.id, page.id))
    .orderBy(asc(products.name), asc(products.id));
}

export async function countProducts(db: Db, q?: string) {
  const [row] = await db
    .select({ total: count() })
    .from(products)
    .where(q ? ilike(products.name, likePattern(q)) : undefined);
  return row?.total ?? 0;
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
