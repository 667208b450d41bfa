import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import { MAX_ORDER_TOTAL_CENTS } from '../../../contract/order-rules.ts';
import type { AllOrdersQuery } from '../../../contract/orders.ts';
import type { Db } from '../../db/client.ts';
import { orders, products } from '../../db/schema.ts';

export type OrderRow = typeof orders.$inferSelect;

type NewOrder = {
  productId: string;
  quantity: number;
  userId: string;
  email: string;
  userName: string;
};

export type OrderLimits = { holdMinutes: number; maxUnpaid: number };

// Any constant: the key space of the per-customer lock taken while an order is placed. (The
// two-number advisory locks never collide with the one-number lock the migrations take.)
const UNPAID_ORDERS_LOCK = 724_312;

/**
 * Reserves the stock and writes the order in one transaction, unless the customer already has
 * `maxUnpaid` orders holding stock. The customer's lock lines up their own orders (nobody
 * else's), so the count and the insert cannot interleave: 20 orders at once give exactly the
 * cap. The conditional decrement is the whole guard against overselling: it succeeds only
 * while enough stock is left, however many orders race for it.
 */
export async function insertOrderReservingStock(db: Db, order: NewOrder, limits: OrderLimits) {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${UNPAID_ORDERS_LOCK}, hashtext(${order.userId}))`,
    );
    const [held] = await tx
      .select({ n: count() })
      .from(orders)
      .where(
        and(
          eq(orders.userId, order.userId),
          eq(orders.status, 'unpaid'),
          gt(orders.holdUntil, sql`now()`),
        ),
      );
    if ((held?.n ?? 0) >= limits.maxUnpaid) return { placed: false, why: 'unpaid_cap' } as const;
    const [product] = await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${order.quantity}`, updatedAt: new Date() })
      .where(
        and(
          eq(products.id, order.productId),
          gte(products.stock, order.quantity),
          lte(sql`${products.priceCents}::bigint * ${order.quantity}`, MAX_ORDER_TOTAL_CENTS),
        ),
      )
      .returning({ name: products.name, priceCents: products.priceCents });
    if (!product) return { placed: false, why: 'stock' } as const;
    const [row] = await tx
      .insert(orders)
      .values({
        ...order,
        productName: product.name,
        unitPriceCents: product.priceCents,
        totalCents: product.priceCents * order.quantity,
        // The database's clock, the one the expiry sweep compares with.
        holdUntil: sql`now() + make_interval(secs => ${limits.holdMinutes * 60})`,
      })
      .returning();
    return { placed: true, row: row! } as const;
  });
}

export async function findOrder(db: Db, id: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row;
}

export async function listOrdersOf(db: Db, email: string) {
  return db.select().from(orders).where(eq(orders.email, email)).orderBy(desc(orders.createdAt));
}

/**
 * Deletes an unpaid or expired order, atomically giving back the stock an unpaid one still
 * holds (an expired one gave it back already). Only while its payment intent is still the one
 * the caller made safe: undefined when the order was paid, or a new payment started, meanwhile.
 */
export async function deleteOrderReturningStock(
  db: Db,
  id: string,
  paymentIntentId: string | null,
  audit?: (tx: Db, row: OrderRow) => Promise<void>,
) {
  return db.transaction(async (tx) => {
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
    if (row?.productId && row.status === 'unpaid') {
      await tx
        .update(products)
        .set({ stock: sql`${products.stock} + ${row.quantity}`, updatedAt: new Date() })
        .where(eq(products.id, row.productId));
    }
    if (row && audit) await audit(tx as unknown as Db, row);
    return row;
  });
}

export async function findProductForOrder(db: Db, productId: string) {
  const [row] = await db
    .select({ stock: products.stock, priceCents: products.priceCents })
    .from(products)
    .where(eq(products.id, productId));
  return row;
}

export async function listAllOrders(
  db: Db,
  { status, limit, offset }: { status: AllOrdersQuery['status']; limit: number; offset: number },
) {
  const where = status === 'all' ? undefined : eq(orders.status, status);
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
      .returning({ id: orders.id, productId: orders.productId, quantity: orders.quantity });
    const back = new Map<string, number>();
    for (const { productId, quantity } of expired) {
      if (productId) back.set(productId, (back.get(productId) ?? 0) + quantity);
    }
    // One update per product, in a fixed order, so concurrent sweeps never deadlock.
    for (const [productId, quantity] of [...back].sort(([a], [b]) => a.localeCompare(b))) {
      await tx
        .update(products)
        .set({ stock: sql`${products.stock} + ${quantity}`, updatedAt: new Date() })
        .where(eq(products.id, productId));
    }
    return expired;
  });
}
