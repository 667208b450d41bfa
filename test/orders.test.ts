import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order } from '../src/contract/orders.ts';
import { orders, products } from '../src/server/db/schema.ts';
import { accessTokenFor, outboxFor, signUp } from './support/auth.ts';
import { insertProduct, insertSpokes } from './support/fixtures.ts';
import { makeTestApp, testDatabaseKind } from './support/test-app.ts';
import { inject, type Sender } from './support/inject.ts';

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let alice: Awaited<ReturnType<typeof signUp>>;
let bob: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  // Alice places far more orders here than the unpaid-order cap, the hold caps and the
  // per-account order limit allow (order-holds.test.ts, hoarding.test.ts and rate-limits.test.ts
  // cover those), so they are lifted here.
  ctx = await makeTestApp(
    {
      ADMIN_EMAILS: 'orders-admin@example.com',
      MAX_UNPAID_ORDERS: '10000',
      ORDER_RATE_LIMIT: '10000',
      MAX_UNPAID_VALUE_UNVERIFIED: '1000000',
      MAX_UNPAID_VALUE: '1000000',
      MAX_UNPAID_SHARE: '100',
    },
    // The 1,000 orders below queue on one part's row lock. On a busy 2-CPU machine (the PGlite
    // run of the same file alongside) the last ones waited past the shop's 15 s for a
    // connection and got the overload 503, old code and new alike: what is under test here is
    // that no order oversells, so they may wait (test/faults covers the 503s).
    { poolWaitMs: 60_000 },
  );
  alice = await signUp(ctx.app, { name: 'Alice Wheel' });
  bob = await signUp(ctx.app, { name: 'Bob Brake' });
});
afterAll(() => ctx.app.close());

type Who = { cookie?: string; token?: string };

const stockOf = async (id: string) =>
  (await ctx.db.select().from(products).where(eq(products.id, id)))[0]?.stock;

const place = (who: Who, productId: string, quantity: number, extra: object = {}) =>
  inject(ctx.app, 'POST /api/orders', {
    body: {
      productId,
      quantity,
      email: alice.email,
      ...extra,
    },
    as: who,
  });

/** Places the order, which the shop takes (201): the order as placed. */
async function placedOrder(...args: Parameters<typeof place>) {
  const res = await place(...args);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Order>();
}

describe('placing an order', () => {
  it('takes name, price and total from the database and reserves the stock', async () => {
    const product = await insertProduct(ctx.db, {
      name: 'Spoke key',
      priceCents: 1999,
      stock: 100,
    });
    const order = await placedOrder(alice, product.id, 20, {
      name: 'Free stuff',
      price: 0.01,
      totalPrice: 0.2,
      userName: 'Mallory',
      paid: true,
    });
    expect(order).toMatchObject({
      name: 'Spoke key',
      price: 19.99,
      quantity: 20,
      totalPrice: 399.8,
      email: alice.email,
      userName: 'Alice Wheel',
      paid: false,
      shipped: false,
      status: 'unpaid',
    });
    expect(await stockOf(product.id)).toBe(80);
    // The mail goes out after the answer; the order does not wait for it.
    await vi.waitFor(() => {
      const mails = outboxFor(ctx.config.dataDir, alice.email);
      const placed = mails.find((m) => m.subject.startsWith(`Order #${order.number} placed`));
      expect(placed?.text).toContain('$399.80');
    });
  });

  it('refuses fewer than 10 pieces with the spec’s message, and sends nothing to stock', async () => {
    const product = await insertProduct(ctx.db, { stock: 100 });
    const res = await place(alice, product.id, 9);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Quantity must Be 10 or more');
    expect(await stockOf(product.id)).toBe(100);
  });

  it("follows the product's own minimum and pack, and prices by its ladder", async () => {
    const spokes = await insertSpokes(ctx.db, { stock: 1000 });
    const under = await place(alice, spokes.id, 20);
    expect(under.statusCode).toBe(400);
    expect(under.json().message).toBe('The minimum for this part is 36');
    const off = await place(alice, spokes.id, 50);
    expect(off.statusCode).toBe(400);
    expect(off.json().message).toBe('Sold in packs of 36: try 36 or 72');
    expect(await placedOrder(alice, spokes.id, 360)).toMatchObject({
      name: 'Spoke 2.0 x 262',
      price: 0.39,
      quantity: 360,
      totalPrice: 140.4,
      lines: [{ productId: spokes.id, sku: spokes.sku, quantity: 360, unitPrice: 0.39 }],
    });
    expect(await stockOf(spokes.id)).toBe(640);
  });

  it('refuses more than the stock with 409 and the stock left', async () => {
    const product = await insertProduct(ctx.db, { stock: 15 });
    const res = await place(alice, product.id, 16);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'conflict', message: 'Only 15 in stock' });
    expect(await stockOf(product.id)).toBe(15);
  });

  it('refuses anonymous callers, another customer’s email, and unknown products', async () => {
    const product = await insertProduct(ctx.db);
    expect((await place({}, product.id, 10)).statusCode).toBe(401);
    expect((await place(bob, product.id, 10)).statusCode).toBe(403);
    expect((await place(alice, '8d4f6c7e-0000-4000-8000-000000000000', 10)).statusCode).toBe(404);
    expect((await place(alice, 'not-an-id', 10)).statusCode).toBe(404);
    expect((await place(alice, product.id, 10.5)).statusCode).toBe(400);
  });
});

describe('reading orders', () => {
  it('lists only the caller’s own orders, by session or by accessToken', async () => {
    const product = await insertProduct(ctx.db);
    await place(alice, product.id, 10);
    const list = (as?: Sender) =>
      inject(ctx.app, 'GET /api/orders', { query: { email: alice.email }, as });
    expect((await list()).statusCode).toBe(401);
    expect((await list(bob)).statusCode).toBe(403);
    const byCookie = await list(alice);
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.json().data.every((o: { email: string }) => o.email === alice.email)).toBe(
      true,
    );
    const token = await accessTokenFor(ctx.app, alice.cookie, alice.email);
    const byToken = await list({ token });
    expect(byToken.json().data).toEqual(byCookie.json().data);
  });

  it('shows one order to its owner and admins, 403 to others, 404 when unknown', async () => {
    const product = await insertProduct(ctx.db);
    const { _id } = (await place(alice, product.id, 10)).json();
    expect(
      (await inject(ctx.app, 'GET /api/order/:id', { params: { id: _id }, as: alice })).json()._id,
    ).toBe(_id);
    expect(
      (await inject(ctx.app, 'GET /api/order/:id', { params: { id: _id }, as: bob })).statusCode,
    ).toBe(403);
    const admin = await signUp(ctx.app, { email: 'orders-admin@example.com' });
    expect(
      (await inject(ctx.app, 'GET /api/order/:id', { params: { id: _id }, as: admin })).statusCode,
    ).toBe(200);
    expect(
      (await inject(ctx.app, 'GET /api/order/:id', { params: { id: 'nope' }, as: alice }))
        .statusCode,
    ).toBe(404);
  });
});

describe('deleting an order', () => {
  it('gives the stock back, once, and only for its owner', async () => {
    const product = await insertProduct(ctx.db, { stock: 50 });
    const { _id } = (await place(alice, product.id, 30)).json();
    expect(await stockOf(product.id)).toBe(20);
    expect(
      (await inject(ctx.app, 'DELETE /api/orders/:id', { params: { id: _id }, as: bob }))
        .statusCode,
    ).toBe(403);
    const res = await inject(ctx.app, 'DELETE /api/orders/:id', { params: { id: _id }, as: alice });
    expect(res.json()).toEqual({ deleted: true, _id, name: product.name });
    expect(await stockOf(product.id)).toBe(50);
    expect(
      (await inject(ctx.app, 'DELETE /api/orders/:id', { params: { id: _id }, as: alice }))
        .statusCode,
    ).toBe(404);
    expect(await stockOf(product.id)).toBe(50);
  });

  it('refuses to delete a paid order', async () => {
    const product = await insertProduct(ctx.db, { stock: 50 });
    const { _id } = (await place(alice, product.id, 10)).json();
    await ctx.db.update(orders).set({ status: 'paid' }).where(eq(orders.id, _id));
    const res = await inject(ctx.app, 'DELETE /api/orders/:id', { params: { id: _id }, as: alice });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A paid order cannot be deleted.');
    expect(await stockOf(product.id)).toBe(40);
  });
});

// PostgreSQL runs the orders at once, so its 1,000 race for the stock. PGlite takes one query at
// a time and cannot race (test/faults proves races with two servers on PostgreSQL): there 200
// orders show the same count at a fifth of the time (it took 55 s of the suite's 45 minutes).
const racers = testDatabaseKind === 'postgres' ? 1000 : 200;

describe('stock under concurrency', () => {
  it(`${racers.toLocaleString('en-US')} concurrent orders of 10 against stock ${(racers * 5).toLocaleString('en-US')}: exactly half succeed, stock ends at 0`, async () => {
    const product = await insertProduct(ctx.db, { stock: racers * 5 });
    const results = await Promise.all(
      Array.from({ length: racers }, () => place(alice, product.id, 10)),
    );
    // Counted by status, so that a failure shows every answer that was not 201 or 409.
    const byStatus: Record<number, number> = {};
    for (const { statusCode } of results) byStatus[statusCode] = (byStatus[statusCode] ?? 0) + 1;
    expect(byStatus).toEqual({ 201: racers / 2, 409: racers / 2 });
    expect(await stockOf(product.id)).toBe(0);
    const placed = await ctx.db.select().from(orders).where(eq(orders.productId, product.id));
    expect(placed).toHaveLength(racers / 2);
  }, 180_000);
});
