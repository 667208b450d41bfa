import { and, asc, count, desc, eq, ilike, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { AllOrdersQuery } from '../../../contract/orders.ts';
import type { Db } from '../../db/client.ts';
import { orderLines, orders, products } from '../../db/schema.ts';
import { likePattern } from '../../lib/paging.ts';
import type { HoldCaps } from './hold-caps.ts';
import { expirySweep, moveStock, type StockActor, type StockMove } from '../stock/ledger.ts';

export type OrderRow = typeof orders.$inferSelect;

export type OrderLineRow = typeof orderLines.$inferSelect;
export type OrderLimits = { holdMinutes: number; maxUnpaid: number } & HoldCaps;

// Any constant: the key space of the per-customer lock taken while an order is placed. (The
// two-number advisory locks never collide with the one-number lock the migrations take.)
const CUSTOMER_ORDERS_LOCK = 724_312;

/**
 * Lines up one customer's order placements and checkouts (nobody else's) until the
 * transaction ends, so the unpaid-order count, a checkout key's lookup and the insert that
 * follows cannot interleave with another of theirs.
 */
export async function lockCustomerOrders(tx: Db, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${CUSTOMER_ORDERS_LOCK}, hashtext(${userId}))`);
}

export const orderingColumns = {
  id: products.id,
  sku: products.sku,
  name: products.name,
  stock: products.stock,
  moq: products.moq,
  packSize: products.packSize,
  tiers: products.tiers,
};

export type OrderingProduct = { [K in keyof typeof orderingColumns]: ProductRow[K] };
type ProductRow = typeof products.$inferSelect;

/**
 * Locks these products until the transaction ends, always in id order: two checkouts over
 * overlapping products then queue one behind the other instead of deadlocking.
 */
export async function lockProducts(tx: Db, ids: string[]): Promise<OrderingProduct[]> {
  if (ids.length === 0) return [];
  return (
    tx
      .select(orderingColumns)
      .from(products)
      .where(inArray(products.id, ids))
      .orderBy(asc(products.id))
      // Not FOR UPDATE: a cart line's foreign key takes a KEY SHARE lock on its product, and a
      // stock change must not wait for (or deadlock with) a customer editing their cart.
      .for('no key update')
  );
}

export type NewOrder = {
  userId: string;
  email: string;
  userName: string;
  productId: string | null;
  productName: string;
  unitPriceCents: number | null;
  quantity: number;
  totalCents: number;
};

export type NewLine = Omit<OrderLineRow, 'orderId' | 'lineNo'>;

/** Writes an order and its lines; its hold ends `holdMinutes` from now on the database's clock. */
export async function insertOrderWithLines(
  tx: Db,
  order: NewOrder,
  lines: NewLine[],
  holdMinutes: number,
) {
  const [row] = await tx
    .insert(orders)
    .values({
      ...order,
      // The database's clock, the one the expiry sweep compares with.
      holdUntil: sql`now() + make_interval(secs => ${holdMinutes * 60})`,
    })
    .returning();
  const written = await tx
    .insert(orderLines)
    .values(lines.map((line, i) => ({ ...line, orderId: row!.id, lineNo: i + 1 })))
    .returning();
  return { row: row!, lines: written };
}

/** The lines of these orders, in order, read in one query. */
export async function linesOfOrders(db: Db, orderIds: string[]) {
  const byOrder = new Map<string, OrderLineRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.orderId), asc(orderLines.lineNo));
  for (const line of rows) {
    const list = byOrder.get(line.orderId) ?? [];
    list.push(line);
    byOrder.set(line.orderId, list);
  }
  return byOrder;
}

export async function findOrder(db: Db, id: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row;
}

/**
 * The orders an account placed. By account, never by email: an address can pass to a new
 * account once the old one is deleted, and the old account's orders are not the newcomer's.
 */
export async function listOrdersOf(db: Db, userId: string) {
  return db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt));
}

/**
 * Deletes an unpaid or expired order, atomically giving back the stock an unpaid one still
 * holds (an expired one gave it back already). Only while its payment intent is still the one
 * the caller made safe: undefined when the order was paid, or a new payment started, meanwhile.
 * The ledger names `actor` (the order's customer unless given) as who released the stock.
 */
export async function deleteOrderReturningStock(
  db: Db,
  id: string,
  paymentIntentId: string | null,
  audit?: (tx: Db, row: OrderRow) => Promise<void>,
  actor?: StockActor,
) {
  return db.transaction(async (tx) => {
    // Read before the delete takes them with it (order lines never change once written).
    const lines = (await linesOfOrders(tx as unknown as Db, [id])).get(id) ?? [];
    const [row] = await tx
      .delete(orders)
      .where(
        and(
          eq(orders.id, id),
          inArray(orders.status, ['unpaid', 'expired']),
          paymentIntentId === null
            ? isNull(orders.paymentIntentId)
            : eq(orders.paymentIntentId, paymentIntentId),
        ),
      )
      .returning();
    // RETURNING shows the row as deleted: expired by a sweep that won a race, it holds nothing.
    if (row?.status === 'unpaid') {
      const by = actor ?? { id: row.userId, name: row.email };
      await moveStock(tx as unknown as Db, liveMoves(lines, 'released', by));
    }
    if (row && audit) await audit(tx as unknown as Db, row);
    return row;
  });
}

/** The largest order number a search reads as one: beyond it, digits are only text. */
const MAX_NUMBER_DIGITS = 15;

/**
 * `?q=` of the admin list: "#100234" is that order only; bare digits are that order number or
 * text in the customer's email or name, as any other text is (case-insensitive).
 */
function ordersMatching(q: string | undefined) {
  if (!q) return undefined;
  const digits = /^#?\s*(\d+)$/.exec(q)?.[1];
  const byNumber =
    digits && digits.length <= MAX_NUMBER_DIGITS ? eq(orders.number, Number(digits)) : undefined;
  if (q.startsWith('#')) return byNumber ?? sql`false`;
  const text = likePattern(q);
  return or(byNumber, ilike(orders.email, text), ilike(orders.userName, text));
}

export async function listAllOrders(
  db: Db,
  {
    status,
    q,
    limit,
    offset,
  }: { status: AllOrdersQuery['status']; q?: string; limit: number; offset: number },
) {
  const where = and(status === 'all' ? undefined : eq(orders.status, status), ordersMatching(q));
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** Marks a paid, unshipped order shipped; undefined when it is not in that state. */
export async function markShippedAudited(
  db: Db,
  id: string,
  audit: (tx: Db, row: OrderRow) => Promise<void>,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(orders)
      .set({ status: 'shipped', shippedAt: new Date() })
      .where(and(eq(orders.id, id), eq(orders.status, 'paid')))
      .returning();
    if (row) await audit(tx as unknown as Db, row);
    return row;
  });
}

/** Stock to give back: the lines whose product still exists, each a movement of its order. */
const liveMoves = (
  lines: OrderLineRow[],
  reason: 'released' | 'expired',
  actor: StockActor,
): StockMove[] =>
  lines.flatMap(({ orderId, productId, quantity }) =>
    productId ? [{ productId, delta: quantity, reason, orderId, actor }] : [],
  );

const holdEnded = and(eq(orders.status, 'unpaid'), lte(orders.holdUntil, sql`now()`));

/** Whether any unpaid order's hold has ended: one look at a small partial index. */
export async function anyHoldEnded(db: Db) {
  const [row] = await db.select({ id: orders.id }).from(orders).where(holdEnded).limit(1);
  return row !== undefined;
}

/**
 * Expires up to `limit` unpaid orders whose hold has ended and gives their stock back, in one
 * transaction. The status change is conditional (`unpaid` to `expired`), so when several server
 * processes sweep at once each order is expired, and its stock returned, by exactly one of
 * them; rows another sweep (or a delete, or a payment) has locked are skipped, not waited for.
 */
export async function expireEndedHolds(db: Db, limit: number) {
  return db.transaction(async (tx) => {
    const due = tx
      .select({ id: orders.id })
      .from(orders)
      .where(holdEnded)
      .orderBy(asc(orders.holdUntil))
      .limit(limit)
      .for('update', { skipLocked: true });
    const expired = await tx
      .update(orders)
      .set({ status: 'expired' })
      .where(and(inArray(orders.id, due), holdEnded))
      .returning({ id: orders.id });
    const lines = await linesOfOrders(
      tx as unknown as Db,
      expired.map((o) => o.id),
    );
    await moveStock(
      tx as unknown as Db,
      liveMoves([...lines.values()].flat(), 'expired', expirySweep),
    );
    return expired;
  });
}

/** The numbers of the unpaid orders that hold this product (a line of theirs), lowest first. */
export async function unpaidOrderNumbersHolding(db: Db, productId: string) {
  const rows = await db
    .selectDistinct({ number: orders.number })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orderLines.productId, productId), eq(orders.status, 'unpaid')))
    .orderBy(asc(orders.number));
  return rows.map((r) => r.number);
}
