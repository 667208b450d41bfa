import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { products, stockAlerts, users } from '../../db/schema.ts';

// Any constant: the key space of the lock on one account's alerts (others use other keys).
const ALERTS_LOCK = 724_335;

/** Lines up one account's new alerts until the transaction ends, so the cap's count holds. */
export async function lockAccountAlerts(tx: Executor, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${ALERTS_LOCK}, hashtext(${userId}))`);
}

export async function countWaiting(db: Executor, userId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(stockAlerts)
    .where(and(eq(stockAlerts.userId, userId), isNull(stockAlerts.firedAt)));
  return row?.n ?? 0;
}

/** The account's waiting alert for the part: written unless it exists. */
export async function insertWaiting(db: Executor, userId: string, productId: string) {
  await db
    .insert(stockAlerts)
    .values({ userId, productId })
    .onConflictDoNothing({
      target: [stockAlerts.userId, stockAlerts.productId],
      where: sql`${stockAlerts.firedAt} is null`,
    });
}

const waitingColumns = {
  id: stockAlerts.id,
  createdAt: stockAlerts.createdAt,
  productId: products.id,
  name: products.name,
  sku: products.sku,
  stock: products.stock,
};

/** The account's waiting alerts with their parts as they are now; one part, or all newest first. */
export async function waitingOf(db: Executor, userId: string, productId?: string) {
  return db
    .select(waitingColumns)
    .from(stockAlerts)
    .innerJoin(products, eq(products.id, stockAlerts.productId))
    .where(
      and(
        eq(stockAlerts.userId, userId),
        isNull(stockAlerts.firedAt),
        productId ? eq(stockAlerts.productId, productId) : undefined,
      ),
    )
    .orderBy(desc(stockAlerts.createdAt), asc(stockAlerts.id));
}

/** Ends the account's waiting alert for the part (or all of them); how many ended. */
export async function deleteWaiting(db: Executor, userId: string, productId?: string) {
  const rows = await db
    .delete(stockAlerts)
    .where(
      and(
        eq(stockAlerts.userId, userId),
        isNull(stockAlerts.firedAt),
        productId ? eq(stockAlerts.productId, productId) : undefined,
      ),
    )
    .returning({ id: stockAlerts.id });
  return rows.length;
}

/**
 * Fires every waiting alert of these parts, in the caller's transaction (the one that received
 * the stock): from then on each is a mail to send, and no longer waiting.
 */
export async function fireWaiting(tx: Executor, productIds: readonly string[]) {
  if (productIds.length === 0) return 0;
  const rows = await tx
    .update(stockAlerts)
    .set({ firedAt: sql`now()` })
    .where(and(inArray(stockAlerts.productId, [...productIds]), isNull(stockAlerts.firedAt)))
    .returning({ id: stockAlerts.id });
  return rows.length;
}

/** Fired alerts not yet with the job queue, oldest first, a batch at a time. */
export async function firedUnqueued(db: Executor, limit = 200) {
  return db
    .select({ id: stockAlerts.id })
    .from(stockAlerts)
    .where(and(isNotNull(stockAlerts.firedAt), isNull(stockAlerts.queuedAt)))
    .orderBy(asc(stockAlerts.firedAt), asc(stockAlerts.id))
    .limit(limit);
}

export async function markQueued(db: Executor, id: string) {
  await db
    .update(stockAlerts)
    .set({ queuedAt: sql`now()` })
    .where(eq(stockAlerts.id, id));
}

/** A fired alert with what its mail says: the account and the part; undefined once mailed. */
export async function firedForMail(db: Executor, id: string) {
  const [row] = await db
    .select({
      id: stockAlerts.id,
      userId: users.id,
      email: users.email,
      userName: users.name,
      productId: products.id,
      name: products.name,
      sku: products.sku,
      stock: products.stock,
    })
    .from(stockAlerts)
    .innerJoin(users, eq(users.id, stockAlerts.userId))
    .innerJoin(products, eq(products.id, stockAlerts.productId))
    .where(and(eq(stockAlerts.id, id), isNotNull(stockAlerts.firedAt)));
  return row;
}

/** A mailed alert is done: gone, so it never mails again. */
export async function deleteAlert(db: Executor, id: string) {
  await db.delete(stockAlerts).where(eq(stockAlerts.id, id));
}

/** The part an alert would be about, with its stock; undefined when there is none. */
export async function partOf(db: Executor, productId: string) {
  const [row] = await db
    .select({ id: products.id, stock: products.stock })
    .from(products)
    .where(eq(products.id, productId));
  return row;
}
