import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders, paymentEvents } from '../../db/schema.ts';

export async function findOrder(db: Db, id: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row;
}

/** Notes the intent on the order while it is unpaid; false when it no longer is (or is gone). */
export async function rememberIntent(db: Db, orderId: string, paymentIntentId: string) {
  const [row] = await db
    .update(orders)
    .set({ paymentIntentId })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'unpaid')))
    .returning({ id: orders.id });
  return row !== undefined;
}

/**
 * Marks the order paid once, while it is unpaid; undefined otherwise (the caller decides why).
 * A hold that has ended but not yet been swept still holds the stock, so the payment stands.
 */
export async function markOrderPaid(
  db: Db,
  orderId: string,
  payment: { transactionId: string; amountTotalCents: number },
) {
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
