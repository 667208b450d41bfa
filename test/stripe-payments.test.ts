import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, signUp } from './support/auth.ts';
import { startFakeStripe } from './support/fake-stripe.ts';
import { insertProduct } from './support/fixtures.ts';
import { makeTestApp } from './support/test-app.ts';

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
  });
  alice = await signUp(ctx.app);
});
afterAll(async () => {
  await ctx.app.close();
  await fake.stop();
});

const send = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: { origin: ORIGIN, cookie: alice.cookie } });

async function orderWithIntent() {
  const product = await insertProduct(ctx.db, { priceCents: 2500, stock: 100 });
  const order = (
    await send('POST', '/api/orders', { productId: product.id, quantity: 10, email: alice.email })
  ).json<{ _id: string }>();
  const intent = (await send('POST', '/api/create-payment-intent', { orderId: order._id })).json<{
    clientSecret: string;
  }>();
  return { order, intentId: intent.clientSecret.split('_secret_')[0]! };
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
    const again = await send('POST', '/api/create-payment-intent', { orderId: order._id });
    expect(again.json().clientSecret.startsWith(intentId)).toBe(true);
    const creates = fake.calls.filter((c) => c.method === 'POST');
    expect(creates.at(-1)?.idempotencyKey).toBe(`order-${order._id}-25000`);
  });

  it('records the payment only once Stripe says it succeeded', async () => {
    const { order, intentId } = await orderWithIntent();
    const early = await send('PATCH', `/api/order/${order._id}`, { transactionId: intentId });
    expect(early.statusCode).toBe(402);
    fake.succeed(intentId);
    const paid = await send('PATCH', `/api/order/${order._id}`, { transactionId: intentId });
    expect(paid.json()).toMatchObject({ paid: true, transactionId: intentId, amountTotal: 250 });
  });

  it('marks the order paid from a signed webhook, and a replay changes nothing', async () => {
    const { order, intentId } = await orderWithIntent();
    const intent = fake.succeed(intentId);
    const event = succeededEvent('evt_paid_1', intent);
    const first = await webhook(event);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const row = (await send('GET', `/api/order/${order._id}`)).json();
    expect(row).toMatchObject({ paid: true, transactionId: intentId });
    const replay = await webhook(event);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect((await send('GET', `/api/order/${order._id}`)).json()).toEqual(row);
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
    expect((await send('GET', `/api/order/${order._id}`)).json().paid).toBe(false);
  });

  it('settles from Stripe’s own record of the intent, not from the event body', async () => {
    const { order, intentId } = await orderWithIntent();
    const intent = { ...fake.succeed(intentId) };
    intent.amount = 1;
    // The event lies about the amount, but settling asks Stripe, which has the true one.
    const res = await webhook(succeededEvent('evt_tampered', intent));
    expect(res.statusCode).toBe(200);
    expect((await send('GET', `/api/order/${order._id}`)).json()).toMatchObject({
      paid: true,
      amountTotal: 250,
    });
  });
});
