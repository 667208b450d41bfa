import { and, eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createReadCache } from '../src/server/cache/read-cache.ts';
import { auditLog, orders, products } from '../src/server/db/schema.ts';
import { expireHeldOrders } from '../src/server/flows/steps/expire-held-orders.ts';
import { outboxFor, signUp } from './support/auth.ts';
import { givenDelivery } from './support/delivery.ts';
import { startFakeStripe } from './support/fake-stripe.ts';
import { insertProduct } from './support/fixtures.ts';
import { makeTestApp } from './support/test-app.ts';
import { inject } from './support/inject.ts';
import { placeOrder, reportPayment } from './support/payments.ts';

const WEBHOOK_SECRET = 'whsec_test_ecparts_0123456789';
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let alice: Awaited<ReturnType<typeof signUp>>;
const sdk = new Stripe('sk_test_only_for_signing');

beforeAll(async () => {
  fake = await startFakeStripe();
  ctx = await makeTestApp({
    STRIPE_SECRET_KEY: 'sk_test_ecparts',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_ecparts',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.url,
    // Every test here leaves an unpaid order behind; the cap is order-holds.test.ts's subject.
    MAX_UNPAID_ORDERS: '1000',
  });
  alice = await signUp(ctx.app);
  // Her orders ship to her default address, so they can be paid.
  await givenDelivery(ctx.app, alice);
});
afterAll(async () => {
  await ctx.app.close();
  await fake.stop();
});

async function orderWithIntent() {
  const product = await insertProduct(ctx.db, { priceCents: 2500, stock: 100 });
  const order = (await placeOrder(ctx.app, alice, product.id, 10)).json<{ _id: string }>();
  const intent = (
    await inject(ctx.app, 'POST /api/create-payment-intent', {
      body: { orderId: order._id },
      as: alice,
    })
  ).json<{
    clientSecret: string;
  }>();
  return { order, product, intentId: intent.clientSecret.split('_secret_')[0]! };
}

function webhook(event: object, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const signature = sdk.webhooks.generateTestHeaderString({ payload, secret });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

const succeededEvent = (id: string, intent: object) => ({
  id,
  object: 'event',
  type: 'payment_intent.succeeded',
  data: { object: intent },
});

describe('paying through Stripe', () => {
  it('tells the web app to use Stripe with the publishable key', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/site-config' });
    expect(res.json().payments).toEqual({ provider: 'stripe', publishableKey: 'pk_test_ecparts' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
    expect(csp).toContain('frame-src https://js.stripe.com https://hooks.stripe.com');
  });

  it('creates one PaymentIntent per order, in cents, with the order id and an idempotency key', async () => {
    const { order, intentId } = await orderWithIntent();
    const again = await inject(ctx.app, 'POST /api/create-payment-intent', {
      body: { orderId: order._id },
      as: alice,
    });
    expect(again.json().clientSecret.startsWith(intentId)).toBe(true);
    const creates = fake.calls.filter((c) => c.method === 'POST');
    expect(creates.at(-1)?.idempotencyKey).toBe(`order-${order._id}-25000`);
  });

  it('records the payment only once Stripe says it succeeded', async () => {
    const { order, intentId } = await orderWithIntent();
    const early = await reportPayment(ctx.app, alice, order._id, intentId);
    expect(early.statusCode).toBe(402);
    fake.succeed(intentId);
    const paid = await reportPayment(ctx.app, alice, order._id, intentId);
    expect(paid.json()).toMatchObject({ paid: true, transactionId: intentId, amountTotal: 250 });
  });

  it('marks the order paid from a signed webhook, and a replay changes nothing', async () => {
    const { order, intentId } = await orderWithIntent();
    const intent = fake.succeed(intentId);
    const event = succeededEvent('evt_paid_1', intent);
    const first = await webhook(event);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const row = (
      await inject(ctx.app, 'GET /api/order/:id', { params: { id: order._id }, as: alice })
    ).json();
    expect(row).toMatchObject({ paid: true, transactionId: intentId });
    const replay = await webhook(event);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect(
      (
        await inject(ctx.app, 'GET /api/order/:id', { params: { id: order._id }, as: alice })
      ).json(),
    ).toEqual(row);
  });

  it('refuses a webhook with a bad or missing signature', async () => {
    const { order, intentId } = await orderWithIntent();
    const intent = fake.succeed(intentId);
    const forged = await webhook(succeededEvent('evt_forged', intent), 'whsec_someone_else');
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ error: 'bad_request', message: 'Invalid Stripe signature.' });
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(succeededEvent('evt_unsigned', intent)),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(
      (await inject(ctx.app, 'GET /api/order/:id', { params: { id: order._id }, as: alice })).json()
        .paid,
    ).toBe(false);
  });

  it('settles from Stripe’s own record of the intent, not from the event body', async () => {
    const { order, intentId } = await orderWithIntent();
    const intent = { ...fake.succeed(intentId) };
    intent.amount = 1;
    // The event lies about the amount, but settling asks Stripe, which has the true one.
    const res = await webhook(succeededEvent('evt_tampered', intent));
    expect(res.statusCode).toBe(200);
    expect(
      (
        await inject(ctx.app, 'GET /api/order/:id', { params: { id: order._id }, as: alice })
      ).json(),
    ).toMatchObject({
      paid: true,
      amountTotal: 250,
    });
  });
});

const stockOf = async (id: string) =>
  (await ctx.db.select().from(products).where(eq(products.id, id)))[0]?.stock;
const orderRow = async (id: string) =>
  (await ctx.db.select().from(orders).where(eq(orders.id, id)))[0];

describe('deleting an order whose Stripe payment has started', () => {
  it('cancels the PaymentIntent at Stripe first, then deletes the order and gives the stock back', async () => {
    const { order, product, intentId } = await orderWithIntent();
    const res = await inject(ctx.app, 'DELETE /api/orders/:id', {
      params: { id: order._id },
      as: alice,
    });
    expect(res.statusCode).toBe(200);
    expect(fake.intent(intentId)?.status).toBe('canceled');
    expect(fake.calls).toContainEqual(
      expect.objectContaining({ method: 'POST', path: `/v1/payment_intents/${intentId}/cancel` }),
    );
    expect(await orderRow(order._id)).toBeUndefined();
    expect(await stockOf(product.id)).toBe(100);
  });

  it('refuses while Stripe is still processing the payment, and changes nothing', async () => {
    const { order, product, intentId } = await orderWithIntent();
    fake.process(intentId);
    const res = await inject(ctx.app, 'DELETE /api/orders/:id', {
      params: { id: order._id },
      as: alice,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^This order's payment is under way/);
    expect(await orderRow(order._id)).toMatchObject({ status: 'unpaid' });
    expect(await stockOf(product.id)).toBe(90);
    expect(fake.intent(intentId)?.status).toBe('processing');
  });

  it('refuses once the payment has succeeded, and records the order as paid', async () => {
    const { order, intentId } = await orderWithIntent();
    fake.succeed(intentId);
    const res = await inject(ctx.app, 'DELETE /api/orders/:id', {
      params: { id: order._id },
      as: alice,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A paid order cannot be deleted.');
    expect(await orderRow(order._id)).toMatchObject({ status: 'paid', transactionId: intentId });
    expect(fake.refundsOf(intentId)).toEqual([]);
  });
});

describe('a Stripe payment that succeeds for an order that expired or is gone', () => {
  // By payment: the mails quote the order's number, and a gone order's has none.
  const refundMails = (paymentId: string) =>
    outboxFor(ctx.config.dataDir, alice.email).filter(
      (m) => m.subject.startsWith('Payment refunded') && m.text.includes(paymentId),
    );

  it('is refunded from the webhook, in the audit trail and mailed, once however often Stripe tells us', async () => {
    const { order, intentId } = await orderWithIntent();
    await ctx.db
      .update(orders)
      .set({ holdUntil: sql`now() - interval '1 second'` })
      .where(eq(orders.id, order._id));
    expect(await expireHeldOrders(ctx.db, createReadCache())).toBe(1);
    // The customer paid on the page that was still open.
    const intent = fake.succeed(intentId);

    expect((await webhook(succeededEvent('evt_late_1', intent))).statusCode).toBe(200);
    // Stripe retries with another event, and the customer's page reports it too.
    expect((await webhook(succeededEvent('evt_late_2', intent))).statusCode).toBe(200);
    const report = await reportPayment(ctx.app, alice, order._id, intentId);
    expect(report.statusCode).toBe(409);
    expect(report.json().message).toMatch(/^Your payment has been refunded in full/);

    expect(fake.refundsOf(intentId)).toHaveLength(1);
    expect(await orderRow(order._id)).toMatchObject({ status: 'expired' });
    const trail = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment.refund'), eq(auditLog.targetId, order._id)));
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ actorEmail: 'system' });
    await vi.waitFor(() => expect(refundMails(intentId)).toHaveLength(1));
  });

  it('is refunded to the email on the PaymentIntent when the order is gone', async () => {
    const { order, intentId } = await orderWithIntent();
    const intent = fake.succeed(intentId);
    await ctx.db.delete(orders).where(eq(orders.id, order._id));
    expect((await webhook(succeededEvent('evt_gone_1', intent))).statusCode).toBe(200);
    expect(fake.refundsOf(intentId)).toHaveLength(1);
    expect(fake.intent(intentId)?.metadata.customerEmail).toBe(alice.email);
    await vi.waitFor(() => expect(refundMails(intentId)).toHaveLength(1));
  });
});
