import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { testPaymentIntents } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { PaymentProvider } from './provider.ts';
import { testCardOutcome } from './test-cards.ts';

/**
 * The built-in processor: no network, Stripe test-mode behaviour. Intents live in our
 * database; the card form confirms them through `confirmTestCard`.
 */
export type TestCard = { clientSecret: string; cardNumber: string; expiry: string };

export type TestProvider = PaymentProvider & {
  kind: 'test';
  confirmTestCard: (card: TestCard) => Promise<{ status: 'succeeded'; paymentIntentId: string }>;
};

export function createTestProvider(db: Db): TestProvider {
  return {
    kind: 'test',
    async createIntent({ orderId, amountCents }) {
      const [open] = await db
        .select()
        .from(testPaymentIntents)
        .where(
          and(
            eq(testPaymentIntents.orderId, orderId),
            eq(testPaymentIntents.amountCents, amountCents),
            inArray(testPaymentIntents.status, ['requires_payment_method', 'succeeded']),
          ),
        )
        .limit(1);
      if (open) return { id: open.id, clientSecret: open.clientSecret };
      const id = `pi_test_${randomUUID().replaceAll('-', '')}`;
      const clientSecret = `${id}_secret_${randomBytes(16).toString('base64url')}`;
      await db.insert(testPaymentIntents).values({ id, orderId, amountCents, clientSecret });
      return { id, clientSecret };
    },
    async retrieveIntent(id) {
      const [row] = await db
        .select()
        .from(testPaymentIntents)
        .where(eq(testPaymentIntents.id, id))
        .limit(1);
      if (!row) return null;
      return {
        id: row.id,
        status: row.status === 'succeeded' ? 'succeeded' : 'requires_payment_method',
        amountCents: row.amountCents,
        currency: 'usd',
        orderId: row.orderId,
      };
    },
    confirmTestCard: (card) => confirmTestCard(db, card),
  };
}

async function confirmTestCard(db: Db, card: TestCard) {
  const [intent] = await db
    .select()
    .from(testPaymentIntents)
    .where(eq(testPaymentIntents.clientSecret, card.clientSecret))
    .limit(1);
  if (!intent)
    throw new AppError('not_found', 'This payment is not known. Please reload the page.');
  if (intent.status === 'succeeded')
    return { status: 'succeeded' as const, paymentIntentId: intent.id };

  const decline = testCardOutcome({ number: card.cardNumber, expiry: card.expiry });
  const last4 = card.cardNumber.slice(-4);
  if (decline) {
    await db
      .update(testPaymentIntents)
      .set({ cardLast4: last4, failureMessage: decline, updatedAt: new Date() })
      .where(eq(testPaymentIntents.id, intent.id));
    throw new AppError('payment_failed', decline);
  }
  await db
    .update(testPaymentIntents)
    .set({ status: 'succeeded', cardLast4: last4, failureMessage: null, updatedAt: new Date() })
    .where(eq(testPaymentIntents.id, intent.id));
  return { status: 'succeeded' as const, paymentIntentId: intent.id };
}
