import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders, paymentEvents } from '../../db/schema.ts';
import type { OrderRow } from '../orders/repository.ts';

export async function findOrder(db: Db, id: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row;
}

/**
 * Notes the intent on the order while it is unpaid and its hold lasts; false otherwise. Once
 * the hold has ended the order's intent no longer changes, so the expiry sweep settles the one
 * it reads.
 */
export async function rememberIntent(db: Db, orderId: string, paymentIntentId: string) {
  const [row] = await db
    .update(orders)
    .set({ paymentIntentId })
    .where(and(eq(orders.id, orderId), holdLasts))
    .returning({ id: orders.id });
  return row !== undefined;
}

const holdLasts = and(eq(orders.status, 'unpaid'), gt(orders.holdUntil, sql`now()`));
const holdEnded = and(eq(orders.status, 'unpaid'), lte(orders.holdUntil, sql`now()`));

/**
 * The next `limit` unpaid orders whose hold has ended, oldest first: the ones the expiry sweep
 * expires next (same order and limit), with the payment each started, if any.
 */
export async function endedHolds(db: Db, limit: number) {
  return db
    .select({ id: orders.id, paymentIntentId: orders.paymentIntentId })
    .from(orders)
    .where(holdEnded)
    .orderBy(asc(orders.holdUntil))
    .limit(limit);
}

/**
 * Keeps an ended hold for `minutes` more, while its payment can be neither cancelled nor
 * recorded (in flight at the provider, or the provider unreachable): expiring it then could
 * leave money taken against an expired order. Only while the order still has this intent.
 */
export async function extendHold(
  db: Db,
  orderId: string,
  paymentIntentId: string,
  minutes: number,
) {
  await db
    .update(orders)
    .set({ holdUntil: sql`now() + make_interval(mins => ${minutes})` })
    .where(and(eq(orders.id, orderId), holdEnded, eq(orders.paymentIntentId, paymentIntentId)));
}

/** These orders as they are now (those that still exist). */
export async function findOrders(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select().from(orders).where(inArray(orders.id, ids));
}

/**
 * Marks the order paid once, while it is unpaid; undefined otherwise (the caller decides why).
 * A hold that has ended but not yet been swept still holds the stock, so the payment stands.
 */
export async function markOrderPaid(
  db: Db,
  orderId: string,
  payment: { transactionId: string; amountTotalCents: number },
  audit?: (tx: Db, row: OrderRow) => Promise<void>,
): Promise<OrderRow | undefined> {
  if (audit) {
    return db.transaction(async (tx) => {
      const row = await markOrderPaid(tx as unknown as Db, orderId, payment);
      if (row) await audit(tx as unknown as Db, row);
      return row;
    });
  }
  const [row] = await db
    .update(orders)
    .set({
      status: 'paid',
      transactionId: payment.transactionId,
      paymentIntentId: payment.transactionId,
      amountTotalCents: payment.amountTotalCents,
      paidAt: new Date(),
    })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'unpaid')))
    .returning();
  return row;
}

export async function eventSeen(db: Db, id: string) {
  const [row] = await db.select().from(paymentEvents).where(eq(paymentEvents.id, id)).limit(1);
  return row !== undefined;
}

export async function recordEvent(db: Db, id: string, type: string) {
  await db.insert(paymentEvents).values({ id, type }).onConflictDoNothing();
}

/**
 * Claims the record of a refund: true for the first caller only, who also writes `audit` in
 * the same transaction. The customer's report and the provider's webhook may both refund one
 * payment; the provider gives the money back once, and this makes the trail and the mail once.
 */
export async function claimRefundRecord(
  db: Db,
  paymentIntentId: string,
  audit: (tx: Db) => Promise<void>,
) {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(paymentEvents)
      .values({ id: `refund:${paymentIntentId}`, type: 'refund' })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!claimed) return false;
    await audit(tx as unknown as Db);
    return true;
  });
}
