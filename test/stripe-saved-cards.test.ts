import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './support/auth.ts';
import { givenDelivery } from './support/delivery.ts';
import { startFakeStripe } from './support/fake-stripe.ts';
import { insertProduct } from './support/fixtures.ts';
import { inject } from './support/inject.ts';
import { placeOrder, startPayment } from './support/payments.ts';
import { makeTestApp } from './support/test-app.ts';

let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let alice: Awaited<ReturnType<typeof signUp>>;
let bob: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  fake = await startFakeStripe();
  ctx = await makeTestApp({
    STRIPE_SECRET_KEY: 'sk_test_ecparts',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_ecparts',
    STRIPE_WEBHOOK_SECRET: 'whsec_test_saved_cards_0123456789',
    STRIPE_API_BASE: fake.url,
    MAX_UNPAID_ORDERS: '1000',
  });
  alice = await signUp(ctx.app);
  bob = await signUp(ctx.app);
  await givenDelivery(ctx.app, alice);
  await givenDelivery(ctx.app, bob);
});
afterAll(async () => {
  await ctx.app.close();
  await fake.stop();
});

async function orderWithIntent(who = alice) {
  const product = await insertProduct(ctx.db, { priceCents: 2500, stock: 100 });
  const order = (await placeOrder(ctx.app, who, product.id, 10)).json<{ _id: string }>();
  const { clientSecret } = (await startPayment(ctx.app, who, order._id)).json();
  return { orderId: order._id, intentId: String(clientSecret).split('_secret_')[0]! };
}

/** Pays an order with a new card, "Keep this card" ticked: the PaymentMethod made for it. */
async function keep(card: Parameters<typeof fake.confirmKeeping>[1] = {}, who = alice) {
  const { orderId, intentId } = await orderWithIntent(who);
  const method = fake.confirmKeeping(intentId, card);
  const res = await inject(ctx.app, 'PATCH /api/order/:id', {
    params: { id: orderId },
    body: { transactionId: intentId, keepCard: true },
    as: who,
  });
  expect(res.json()).toMatchObject({ paid: true });
  return method;
}

const cardsOf = async (who = alice) =>
  (await inject(ctx.app, 'GET /api/me/cards', { as: who })).json().data as { _id: string }[];

describe('saved cards with Stripe', () => {
  it('attaches a kept card to a Customer of the account and pays the next order with it', async () => {
    const method = await keep();
    const customer = fake.method(method.id)?.customer;
    expect(customer).toMatch(/^cus_/);
    const [card] = await cardsOf();
    expect(card).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 });

    const { orderId, intentId } = await orderWithIntent();
    const paid = await inject(ctx.app, 'POST /api/payments/saved-card', {
      body: { orderId, cardId: card!._id },
      as: alice,
    });
    expect(paid.json()).toMatchObject({ status: 'succeeded', paymentIntentId: intentId });
    expect(fake.intent(intentId)).toMatchObject({ customer, payment_method: method.id });
  });

  it('passes on 3-D Secure, and a decline in Stripe’s words', async () => {
    await keep({ authenticates: true });
    const [asking] = await cardsOf();
    const first = await orderWithIntent();
    const res = await inject(ctx.app, 'POST /api/payments/saved-card', {
      body: { orderId: first.orderId, cardId: asking!._id },
      as: alice,
    });
    expect(res.json()).toMatchObject({ status: 'requires_action' });
    expect(res.json().clientSecret).toMatch(/_secret_/);

    await keep({ declines: 'Your card was declined.' });
    const [declining] = await cardsOf();
    const second = await orderWithIntent();
    const declined = await inject(ctx.app, 'POST /api/payments/saved-card', {
      body: { orderId: second.orderId, cardId: declining!._id },
      as: alice,
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({
      error: 'payment_failed',
      message: 'Your card was declined.',
    });
  });

  it('keeps nothing unasked, refuses another account’s card, and detaches a removed one', async () => {
    const before = (await cardsOf()).length;
    const { orderId, intentId } = await orderWithIntent();
    fake.succeed(intentId);
    await inject(ctx.app, 'PATCH /api/order/:id', {
      params: { id: orderId },
      body: { transactionId: intentId, keepCard: true },
      as: alice,
    });
    expect(await cardsOf()).toHaveLength(before);

    const method = await keep();
    const [card] = await cardsOf();
    const bobs = await orderWithIntent(bob);
    const refused = await inject(ctx.app, 'POST /api/payments/saved-card', {
      body: { orderId: bobs.orderId, cardId: card!._id },
      as: bob,
    });
    expect(refused.statusCode).toBe(404);
    expect(fake.intent(bobs.intentId)?.payment_method ?? null).toBeNull();

    const removed = await inject(ctx.app, 'DELETE /api/me/cards/:id', {
      params: { id: card!._id },
      as: alice,
    });
    expect(removed.statusCode).toBe(200);
    expect(fake.method(method.id)?.customer).toBeNull();
  });
});
