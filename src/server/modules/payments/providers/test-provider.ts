import { randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { testPaymentIntents, testPaymentRefunds } from '../../../db/schema.ts';
import type { CancelOutcome, PaymentProvider } from './provider.ts';
import { cancelOpen, isOpen, type Charged } from './test-charge.ts';
import {
  attachTestCard,
  authenticateTestCard,
  confirmTestCard,
  confirmWithTestCard,
  detachTestCard,
  keptTestCard,
  type TestAuthentication,
  type TestCard,
} from './test-confirm.ts';

/**
 * The built-in processor: no network, Stripe test-mode behaviour. Intents live in our
 * database; the card form confirms them through `confirmTestCard`. Every change of an intent's
 * status is one conditional update from `requires_payment_method`, so when a confirmation and
 * a cancellation race, exactly one of them wins.
 */
export type TestProvider = PaymentProvider & {
  kind: 'test';
  confirmTestCard: (card: TestCard) => Promise<Charged>;
  authenticateTestCard: (input: TestAuthentication) => Promise<Charged>;
};

// Any constant: the key space of the per-order lock taken while an order's intent is made.
// (The two-number advisory locks never collide with the one-number lock the migrations take.)
const ORDER_INTENT_LOCK = 724_313;

/** An intent that can still take money, or has taken it and kept it. */
const isLive = or(
  isOpen,
  and(eq(testPaymentIntents.status, 'succeeded'), isNull(testPaymentIntents.refundedAt)),
);

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
        // Waiting for 3-D Secure is, to the shop, neither paid nor payable by another card.
        status: row.status === 'requires_action' ? 'other' : row.status,
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
      const status = row.status === 'requires_action' ? 'other' : row.status;
      return { status, refunded: row.refundedAt !== null };
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
    authenticateTestCard: (input) => authenticateTestCard(db, input),
    keptCard: (intentId) => keptTestCard(db, intentId),
    // The processor's customers are names only: the shop keeps which is whose.
    createCustomer: () => Promise.resolve(`cus_test_${randomUUID().replaceAll('-', '')}`),
    attachCard: (methodRef, customerRef) => attachTestCard(db, methodRef, customerRef),
    detachCard: (methodRef) => detachTestCard(db, methodRef),
    confirmWithCard: (input) => confirmWithTestCard(db, input),
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
