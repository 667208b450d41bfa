import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';

// Written here, not imported from the repository, which builds on these statements.
type OrderRow = typeof orders.$inferSelect;

// An unpaid order holds its stock until its hold ends: then it is paid (a payment taken while
// it was held), or it expires and its stock goes back. These are the statements of that life.

/**
 * The states that hold stock: unpaid, and waiting for a company's approval (which expires as an
 * unpaid order does, but cannot be paid until it is approved).
 */
export const holdingStates = ['unpaid', 'awaiting_approval'] as const;
export const isHolding = inArray(orders.status, [...holdingStates]);

const holdLasts = and(eq(orders.status, 'unpaid'), gt(orders.holdUntil, sql`now()`));
const holdEnded = and(isHolding, lte(orders.holdUntil, sql`now()`));

/**
 * Notes the intent on the order while it is unpaid, its hold lasts and its grand total is still
 * the intent's amount (a ship-to chosen meanwhile re-prices it); false otherwise. Once the hold
 * has ended the order's intent no longer changes, so the expiry sweep settles the one it reads.
 */
export async function rememberIntent(
  db: Executor,
  orderId: string,
  paymentIntentId: string,
  amountCents: number,
) {
  const [row] = await db
    .update(orders)
    .set({ paymentIntentId })
    .where(and(eq(orders.id, orderId), holdLasts, eq(orders.grandTotalCents, amountCents)))
    .returning({ id: orders.id });
  return row !== undefined;
}

/**
 * Marks the order paid once, while it is unpaid; undefined otherwise (the caller decides why).
 * A hold that has ended but not yet been swept still holds the stock, so the payment stands.
 */
export async function markOrderPaid(
  tx: Executor,
  orderId: string,
  payment: { transactionId: string; amountTotalCents: number },
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(orders)
    .set({
      status: 'paid',
      // Paid by card after all, though it was placed to go on the company's account.
      paymentMethod: 'card',
      transactionId: payment.transactionId,
      paymentIntentId: payment.transactionId,
      amountTotalCents: payment.amountTotalCents,
      paidAt: new Date(),
    })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'unpaid')))
    .returning();
  return row;
}

/**
 * The next `limit` unpaid orders whose hold has ended, oldest first: the ones the expiry sweep
 * expires next (same order and limit), with the payment each started, if any.
 */
export async function endedHolds(db: Executor, limit: number) {
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
  db: Executor,
  orderId: string,
  paymentIntentId: string,
  minutes: number,
) {
  await db
    .update(orders)
    .set({ holdUntil: sql`now() + make_interval(mins => ${minutes})` })
    .where(and(eq(orders.id, orderId), holdEnded, eq(orders.paymentIntentId, paymentIntentId)));
}

/** Whether any holding order's hold has ended: one look at a small partial index. */
export async function anyHoldEnded(db: Executor) {
  const [row] = await db.select({ id: orders.id }).from(orders).where(holdEnded).limit(1);
  return row !== undefined;
}

/**
 * Marks up to `limit` unpaid (or awaiting approval) orders whose hold has ended expired, oldest
 * first. The change is conditional (holding to `expired`), so when several server processes sweep at once each
 * order is expired by exactly one of them; rows another sweep (or a delete, or a payment) has
 * locked are skipped, not waited for. The caller gives their stock back in the same transaction.
 */
export async function expireEndedHolds(tx: Executor, limit: number) {
  const due = tx
    .select({ id: orders.id })
    .from(orders)
    .where(holdEnded)
    .orderBy(asc(orders.holdUntil))
    .limit(limit)
    .for('update', { skipLocked: true });
  return tx
    .update(orders)
    .set({ status: 'expired' })
    .where(and(inArray(orders.id, due), holdEnded))
    .returning({ id: orders.id });
}
