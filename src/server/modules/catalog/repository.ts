import { asc, count, eq, getTableColumns, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { likePattern } from '../../lib/paging.ts';

export type ProductRow = typeof products.$inferSelect;

/** `?q=`: a case-insensitive part of the name or of the SKU. */
const matching = (q?: string) =>
  q ? or(ilike(products.name, likePattern(q)), ilike(products.sku, likePattern(q))) : undefined;

/**
 * One page of products in name order. The page's ids come from the (name, id) index alone, and
 * only those rows are then read: with OFFSET, a plain query reads every skipped row from the
 * table, which at 100,000 products made the last pages slow.
 */
export async function listProducts(
  db: Db,
  { q, limit, offset }: { q?: string; limit: number; offset: number },
) {
  const page = db
    .select({ id: products.id })
    .from(products)
    .where(matching(q))
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
  const [row] = await db.select({ total: count() }).from(products).where(matching(q));
  return row?.total ?? 0;
}

export async function findProduct(db: Db, id: string) {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return row;
}

/** The product holding a SKU, whatever its case (the unique index is on upper(sku)). */
export async function findProductBySku(db: Db, sku: string) {
  const [row] = await db
    .select()
    .from(products)
    .where(sql`upper(${products.sku}) = ${sku.toUpperCase()}`);
  return row;
}

/** What an edit may write. Not the stock: that moves only through the ledger (stock/ledger.ts). */
export type ProductWrite = Partial<
  Pick<
    ProductRow,
    'sku' | 'name' | 'description' | 'priceCents' | 'moq' | 'packSize' | 'tiers' | 'imageUrl'
  >
>;

/**
 * Each admin write and its audit line commit together. A product starts with no stock; `open`
 * gives it its first, through the ledger, before the row is read back for the audit.
 */
export async function insertProductAudited(
  db: Db,
  values: Required<ProductWrite>,
  open: (tx: Db, id: string) => Promise<void>,
  audit: (tx: Db, row: ProductRow) => Promise<void>,
) {
  return db.transaction(async (txAny) => {
    const tx = txAny as unknown as Db;
    const [inserted] = await tx
      .insert(products)
      .values({ ...values, stock: 0 })
      .returning({ id: products.id });
    await open(tx, inserted!.id);
    const [row] = await tx.select().from(products).where(eq(products.id, inserted!.id));
    await audit(tx, row!);
    return row!;
  });
}

/**
 * Changes a product from what it is now: `change` sees the row locked against other writes
 * (another edit, a checkout reserving its stock) until the transaction ends, so what it merges
 * onto is what gets replaced. It may move the stock through the ledger in `tx` first, and may
 * throw to change nothing. Undefined when there is no such product.
 */
export async function updateProductAudited(
  db: Db,
  id: string,
  change: (tx: Db, current: ProductRow) => Promise<ProductWrite>,
  audit: (tx: Db, before: ProductRow, after: ProductRow) => Promise<void>,
) {
  return db.transaction(async (txAny) => {
    const tx = txAny as unknown as Db;
    // The lock an UPDATE takes anyway, taken before reading: it waits for reservations of this
    // product, yet lets cart and order lines that merely point at it be written meanwhile.
    const [current] = await tx
      .select()
      .from(products)
      .where(eq(products.id, id))
      .for('no key update');
    if (!current) return undefined;
    const write = await change(tx, current);
    const [row] = await tx
      .update(products)
      .set({ ...write, updatedAt: new Date() })
      .where(eq(products.id, id))
      .returning();
    await audit(tx, current, row!);
    return row!;
  });
}

/**
 * Deletes a product once `mayGo` (which throws to refuse) has looked under the product's row
 * lock. Every order placement takes that lock before it reserves, so an order placed meanwhile
 * is either committed and seen by `mayGo`, or waits and then finds the product gone.
 */
export async function deleteProductAudited(
  db: Db,
  id: string,
  audit: (tx: Db, row: ProductRow) => Promise<void>,
  mayGo: (tx: Db) => Promise<void> = async () => {},
) {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: products.id })
      .from(products)
      .where(eq(products.id, id))
      .for('update');
    if (!locked) return undefined;
    await mayGo(tx as unknown as Db);
    const [row] = await tx.delete(products).where(eq(products.id, id)).returning();
    if (row) await audit(tx as unknown as Db, row);
    return row;
  });
}
