import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orders, testPaymentIntents } from '../src/server/db/schema.ts';
import { outboxFor, signUp } from './support/auth.ts';
import { givenDelivery } from './support/delivery.ts';
import { insertProduct } from './support/fixtures.ts';
import { makeTestApp } from './support/test-app.ts';
import { inject } from './support/inject.ts';
import { placeOrder, reportPayment } from './support/payments.ts';

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let alice: Awaited<ReturnType<typeof signUp>>;
let bob: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  // Every test here leaves an unpaid order behind; the caps on them are order-holds.test.ts's
  // and hoarding.test.ts's subject.
  ctx = await makeTestApp({
    MAX_UNPAID_ORDERS: '1000',
    MAX_UNPAID_VALUE_UNVERIFIED: '1000000',
    MAX_UNPAID_VALUE: '1000000',
  });
  alice = await signUp(ctx.app, { name: 'Alice Wheel' });
  bob = await signUp(ctx.app, { name: 'Bob Brake' });
  // Their orders ship to their default address by a free method, so they can be paid.
  await givenDelivery(ctx.app, alice);
  await givenDelivery(ctx.app, bob);
});
afterAll(() => ctx.app.close());

async function unpaidOrder(quantity = 20, priceCents = 1250) {
  const product = await insertProduct(ctx.db, { priceCents, stock: 1000 });
  const res = await placeOrder(ctx.app, alice, product.id, quantity);
  return res.json<{ _id: string; totalPrice: number }>();
}

const intentFor = (orderId: string, who = alice, totalPrice = 0.01) =>
  inject(ctx.app, 'POST /api/create-payment-intent', { body: { orderId, totalPrice }, as: who });

const pay = (clientSecret: string, cardNumber: string, expiry = '12/34') =>
  inject(ctx.app, 'POST /api/payments/test/confirm', {
    body: {
      clientSecret,
      cardNumber,
      expiry,
      cvc: '123',
    },
    as: alice,
  });

describe('paying an order with the built-in test processor', () => {
  it('charges the order total from the database, whatever the client says', async () => {
    const order = await unpaidOrder(20, 1250);
    const res = await intentFor(order._id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ provider: 'test', amountTotal: 250 });
    expect(res.json().clientSecret).toMatch(/^pi_test_\w+_secret_/);
  });

  it('refuses another customer’s order at every step', async () => {
    const order = await unpaidOrder();
    expect((await intentFor(order._id, bob)).statusCode).toBe(403);
    const { clientSecret } = (await intentFor(order._id)).json();
    const { paymentIntentId } = (await pay(clientSecret, '4242 4242 4242 4242')).json();
    const patch = await reportPayment(ctx.app, bob, order._id, paymentIntentId);
    expect(patch.statusCode).toBe(403);
    expect(
      (await inject(ctx.app, 'GET /api/order/:id', { params: { id: order._id }, as: bob }))
        .statusCode,
    ).toBe(403);
    expect(
      (await inject(ctx.app, 'DELETE /api/orders/:id', { params: { id: order._id }, as: bob }))
        .statusCode,
    ).toBe(403);
    expect((await intentFor(order._id, {} as typeof alice)).statusCode).toBe(401);
  });

  it.each([
    ['4000 0000 0000 0002', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'Your card has insufficient funds.'],
    ['4000 0000 0000 0069', 'Your card has expired.'],
    ['4242 4242 4242 4241', 'Your card number is invalid.'],
  ])('declines test card %s with “%s”', async (card, message) => {
    const order = await unpaidOrder();
    const { clientSecret } = (await intentFor(order._id)).json();
    const res = await pay(clientSecret, card);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ error: 'payment_failed', message });
  });

  it('refuses an expiry date in the past', async () => {
    const order = await unpaidOrder();
    const { clientSecret } = (await intentFor(order._id)).json();
    const res = await pay(clientSecret, '4242424242424242', '01/20');
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toMatch(/expiration year is in the past/);
  });

  it('marks the order paid only after the processor confirms it, once', async () => {
    const order = await unpaidOrder(10, 999);
    const { clientSecret } = (await intentFor(order._id)).json();
    const intentId = clientSecret.split('_secret_')[0]!;

    const early = await inject(ctx.app, 'PATCH /api/order/:id', {
      params: { id: order._id },
      body: {
        transactionId: intentId,
        amountTotal: 99.9,
      },
      as: alice,
    });
    expect(early.statusCode).toBe(402);
    expect(
      (await inject(ctx.app, 'GET /api/order/:id', { params: { id: order._id }, as: alice })).json()
        .paid,
    ).toBe(false);

    const charged = await pay(clientSecret, '4242 4242 4242 4242');
    expect(charged.json()).toEqual({ status: 'succeeded', paymentIntentId: intentId });
    const first = await inject(ctx.app, 'PATCH /api/order/:id', {
      params: { id: order._id },
      body: {
        orderId: order._id,
        transactionId: intentId,
        amountTotal: 0.01,
      },
      as: alice,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ paid: true, transactionId: intentId, amountTotal: 99.9 });

    const again = await reportPayment(ctx.app, alice, order._id, intentId);
    expect(again.json()).toEqual(first.json());
    await vi.waitFor(() => {
      const mails = outboxFor(ctx.config.dataDir, alice.email).filter((m) =>
        m.subject.startsWith('Payment received'),
      );
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toContain('$99.90');
    });
  });

  it('refuses a payment made for another order', async () => {
    const paidFor = await unpaidOrder();
    const other = await unpaidOrder();
    const { clientSecret } = (await intentFor(paidFor._id)).json();
    const { paymentIntentId } = (await pay(clientSecret, '4242424242424242')).json();
    const res = await reportPayment(ctx.app, alice, other._id, paymentIntentId);
    expect(res.statusCode).toBe(400);
    expect(
      (await inject(ctx.app, 'GET /api/order/:id', { params: { id: other._id }, as: alice })).json()
        .paid,
    ).toBe(false);
  });

  it('keeps a paid order from being paid again or deleted', async () => {
    const order = await unpaidOrder();
    const { clientSecret } = (await intentFor(order._id)).json();
    const { paymentIntentId } = (await pay(clientSecret, '4242424242424242')).json();
    await reportPayment(ctx.app, alice, order._id, paymentIntentId);
    expect((await intentFor(order._id)).statusCode).toBe(409);
    expect(
      (await inject(ctx.app, 'DELETE /api/orders/:id', { params: { id: order._id }, as: alice }))
        .statusCode,
    ).toBe(409);
  });

  it('keeps only the last four digits of a card', async () => {
    const order = await unpaidOrder();
    const { clientSecret } = (await intentFor(order._id)).json();
    await pay(clientSecret, '4000 0000 0000 0002');
    const [intent] = await ctx.db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.clientSecret, clientSecret));
    expect(intent?.cardLast4).toBe('0002');
    expect(JSON.stringify(intent)).not.toContain('4000000000000002');
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, order._id));
    expect(JSON.stringify(row)).not.toContain('4000000000000002');
  });
});
