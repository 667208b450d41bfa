import { inArray } from 'drizzle-orm';
import type { App } from '../../src/server/app.ts';
import type { Db } from '../../src/server/db/client.ts';
import { orders, testPaymentIntents } from '../../src/server/db/schema.ts';
import { setTestShipping } from './delivery.ts';
import { inject, type Sender } from './inject.ts';

/** A card the built-in test processor charges. */
export const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

/** Stripe's "always authenticate" card: every payment with it asks for 3-D Secure. */
export const THREE_D_SECURE_CARD = {
  cardNumber: '4000 0027 6000 3184',
  expiry: '12/34',
  cvc: '123',
};

/** Starts paying an order as it is: 409 "Choose where to ship first" when it has no ship-to. */
export const startPaymentAsIs = (app: App, who: Sender, orderId: string) =>
  inject(app, 'POST /api/create-payment-intent', { body: { orderId }, as: who });

/**
 * Starts paying an order, as its payment page does: the answer carries the client secret. An
 * order that waits for a ship-to is first sent to the customer's test address by the free
 * test method (support/delivery.ts), as the page asks the customer to.
 */
export async function startPayment(app: App, who: Sender, orderId: string) {
  const res = await startPaymentAsIs(app, who, orderId);
  if (res.statusCode !== 409 || res.json().message !== 'Choose where to ship first') return res;
  await setTestShipping(app, who, orderId);
  return startPaymentAsIs(app, who, orderId);
}

/** Has the built-in test processor charge a card for a started payment. */
export const chargeCard = (app: App, who: Sender, clientSecret: string, card = GOOD_CARD) =>
  inject(app, 'POST /api/payments/test/confirm', { body: { clientSecret, ...card }, as: who });

/** Tells the shop a payment went through, as the page does once the card is charged. */
export const reportPayment = (app: App, who: Sender, orderId: string, transactionId: string) =>
  inject(app, 'PATCH /api/order/:id', {
    params: { id: orderId },
    body: { transactionId },
    as: who,
  });

/** Starts, charges and reports a payment with a good card: the shop's answer to the report. */
export async function payOrder(app: App, who: Sender, orderId: string) {
  const intent = await startPayment(app, who, orderId);
  const charged = await chargeCard(app, who, intent.json().clientSecret);
  return reportPayment(app, who, orderId, charged.json().paymentIntentId);
}

/** Places an order of one product for the signed-in customer, to their own email. */
export const placeOrder = (
  app: App,
  who: Sender & { email: string },
  productId: string,
  quantity: number,
) => inject(app, 'POST /api/orders', { body: { productId, quantity, email: who.email }, as: who });

/** These orders as they are now, and every payment intent the test processor made for them. */
export async function ordersAndIntents(db: Db, ids: string[]) {
  const left = await db.select().from(orders).where(inArray(orders.id, ids));
  const intents = await db
    .select()
    .from(testPaymentIntents)
    .where(inArray(testPaymentIntents.orderId, ids));
  return { left, intents };
}
