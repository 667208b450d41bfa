import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createReadCache } from '../src/server/cache/read-cache.ts';
import type { Database } from '../src/server/db/client.ts';
import { products } from '../src/server/db/schema.ts';
import { expireHeldOrders } from '../src/server/flows/steps/expire-held-orders.ts';
import { signUp } from './support/auth.ts';
import { endHolds, insertProduct } from './support/fixtures.ts';
import { freshDatabase, makeTestApp } from './support/test-app.ts';
import { inject } from './support/inject.ts';
import { chargeCard, reportPayment, startPayment } from './support/payments.ts';

type Ctx = Awaited<ReturnType<typeof makeTestApp>>;
type Who = { cookie: string; email: string };

let ctx: Ctx;
let alice: Who;
let bob: Who;
const ADMIN = 'holds-admin@example.com';

beforeAll(async () => {
  ctx = await makeTestApp({ ADMIN_EMAILS: ADMIN });
  alice = await signUp(ctx.app, { name: 'Alice Wheel' });
  bob = await signUp(ctx.app, { name: 'Bob Brake' });
});
afterAll(() => ctx.app.close());

const place = (who: Who, productId: string, quantity = 10, app = ctx.app) =>
  inject(app, 'POST /api/orders', { body: { productId, quantity, email: who.email }, as: who });

const stockOf = async (id: string, db = ctx.db) =>
  (await db.select().from(products).where(eq(products.id, id)))[0]?.stock;

const endHold = (...ids: string[]) => endHolds(ctx.db, ...ids);

const sweep = () => expireHeldOrders(ctx.db, createReadCache());

/** Deletes whatever `who` still has unpaid, so each test starts under the cap. */
async function clearUnpaid(who: Who) {
  const mine = await inject(ctx.app, 'GET /api/orders', { query: { email: who.email }, as: who });
  for (const order of mine.json<{ data: { _id: string; paid: boolean }[] }>().data) {
    if (!order.paid)
      await inject(ctx.app, 'DELETE /api/orders/:id', { params: { id: order._id }, as: who });
  }
}

describe('an unpaid order holds its stock for ORDER_HOLD_MINUTES', () => {
  it('shows its status and when its hold ends, 60 minutes after it was placed', async () => {
    const product = await insertProduct(ctx.db, { stock: 100 });
    const res = await place(alice, product.id);
    expect(res.statusCode).toBe(201);
    const order = res.json<{ status: string; createdAt: string; expiresAt: string }>();
    expect(order).toMatchObject({ status: 'unpaid', paid: false, shipped: false });
    const held = Date.parse(order.expiresAt) - Date.parse(order.createdAt);
    expect(Math.abs(held - 60 * 60_000)).toBeLessThan(5_000);
    await clearUnpaid(alice);
  });

  it('expires once its hold has ended and gives the stock back exactly once, however many sweeps run', async () => {
    const product = await insertProduct(ctx.db, { stock: 100 });
    const first = (await place(alice, product.id, 30)).json<{ _id: string }>();
    const second = (await place(bob, product.id, 20)).json<{ _id: string }>();
    const kept = (await place(bob, product.id, 10)).json<{ _id: string }>();
    expect(await stockOf(product.id)).toBe(40);
    await endHold(first._id, second._id);

    const expired = await Promise.all([sweep(), sweep(), sweep(), sweep()]);
    expect(expired.reduce((a, b) => a + b, 0)).toBe(2);
    expect(await sweep()).toBe(0);
    expect(await stockOf(product.id)).toBe(90);

    const seen = await inject(ctx.app, 'GET /api/order/:id', {
      params: { id: first._id },
      as: alice,
    });
    expect(seen.json()).toMatchObject({ status: 'expired', paid: false, shipped: false });
    expect(seen.json().expiresAt).toBeUndefined();
    const still = await inject(ctx.app, 'GET /api/order/:id', {
      params: { id: kept._id },
      as: bob,
    });
    expect(still.json()).toMatchObject({ status: 'unpaid' });
    await clearUnpaid(alice);
    await clearUnpaid(bob);
  });

  it('is expired by the server itself within the sweep interval after its hold ends', async () => {
    const quick = await makeTestApp({
      ORDER_HOLD_MINUTES: '0.01',
      ORDER_EXPIRY_SWEEP_SECONDS: '0.2',
    });
    try {
      const carol = await signUp(quick.app, { name: 'Carol Crank' });
      const product = await insertProduct(quick.db, { stock: 50 });
      const placed = await place(carol, product.id, 20, quick.app);
      expect(placed.json().status).toBe('unpaid');
      expect(await stockOf(product.id, quick.db)).toBe(30);
      await vi.waitFor(
        async () => {
          const now = await inject(quick.app, 'GET /api/order/:id', {
            params: { id: placed.json()._id },
            as: carol,
          });
          expect(now.json().status).toBe('expired');
        },
        { timeout: 5_000, interval: 100 },
      );
      expect(await stockOf(product.id, quick.db)).toBe(50);
      // The catalogue shows the stock that came back, not a cached figure.
      const listed = await quick.app.inject({ method: 'GET', url: `/api/tools/${product.id}` });
      expect(listed.json().stock).toBe(50);
    } finally {
      await quick.app.close();
    }
  }, 60_000);
});

describe('an expired order', () => {
  it('cannot be paid: starting, confirming and recording a payment answer 409 and say why', async () => {
    const product = await insertProduct(ctx.db, { stock: 100 });
    const { _id } = (await place(alice, product.id)).json<{ _id: string }>();
    const intent = await startPayment(ctx.app, alice, _id);
    const { clientSecret } = intent.json<{ clientSecret: string }>();
    await endHold(_id);
    await sweep();

    const expiredMessage = expect.stringMatching(/^This order has expired/);
    const again = await startPayment(ctx.app, alice, _id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'conflict', message: expiredMessage });

    const confirm = await chargeCard(ctx.app, alice, clientSecret);
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().message).toEqual(expiredMessage);

    const record = await reportPayment(ctx.app, alice, _id, clientSecret.split('_secret_')[0]!);
    expect(record.statusCode).toBe(409);
    expect(record.json().message).toEqual(expiredMessage);
    expect(
      (await inject(ctx.app, 'GET /api/order/:id', { params: { id: _id }, as: alice })).json()
        .status,
    ).toBe('expired');
  });

  it('cannot be charged once its hold has ended, even before the sweep has marked it', async () => {
    const product = await insertProduct(ctx.db, { stock: 100 });
    const { _id } = (await place(alice, product.id)).json<{ _id: string }>();
    const { clientSecret } = (await startPayment(ctx.app, alice, _id)).json<{
      clientSecret: string;
    }>();
    await endHold(_id);
    const confirm = await chargeCard(ctx.app, alice, clientSecret);
    expect(confirm.statusCode).toBe(409);
    await sweep();
  });

  it('can be deleted by its owner or an admin, and gives no stock back a second time', async () => {
    const product = await insertProduct(ctx.db, { stock: 100 });
    const mine = (await place(alice, product.id, 20)).json<{ _id: string }>();
    const bobs = (await place(bob, product.id, 30)).json<{ _id: string }>();
    await endHold(mine._id, bobs._id);
    await sweep();
    expect(await stockOf(product.id)).toBe(100);

    expect(
      (await inject(ctx.app, 'DELETE /api/orders/:id', { params: { id: bobs._id }, as: alice }))
        .statusCode,
    ).toBe(403);
    const deleted = await inject(ctx.app, 'DELETE /api/orders/:id', {
      params: { id: mine._id },
      as: alice,
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ deleted: true, _id: mine._id, name: product.name });
    const admin = await signUp(ctx.app, { email: ADMIN });
    expect(
      (await inject(ctx.app, 'DELETE /api/orders/:id', { params: { id: bobs._id }, as: admin }))
        .statusCode,
    ).toBe(200);
    expect(await stockOf(product.id)).toBe(100);
  });
});

describe('the unpaid-order cap (MAX_UNPAID_ORDERS, 5 by default)', () => {
  it('refuses a sixth unpaid order with 409 saying why and what to do, until one is paid or deleted', async () => {
    const dave = await signUp(ctx.app, { name: 'Dave Derailleur' });
    const product = await insertProduct(ctx.db, { stock: 1000 });
    const placed: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await place(dave, product.id);
      expect(res.statusCode).toBe(201);
      placed.push(res.json()._id);
    }
    const sixth = await place(dave, product.id);
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json()).toEqual({
      error: 'conflict',
      message: 'You have 5 unpaid orders. Pay or delete one before placing another.',
    });
    expect(await stockOf(product.id)).toBe(950);
    // Another customer is not held back by Dave's orders.
    expect((await place(bob, product.id)).statusCode).toBe(201);

    await inject(ctx.app, 'DELETE /api/orders/:id', { params: { id: placed[0]! }, as: dave });
    expect((await place(dave, product.id)).statusCode).toBe(201);
    // An expired order holds nothing, so it does not count.
    await endHold(placed[1]!);
    await sweep();
    expect((await place(dave, product.id)).statusCode).toBe(201);
    expect((await place(dave, product.id)).statusCode).toBe(409);
    await clearUnpaid(bob);
  });

  it('holds under concurrency: 20 orders at once by one customer give exactly 5', async () => {
    const erin = await signUp(ctx.app, { name: 'Erin Espresso' });
    const product = await insertProduct(ctx.db, { stock: 1000 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => place(erin, product.id)));
    const byStatus: Record<number, number> = {};
    for (const { statusCode } of answers) byStatus[statusCode] = (byStatus[statusCode] ?? 0) + 1;
    expect(byStatus).toEqual({ 201: 5, 409: 15 });
    expect(await stockOf(product.id)).toBe(950);
  });
});

describe('the migration to order statuses', () => {
  const journal = JSON.parse(readFileSync('drizzle/meta/_journal.json', 'utf8')) as {
    entries: { tag: string }[];
  };
  const statements = (tag: string) =>
    readFileSync(`drizzle/${tag}.sql`, 'utf8')
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .filter(Boolean);
  const run = async (database: Database, text: string) => {
    if (database.driver.kind === 'pglite') return (await database.driver.client.query(text)).rows;
    return (await database.driver.pool.query(text)).rows;
  };

  it('turns paid and shipped flags into statuses and gives old unpaid orders the default hold', async () => {
    const database = await freshDatabase();
    try {
      const tags = journal.entries.map((e) => e.tag);
      const at = tags.indexOf('0006_order_holds');
      for (const tag of tags.slice(0, at)) {
        for (const statement of statements(tag)) await run(database, statement);
      }
      await run(
        database,
        `insert into product (id, name, price_cents, stock, image_url)
         values ('00000000-0000-4000-8000-000000000001', 'Chain whip', 100, 0, '/x.svg')`,
      );
      const order = (id: number, paid: boolean, shipped: boolean, age: string) =>
        run(
          database,
          `insert into "order" (id, user_id, email, user_name, product_id, product_name,
             unit_price_cents, quantity, total_cents, paid, shipped_at, created_at)
           values ('00000000-0000-4000-8000-00000000010${id}', 'u', 'a@example.com', 'A',
             '00000000-0000-4000-8000-000000000001', 'Chain whip', 100, 10, 1000, ${paid},
             ${shipped ? 'now()' : 'null'}, now() - interval '${age}')`,
        );
      await order(1, false, false, '2 hours');
      await order(2, false, false, '10 minutes');
      await order(3, true, false, '3 days');
      await order(4, true, true, '3 days');
      for (const statement of statements('0006_order_holds')) await run(database, statement);

      const rows = await run(
        database,
        `select right(id::text, 1) as n, status,
           round(extract(epoch from hold_until - created_at))::int as hold
         from "order" order by id`,
      );
      expect(rows).toEqual([
        { n: '1', status: 'unpaid', hold: 3600 },
        { n: '2', status: 'unpaid', hold: 3600 },
        { n: '3', status: 'paid', hold: 3600 },
        { n: '4', status: 'shipped', hold: 3600 },
      ]);
    } finally {
      await database.close();
    }
  }, 90_000);
});
