import { randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../../db/client.ts';
import { orders, testPaymentIntents, testPaymentRefunds } from '../../../db/schema.ts';
import { AppError } from '../../../errors.ts';
import { orderAlreadyPaid, orderExpired, orderGone } from '../refusals.ts';
import type { CancelOutcome, PaymentProvider } from './provider.ts';
import { testCardOutcome } from './test-cards.ts';

/**
 * The built-in processor: no network, Stripe test-mode behaviour. Intents live in our
 * database; the card form confirms them through `confirmTestCard`. Every change of an intent's
 * status is one conditional update from `requires_payment_method`, so when a confirmation and
 * a cancellation race, exactly one of them wins.
 */
export type TestCard = { clientSecret: string; cardNumber: string; expiry: string };

export type TestProvider = PaymentProvider & {
  kind: 'test';
  confirmTestCard: (card: TestCard) => Promise<{ status: 'succeeded'; paymentIntentId: string }>;
};

// Any constant: the key space of the per-order lock taken while an order's intent is made.
// (The two-number advisory locks never collide with the one-number lock the migrations take.)
const ORDER_INTENT_LOCK = 724_313;

/** An intent that can still take money, or has taken it and kept it. */
const isLive = or(
  eq(testPaymentIntents.status, 'requires_payment_method'),
  and(eq(testPaymentIntents.status, 'succeeded'), isNull(testPaymentIntents.refundedAt)),
);

/** Cancels the intent if it has not taken money; true when this call cancelled it. */
async function cancelOpen(db: Executor, id: string) {
  const [cancelled] = await db
    .update(testPaymentIntents)
    .set({ status: 'canceled', updatedAt: new Date() })
    .where(
      and(eq(testPaymentIntents.id, id), eq(testPaymentIntents.status, 'requires_payment_method')),
    )
    .returning({ id: testPaymentIntents.id });
  return cancelled !== undefined;
}

export function createTestProvider(db: Db): TestProvider {
  const find = async (id: string) => {
    const [row] = await db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.id, id))
      .limit(1);
    return row;
  };

  return {
    kind: 'test',
    async createIntent({ orderId, amountCents, customerEmail }) {
      // One start per order at a time: two at once (two tabs, a double click) return the same
      // intent instead of each making one that could be charged.
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(${ORDER_INTENT_LOCK}, hashtext(${orderId}))`,
        );
        const [live] = await tx
          .select()
          .from(testPaymentIntents)
          .where(and(eq(testPaymentIntents.orderId, orderId), isLive))
          .orderBy(desc(testPaymentIntents.createdAt))
          .limit(1);
        if (live?.amountCents === amountCents) {
          return { id: live.id, clientSecret: live.clientSecret };
        }
        // An order's total does not change; if it ever did, the old amount must not stay payable.
        if (live) await cancelOpen(tx, live.id);
        const id = `pi_test_${randomUUID().replaceAll('-', '')}`;
        const clientSecret = `${id}_secret_${randomBytes(16).toString('base64url')}`;
        await tx
          .insert(testPaymentIntents)
          .values({ id, orderId, amountCents, clientSecret, customerEmail });
        return { id, clientSecret };
      });
    },
    async retrieveIntent(id) {
      const row = await find(id);
      if (!row) return null;
      return {
        id: row.id,
        status: row.status,
        amountCents: row.amountCents,
        currency: 'usd',
        orderId: row.orderId,
        customerEmail: row.customerEmail,
      };
    },
    async cancelIntent(id): Promise<CancelOutcome> {
      if (await cancelOpen(db, id)) return { status: 'canceled', refunded: false };
      const row = await find(id);
      if (!row) return { status: 'canceled', refunded: false };
      return { status: row.status, refunded: row.refundedAt !== null };
    },
    async refund(id) {
      const [refunded] = await db
        .update(testPaymentIntents)
        .set({
          refundedAt: new Date(),
          refundedCents: sql`${testPaymentIntents.amountCents}`,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(testPaymentIntents.id, id),
            eq(testPaymentIntents.status, 'succeeded'),
            isNull(testPaymentIntents.refundedAt),
          ),
        )
        .returning({ id: testPaymentIntents.id });
      if (refunded) return;
      const row = await find(id);
      // Refunded before: nothing more to give back.
      if (row?.status === 'succeeded') return;
      throw new Error(`test payment ${id} has taken no money to refund`);
    },
    refundPart: (id, part) => refundPart(db, id, part),
    confirmTestCard: (card) => confirmTestCard(db, card),
  };
}

/**
 * Part of a succeeded intent back, once per key; the intent's row is locked meanwhile so two
 * parts at once never give back more than it took. All of it given back marks it refunded.
 */
async function refundPart(
  db: Db,
  id: string,
  { amountCents, key }: { amountCents: number; key: string },
) {
  await db.transaction(async (tx) => {
    const [intent] = await tx
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.id, id))
      .for('update');
    if (!intent || intent.status !== 'succeeded') {
      throw new Error(`test payment ${id} has taken no money to refund`);
    }
    const [done] = await tx
      .select({ key: testPaymentRefunds.key })
      .from(testPaymentRefunds)
      .where(eq(testPaymentRefunds.key, key));
    if (done) return;
    const left = intent.amountCents - intent.refundedCents;
    if (intent.refundedAt || amountCents > left) {
      throw new Error(`test payment ${id} has ${left} cents left to refund, not ${amountCents}`);
    }
    await tx.insert(testPaymentRefunds).values({ key, intentId: id, amountCents });
    const refundedCents = intent.refundedCents + amountCents;
    await tx
      .update(testPaymentIntents)
      .set({
        refundedCents,
        refundedAt: refundedCents === intent.amountCents ? new Date() : null,
        updatedAt: new Date(),
      })
      .where(eq(testPaymentIntents.id, id));
  });
}

/** Why the order behind an intent cannot be paid now, or null when it can. */
function orderRefusal(order: { status: string; holdEnded: boolean } | null) {
  if (!order) return orderGone();
  if (['paid', 'partially_shipped', 'shipped'].includes(order.status)) return orderAlreadyPaid();
  if (order.status === 'expired' || order.holdEnded) return orderExpired();
  return null;
}

const cancelled = () =>
  new AppError('conflict', 'This payment was cancelled and can no longer be made.');

async function confirmTestCard(db: Db, card: TestCard) {
  const [found] = await db
    .select({
      intent: testPaymentIntents,
      orderStatus: orders.status,
      holdEnded: sql<boolean>`${orders.holdUntil} <= now()`,
    })
    .from(testPaymentIntents)
    .leftJoin(orders, eq(orders.id, testPaymentIntents.orderId))
    .where(eq(testPaymentIntents.clientSecret, card.clientSecret))
    .limit(1);
  if (!found) {
    throw new AppError('not_found', 'This payment is not known. Please reload the page.');
  }
  const { intent } = found;
  if (intent.status === 'succeeded') {
    return { status: 'succeeded' as const, paymentIntentId: intent.id };
  }
  const order = found.orderStatus
    ? { status: found.orderStatus, holdEnded: found.holdEnded }
    : null;
  // An intent is cancelled when its order expires or is deleted: say why when the order says.
  if (intent.status === 'canceled') throw (order && orderRefusal(order)) || cancelled();
  const refusal = orderRefusal(order);
  if (refusal) throw refusal;

  const fromOpen = and(
    eq(testPaymentIntents.id, intent.id),
    eq(testPaymentIntents.status, 'requires_payment_method'),
  );
  const decline = testCardOutcome({ number: card.cardNumber, expiry: card.expiry });
  const last4 = card.cardNumber.slice(-4);
  if (decline) {
    await db
      .update(testPaymentIntents)
      .set({ cardLast4: last4, failureMessage: decline, updatedAt: new Date() })
      .where(fromOpen);
    throw new AppError('payment_failed', decline);
  }
  // The charge and the check that its order still waits for it are one statement: the order
  // row is share-locked, so a delete or an expiry in flight either lands first (and nothing is
  // charged) or waits until the charge is recorded (and then sees the payment).
  const [charged] = await db
    .update(testPaymentIntents)
    .set({ status: 'succeeded', cardLast4: last4, failureMessage: null, updatedAt: new Date() })
    .where(
      and(
        fromOpen,
        sql`exists (select 1 from ${orders} where ${orders.id} = ${testPaymentIntents.orderId}
          and ${orders.status} = 'unpaid' and ${orders.holdUntil} > now() for share)`,
      ),
    )
    .returning({ id: testPaymentIntents.id });
  if (charged) return { status: 'succeeded' as const, paymentIntentId: charged.id };

  // Something changed since the first look: say what.
  const [now] = await db
    .select({
      status: testPaymentIntents.status,
      orderStatus: orders.status,
      holdEnded: sql<boolean>`${orders.holdUntil} <= now()`,
    })
    .from(testPaymentIntents)
    .leftJoin(orders, eq(orders.id, testPaymentIntents.orderId))
    .where(eq(testPaymentIntents.id, intent.id));
  if (now?.status === 'succeeded')
    return { status: 'succeeded' as const, paymentIntentId: intent.id };
  const orderNow = now?.orderStatus ? { status: now.orderStatus, holdEnded: now.holdEnded } : null;
  if (now?.status === 'canceled') throw (orderNow && orderRefusal(orderNow)) || cancelled();
  throw orderRefusal(orderNow) ?? cancelled();
}
