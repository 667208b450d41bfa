import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders, paymentEvents } from '../../db/schema.ts';

export async function findOrder(db: Db, id: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row;
}

export async function rememberIntent(db: Db, orderId: string, paymentIntentId: string) {
  await db
    .update(orders)
    .set({ paymentIntentId })
    .where(and(eq(orders.id, orderId), eq(orders.paid, false)));
}

/** Marks the order paid once; undefined when it already was (the caller decides why). */
export async function markOrderPaid(
  db: Db,
  orderId: string,
  payment: { transactionId: string; amountTotalCents: number },
) {
  const [row] = await db
    .update(orders)
    .set({
      paid: true,
      transactionId: payment.transactionId,
      paymentIntentId: payment.transactionId,
      amountTotalCents: payment.amountTotalCents,
      paidAt: new Date(),
    })
    .where(and(eq(orders.id, orderId), eq(orders.paid, false)))
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
