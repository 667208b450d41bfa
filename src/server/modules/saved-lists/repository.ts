import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { products, savedListLines, savedLists } from '../../db/schema.ts';

/** Whose lists: the account's own, and its company's shared ones. */
export type ListScope = { userId: string; companyId?: string | undefined };

const inScope = ({ userId, companyId }: ListScope) =>
  companyId
    ? or(eq(savedLists.userId, userId), eq(savedLists.companyId, companyId))
    : eq(savedLists.userId, userId);

/** The lists in scope, with how many lines and pieces each holds; last changed first. */
export async function listsInScope(db: Executor, scope: ListScope) {
  return db
    .select({
      id: savedLists.id,
      name: savedLists.name,
      companyId: savedLists.companyId,
      createdByName: savedLists.createdByName,
      updatedAt: savedLists.updatedAt,
      lineCount: sql<number>`count(${savedListLines.productId})::int`,
      pieces: sql<number>`coalesce(sum(${savedListLines.quantity}), 0)::int`,
    })
    .from(savedLists)
    .leftJoin(savedListLines, eq(savedListLines.listId, savedLists.id))
    .where(inScope(scope))
    .groupBy(savedLists.id)
    .orderBy(desc(savedLists.updatedAt), asc(savedLists.id));
}

// Any constant: the key space of the lock on one owner's lists (the cart's uses another).
const LISTS_LOCK = 724_334;

/**
 * Lines up list-making in one scope until the transaction ends (the company's, for a member:
 * its shared lists count for every member), so the count checked against the cap holds.
 */
export async function lockListScope(tx: Executor, { userId, companyId }: ListScope) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${LISTS_LOCK}, hashtext(${companyId ?? userId}))`,
  );
}

export async function countListsInScope(db: Executor, scope: ListScope) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(savedLists)
    .where(inScope(scope));
  return row?.n ?? 0;
}

export type ListRow = typeof savedLists.$inferSelect;

/** One list; `lock`: held until the transaction ends, so its line count stays true. */
export async function findList(db: Executor, id: string, { lock = false } = {}) {
  const query = db.select().from(savedLists).where(eq(savedLists.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertList(db: Executor, values: typeof savedLists.$inferInsert) {
  const [row] = await db.insert(savedLists).values(values).returning();
  if (!row) throw new Error('saved list insert returned nothing');
  return row;
}

export async function updateList(
  db: Executor,
  id: string,
  set: Partial<Pick<ListRow, 'name' | 'userId' | 'companyId'>>,
) {
  const [row] = await db
    .update(savedLists)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(savedLists.id, id))
    .returning();
  return row;
}

export async function deleteList(db: Executor, id: string) {
  await db.delete(savedLists).where(eq(savedLists.id, id));
}

/** The list's lines with their parts as sold today (null columns: the part is gone). */
export async function linesOfList(db: Executor, listId: string) {
  return db
    .select({
      productId: savedListLines.productId,
      sku: savedListLines.sku,
      name: savedListLines.name,
      quantity: savedListLines.quantity,
      live: { name: products.name, sku: products.sku },
      img: products.imageUrl,
      moq: products.moq,
      packSize: products.packSize,
      stock: products.stock,
    })
    .from(savedListLines)
    .leftJoin(products, eq(products.id, savedListLines.productId))
    .where(eq(savedListLines.listId, listId))
    .orderBy(asc(savedListLines.createdAt), asc(savedListLines.sku));
}

export async function productIdsOfList(db: Executor, listId: string) {
  const rows = await db
    .select({ productId: savedListLines.productId })
    .from(savedListLines)
    .where(eq(savedListLines.listId, listId));
  return rows.map((row) => row.productId);
}

/** Parts by id, for the SKU and name a line keeps. */
export async function partsByIds(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: products.id, sku: products.sku, name: products.name })
    .from(products)
    .where(inArray(products.id, ids));
}

/** Parts by SKU, whatever the case it was typed in (SKUs are stored upper-case). */
export async function partsBySkus(db: Executor, skus: string[]) {
  if (skus.length === 0) return [];
  return db
    .select({ id: products.id, sku: products.sku, name: products.name })
    .from(products)
    .where(
      inArray(
        sql`upper(${products.sku})`,
        skus.map((s) => s.toUpperCase()),
      ),
    );
}

export type NewLine = { productId: string; sku: string; name: string; quantity: number };

// Lines saved together keep the order they were given in: a microsecond apart.
export async function upsertLines(db: Executor, listId: string, lines: NewLine[]) {
  if (lines.length === 0) return;
  await db
    .insert(savedListLines)
    .values(
      lines.map((line, i) => ({
        listId,
        ...line,
        createdAt: sql`clock_timestamp() + ${i} * interval '1 microsecond'`,
      })),
    )
    .onConflictDoUpdate({
      target: [savedListLines.listId, savedListLines.productId],
      set: {
        quantity: sql`excluded.quantity`,
        sku: sql`excluded.sku`,
        name: sql`excluded.name`,
        updatedAt: sql`now()`,
      },
    });
  await touchList(db, listId);
}

export async function deleteLine(db: Executor, listId: string, productId: string) {
  await db
    .delete(savedListLines)
    .where(and(eq(savedListLines.listId, listId), eq(savedListLines.productId, productId)));
  await touchList(db, listId);
}

const touchList = (db: Executor, id: string) =>
  db
    .update(savedLists)
    .set({ updatedAt: sql`now()` })
    .where(eq(savedLists.id, id));
