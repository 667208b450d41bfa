import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../../db/client.ts';
import { orders, testPaymentIntents } from '../../../db/schema.ts';
import { AppError } from '../../../errors.ts';
import { orderAlreadyPaid, orderExpired, orderGone } from '../refusals.ts';

// The built-in processor's charge, shared by a new card, a kept card and 3-D Secure: each ends
// in the same checks and the same one-statement charge, so each says a refusal the same way.

/** The statuses an intent can still be confirmed (or authenticated) from. */
export const OPEN_STATUSES = ['requires_payment_method', 'requires_action'] as const;

export const isOpen = inArray(testPaymentIntents.status, [...OPEN_STATUSES]);

/** Cancels the intent if it has not taken money; true when this call cancelled it. */
export async function cancelOpen(db: Executor, id: string) {
  const [cancelled] = await db
    .update(testPaymentIntents)
    .set({ status: 'canceled', updatedAt: new Date() })
    .where(and(eq(testPaymentIntents.id, id), isOpen))
    .returning({ id: testPaymentIntents.id });
  return cancelled !== undefined;
}

/** Why the order behind an intent cannot be paid now, or null when it can. */
export function orderRefusal(order: { status: string; holdEnded: boolean } | null) {
  if (!order) return orderGone();
  if (['paid', 'partially_shipped', 'shipped'].includes(order.status)) return orderAlreadyPaid();
  if (order.status === 'expired' || order.holdEnded) return orderExpired();
  return null;
}

const cancelled = () =>
  new AppError('conflict', 'This payment was cancelled and can no longer be made.');

export type Charged = { status: 'succeeded' | 'requires_action'; paymentIntentId: string };

/** The card an intent is confirmed with; `keep`: the buyer asked to keep it. */
export type PaidWith = { last4: string; paymentMethodId: string; keep?: boolean };

const columnsOf = ({ last4, paymentMethodId, keep }: PaidWith) => ({
  cardLast4: last4,
  paymentMethodId,
  ...(keep === undefined ? {} : { setupFutureUsage: keep }),
});

/** The intent `where` names, with its order's state. */
async function intentWithOrder(db: Executor, where: SQL | undefined) {
  const [found] = await db
    .select({
      intent: testPaymentIntents,
      orderStatus: orders.status,
      holdEnded: sql<boolean>`${orders.holdUntil} <= now()`,
    })
    .from(testPaymentIntents)
    .leftJoin(orders, eq(orders.id, testPaymentIntents.orderId))
    .where(where)
    .limit(1);
  if (!found) return null;
  const order = found.orderStatus
    ? { status: found.orderStatus, holdEnded: found.holdEnded }
    : null;
  return { intent: found.intent, order };
}

/**
 * The open intent `where` names, or what stops it: a paid one answers as paid (a repeated
 * confirmation), a cancelled one or one whose order cannot be paid says why.
 */
export async function openIntent(db: Executor, where: SQL | undefined) {
  const found = await intentWithOrder(db, where);
  if (!found) {
    throw new AppError('not_found', 'This payment is not known. Please reload the page.');
  }
  const { intent, order } = found;
  if (intent.status === 'succeeded') {
    return { done: { status: 'succeeded', paymentIntentId: intent.id } as Charged, intent };
  }
  // An intent is cancelled when its order expires or is deleted: say why when the order says.
  if (intent.status === 'canceled') throw (order && orderRefusal(order)) || cancelled();
  const refusal = orderRefusal(order);
  if (refusal) throw refusal;
  return { done: null, intent };
}

/** The bank's no: noted on the intent, which stays open for another card. */
export async function decline(db: Db, intentId: string, message: string, last4: string) {
  await db
    .update(testPaymentIntents)
    .set({
      status: 'requires_payment_method',
      cardLast4: last4,
      failureMessage: message,
      updatedAt: new Date(),
    })
    .where(and(eq(testPaymentIntents.id, intentId), isOpen));
  return new AppError('payment_failed', message);
}

/** The bank asks for 3-D Secure: the intent waits for the buyer to complete or fail it. */
export async function askToAuthenticate(
  db: Db,
  intentId: string,
  card: PaidWith,
): Promise<Charged> {
  const [asked] = await db
    .update(testPaymentIntents)
    .set({
      status: 'requires_action',
      ...columnsOf(card),
      failureMessage: null,
      updatedAt: new Date(),
    })
    .where(and(eq(testPaymentIntents.id, intentId), isOpen))
    .returning({ id: testPaymentIntents.id });
  if (asked) return { status: 'requires_action', paymentIntentId: intentId };
  return whatChanged(db, intentId);
}

/**
 * Takes the money. The charge and the check that its order still waits for it are one
 * statement: the order row is share-locked, so a delete or an expiry in flight either lands
 * first (and nothing is charged) or waits until the charge is recorded (and then sees the
 * payment).
 */
export async function charge(db: Db, intentId: string, card: PaidWith): Promise<Charged> {
  const [charged] = await db
    .update(testPaymentIntents)
    .set({ status: 'succeeded', ...columnsOf(card), failureMessage: null, updatedAt: new Date() })
    .where(
      and(
        eq(testPaymentIntents.id, intentId),
        isOpen,
        sql`exists (select 1 from ${orders} where ${orders.id} = ${testPaymentIntents.orderId}
          and ${orders.status} = 'unpaid' and ${orders.holdUntil} > now() for share)`,
      ),
    )
    .returning({ id: testPaymentIntents.id });
  if (charged) return { status: 'succeeded', paymentIntentId: charged.id };
  return whatChanged(db, intentId);
}

/** Something changed since the first look: say what. */
async function whatChanged(db: Db, intentId: string): Promise<Charged> {
  const now = await intentWithOrder(db, eq(testPaymentIntents.id, intentId));
  if (now?.intent.status === 'succeeded') {
    return { status: 'succeeded', paymentIntentId: intentId };
  }
  if (now?.intent.status === 'canceled')
    throw (now.order && orderRefusal(now.order)) || cancelled();
  throw orderRefusal(now?.order ?? null) ?? cancelled();
}
