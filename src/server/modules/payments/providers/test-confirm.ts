import { randomUUID } from 'node:crypto';
import { and, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { testPaymentIntents, testPaymentMethods } from '../../../db/schema.ts';
import { AppError } from '../../../errors.ts';
import type { CardOnFile } from './provider.ts';
import {
  AUTHENTICATION_FAILED,
  cardExpired,
  testCardOutcome,
  testPaymentMethodOf,
} from './test-cards.ts';
import { askToAuthenticate, charge, decline, openIntent, type Charged } from './test-charge.ts';

// The built-in processor's confirmations: a new card (kept or not), a kept card, and the
// 3-D Secure page either may lead to. Stripe test-mode behaviour, offline.

export type TestCard = {
  clientSecret: string;
  cardNumber: string;
  expiry: string;
  keepCard?: boolean;
};

export type TestAuthentication = { clientSecret: string; outcome: 'complete' | 'fail' };

const bySecret = (clientSecret: string) => eq(testPaymentIntents.clientSecret, clientSecret);

/** A new card, typed into the form: declined, charged, or sent to 3-D Secure. */
export async function confirmTestCard(db: Db, card: TestCard): Promise<Charged> {
  const { done, intent } = await openIntent(db, bySecret(card.clientSecret));
  if (done) return done;
  const typed = { number: card.cardNumber, expiry: card.expiry };
  const refusal = testCardOutcome(typed);
  if (refusal) throw await decline(db, intent.id, refusal, card.cardNumber.slice(-4));
  // Like Stripe, every card confirmed becomes a PaymentMethod; only a kept one is attached.
  const { authenticateNow, ...method } = testPaymentMethodOf(typed);
  const paymentMethodId = `pm_test_${randomUUID().replaceAll('-', '')}`;
  await db.insert(testPaymentMethods).values({ id: paymentMethodId, ...method });
  const paidWith = { last4: method.last4, paymentMethodId, keep: card.keepCard === true };
  return authenticateNow
    ? askToAuthenticate(db, intent.id, paidWith)
    : charge(db, intent.id, paidWith);
}

/** The 3-D Secure page's answer: completed charges the card, failed declines it. */
export async function authenticateTestCard(
  db: Db,
  { clientSecret, outcome }: TestAuthentication,
): Promise<Charged> {
  const { done, intent } = await openIntent(db, bySecret(clientSecret));
  if (done) return done;
  if (intent.status !== 'requires_action' || !intent.paymentMethodId) {
    throw new AppError('conflict', 'This payment is not waiting for authentication.');
  }
  const last4 = intent.cardLast4 ?? '';
  if (outcome === 'fail') throw await decline(db, intent.id, AUTHENTICATION_FAILED, last4);
  return charge(db, intent.id, { last4, paymentMethodId: intent.paymentMethodId });
}

/** A kept card, attached to the buyer's customer: declined, charged or sent to 3-D Secure. */
export async function confirmWithTestCard(
  db: Db,
  {
    intentId,
    methodRef,
    customerRef,
  }: { intentId: string; methodRef: string; customerRef: string },
) {
  const { done, intent } = await openIntent(db, eq(testPaymentIntents.id, intentId));
  if (done) return done.status;
  const [method] = await db
    .select()
    .from(testPaymentMethods)
    .where(
      and(eq(testPaymentMethods.id, methodRef), eq(testPaymentMethods.customerId, customerRef)),
    );
  if (!method) {
    throw new AppError(
      'conflict',
      'This card is no longer kept by the payment processor. Remove it and pay with another card.',
    );
  }
  // The same words a new card with the same trouble gets.
  const refusal = cardExpired(method) ? 'Your card has expired.' : method.laterDecline;
  if (refusal) throw await decline(db, intent.id, refusal, method.last4);
  const paidWith = { last4: method.last4, paymentMethodId: method.id, keep: false };
  const charged = method.alwaysAuthenticate
    ? await askToAuthenticate(db, intent.id, paidWith)
    : await charge(db, intent.id, paidWith);
  return charged.status;
}

/** The card a succeeded intent was paid with, if the buyer asked to keep it. */
export async function keptTestCard(db: Db, intentId: string): Promise<CardOnFile | null> {
  const [kept] = await db
    .select({ method: testPaymentMethods })
    .from(testPaymentIntents)
    .innerJoin(testPaymentMethods, eq(testPaymentMethods.id, testPaymentIntents.paymentMethodId))
    .where(
      and(
        eq(testPaymentIntents.id, intentId),
        eq(testPaymentIntents.status, 'succeeded'),
        eq(testPaymentIntents.setupFutureUsage, true),
      ),
    );
  if (!kept) return null;
  const { id, brand, last4, expMonth, expYear } = kept.method;
  return { methodRef: id, brand, last4, expMonth, expYear };
}

/** As Stripe: a card attached to one customer cannot be attached to another. */
export async function attachTestCard(db: Db, methodRef: string, customerRef: string) {
  const [attached] = await db
    .update(testPaymentMethods)
    .set({ customerId: customerRef })
    .where(
      and(
        eq(testPaymentMethods.id, methodRef),
        or(isNull(testPaymentMethods.customerId), eq(testPaymentMethods.customerId, customerRef)),
      ),
    )
    .returning({ id: testPaymentMethods.id });
  if (!attached) throw new Error(`test card ${methodRef} cannot be attached to ${customerRef}`);
}

export async function detachTestCard(db: Db, methodRef: string) {
  await db
    .update(testPaymentMethods)
    .set({ customerId: null })
    .where(eq(testPaymentMethods.id, methodRef));
}
