import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './support/auth.ts';
import { givenDelivery } from './support/delivery.ts';
import { insertProduct } from './support/fixtures.ts';
import { makeTestApp } from './support/test-app.ts';
import { inject } from './support/inject.ts';
import { placeOrder as placeOrderFor, reportPayment } from './support/payments.ts';

const TOKEN = 'metrics-token-for-the-tests-0123';

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let alice: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  ctx = await makeTestApp({
    METRICS_TOKEN: TOKEN,
    MAX_UNPAID_ORDERS: '1000',
    // The app's own sweep expires the holds this file ends early.
    ORDER_EXPIRY_SWEEP_SECONDS: '0.2',
  });
  alice = await signUp(ctx.app, { name: 'Alice Metric' });
  await givenDelivery(ctx.app, alice);
});
afterAll(() => ctx.app.close());

const scrape = async () => {
  const res = await ctx.app.inject({
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.statusCode).toBe(200);
  return res.body;
};

/** The value of the sample `name` whose labels include all of `labels`; 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}) {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(\{[^}]*\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const labelText = match[2] ?? '';
    if (wanted.every((pair) => labelText.includes(pair))) return Number(match[3]);
  }
  return 0;
}

async function placeOrder(quantity = 10) {
  const product = await insertProduct(ctx.db, { priceCents: 1250, stock: 1000 });
  const res = await placeOrderFor(ctx.app, alice, product.id, quantity);
  expect(res.statusCode).toBe(201);
  return res.json<{ _id: string }>();
}

async function payWith(orderId: string, cardNumber: string) {
  const intent = await inject(ctx.app, 'POST /api/create-payment-intent', {
    body: { orderId, totalPrice: 0 },
    as: alice,
  });
  const { clientSecret } = intent.json<{ clientSecret: string }>();
  return inject(ctx.app, 'POST /api/payments/test/confirm', {
    body: {
      clientSecret,
      cardNumber,
      expiry: '12/34',
      cvc: '123',
    },
    as: alice,
  });
}

describe('GET /metrics behind its token', () => {
  it('answers a request without the token, or with another one, like an unknown path', async () => {
    const unknown = await ctx.app.inject({ url: '/no-such-page' });
    for (const authorization of [undefined, 'Bearer wrong-token-of-enough-length', TOKEN]) {
      const res = await ctx.app.inject({
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ ...unknown.json(), message: 'No route GET /metrics' });
    }
  });

  it('is not there at all when METRICS_TOKEN is not set', async () => {
    const plain = await makeTestApp();
    try {
      const res = await plain.app.inject({
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.app.close();
    }
  });

  it('serves Prometheus text with the process metrics to the right token', async () => {
    const res = await ctx.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toContain('# TYPE process_cpu_seconds_total counter');
    expect(res.body).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
  });
});

describe('what the metrics count', () => {
  it('counts orders placed, payments that went through and payments declined', async () => {
    const before = await scrape();
    const paid = await placeOrder();
    await placeOrder();
    expect((await payWith(paid._id, '4000 0000 0000 0002')).statusCode).toBe(402);
    const card = await payWith(paid._id, '4242 4242 4242 4242');
    const { paymentIntentId } = card.json<{ paymentIntentId: string }>();
    const record = await reportPayment(ctx.app, alice, paid._id, paymentIntentId);
    expect(record.statusCode).toBe(200);
    // Reporting the same payment again changes nothing, and counts nothing.
    await reportPayment(ctx.app, alice, paid._id, paymentIntentId);

    const after = await scrape();
    const moved = (name: string) => sample(after, name) - sample(before, name);
    expect(moved('shop_orders_placed_total')).toBe(2);
    expect(moved('shop_payments_succeeded_total')).toBe(1);
    expect(moved('shop_payments_failed_total')).toBe(1);
  });

  it('counts unpaid orders whose hold ended and whose stock went back', async () => {
    const before = sample(await scrape(), 'shop_stock_holds_expired_total');
    const order = await placeOrder();
    await ctx.db.execute(
      sql`update "order" set hold_until = now() - interval '1 second' where id = ${order._id}`,
    );
    await expect
      .poll(async () => sample(await scrape(), 'shop_stock_holds_expired_total') - before, {
        timeout: 5000,
      })
      .toBe(1);
  });

  it('times requests by route pattern and status class, never by the raw URL', async () => {
    const product = await insertProduct(ctx.db, { stock: 3 });
    await ctx.app.inject({ url: `/api/tools/${product.id}` });
    await ctx.app.inject({ url: `/api/tools/${product.id}` });
    await ctx.app.inject({ url: '/api/tools/00000000-0000-4000-8000-000000000000' });
    await ctx.app.inject({ url: `/api/no-such-call-${product.id}` });
    const text = await scrape();

    const count = 'http_request_duration_seconds_count';
    const route = { method: 'GET', route: '/api/tools/:id' };
    expect(sample(text, count, { ...route, status_class: '2xx' })).toBeGreaterThanOrEqual(2);
    expect(sample(text, count, { ...route, status_class: '4xx' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, count, { route: 'unmatched', status_class: '4xx' })).toBeGreaterThan(0);
    expect(text).not.toContain(product.id);
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.005",method="GET"');
  });

  it('counts read-cache hits and misses', async () => {
    const product = await insertProduct(ctx.db, { stock: 3 });
    // On PostgreSQL the insert also reaches the cache as a change notification, which drops
    // what was cached whenever it lands; let it land before counting.
    await new Promise((resolve) => setTimeout(resolve, 500));
    // The list reads the brands and categories, which every product answer names, into the cache.
    await ctx.app.inject({ url: '/api/tools' });
    const before = await scrape();
    await ctx.app.inject({ url: `/api/tools/${product.id}` });
    await ctx.app.inject({ url: `/api/tools/${product.id}` });
    const after = await scrape();
    const moved = (result: string) =>
      sample(after, 'shop_read_cache_reads_total', { table: 'product', result }) -
      sample(before, 'shop_read_cache_reads_total', { table: 'product', result });
    // The product missed once and then hit; the filing it is named with hit the first time.
    expect(moved('miss')).toBe(1);
    expect(moved('hit')).toBe(2);
  });

  it('reports the database connections and how long queries waited for one', async () => {
    const text = await scrape();
    const idle = sample(text, 'db_pool_connections', { state: 'idle' });
    const inUse = sample(text, 'db_pool_connections', { state: 'in_use' });
    expect(idle + inUse).toBeGreaterThan(0);
    expect(text).toContain('# TYPE db_pool_waiting gauge');
    expect(sample(text, 'db_pool_wait_seconds_count')).toBeGreaterThan(0);
  });
});
