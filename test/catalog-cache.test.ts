import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/server/app.ts';
import { createReadCache } from '../src/server/cache/read-cache.ts';
import { openPostgres } from '../src/server/db/client.ts';
import { products, reviews } from '../src/server/db/schema.ts';
import { signUp, type Account } from './support/auth.ts';
import { insertProduct, insertReview } from './support/fixtures.ts';
import { makeTestApp, testConfig, testDatabaseKind } from './support/test-app.ts';
import { saveStockCount } from './support/requests.ts';
import { inject } from './support/inject.ts';
import { placeOrder } from './support/payments.ts';

// The catalogue and the reviews are served from memory (src/server/cache/). These tests hold
// it to its promise: whoever writes, and however, the next read shows the write.

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let admin: Account;
let customer: Account;

beforeAll(async () => {
  ctx = await makeTestApp({ ADMIN_EMAILS: 'cache-admin@example.com' });
  admin = await signUp(ctx.app, { email: 'cache-admin@example.com', name: 'Cache Admin' });
  customer = await signUp(ctx.app, { name: 'Casey Cached' });
});
afterAll(() => ctx.app.close());

type Listed = { _id: string; name: string; stock: number; price: number };
const listed = async (query: { q?: string; limit?: string } = {}) =>
  (await inject(ctx.app, 'GET /api/tools', { query })).json() as { data: Listed[]; total: number };
const one = async (id: string) =>
  (await inject(ctx.app, 'GET /api/tools/:id', { params: { id } })).json() as Listed;
/**
 * A product written straight to the database. PostgreSQL reports the write to the server a
 * moment after commit; wait for that, so a list cached before cannot hide the new product.
 */
async function seeded(overrides: Parameters<typeof insertProduct>[1]) {
  const row = await insertProduct(ctx.db, overrides);
  if (testDatabaseKind === 'postgres') await new Promise((resolve) => setTimeout(resolve, 300));
  return row;
}

const stockIn = async (id: string, query = { limit: '50' }) =>
  (await listed(query)).data.find((p) => p._id === id)?.stock;

describe('the read cache', () => {
  it('serves repeated reads from memory, not from the database', async () => {
    const product = await seeded({ name: 'Cached chain whip', stock: 70 });
    expect((await one(product.id)).stock).toBe(70);
    // A write the database does not report (its change trigger off) stays unseen: proof that
    // the second read came from memory. Every real write is reported, as the tests below show.
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`alter table product disable trigger product_changed`);
      await tx.update(products).set({ stock: 71 }).where(eq(products.id, product.id));
      await tx.execute(sql`alter table product enable trigger product_changed`);
    });
    expect((await one(product.id)).stock).toBe(70);
    // A count names the stock it replaces: the one in the database, not the cached one.
    const edit = await saveStockCount(ctx.app, admin, product.id, { stock: 72, stockWas: 71 });
    expect(edit.statusCode).toBe(200);
    expect((await one(product.id)).stock).toBe(72);
  });

  it('shows an admin’s edit, addition and deletion in the very next read', async () => {
    const product = await seeded({ name: 'Cone wrench 15 mm', priceCents: 900 });
    expect((await one(product.id)).price).toBe(9);
    expect(await stockIn(product.id)).toBe(120);

    expect(
      (
        await inject(ctx.app, 'PATCH /api/tools/:id', {
          params: { id: product.id },
          body: {
            stock: 44,
            stockWas: 120,
            price: 9.5,
          },
          as: admin,
        })
      ).statusCode,
    ).toBe(200);
    expect(await one(product.id)).toMatchObject({ stock: 44, price: 9.5 });
    expect(await stockIn(product.id)).toBe(44);

    const before = (await listed({ q: 'spoke nipple' })).total;
    const added = await inject(ctx.app, 'POST /api/tools', {
      body: {
        name: 'Spoke nipple driver',
        price: 6,
        stock: 80,
        img: '/images/products/spoke-wrench.svg',
      },
      as: admin,
    });
    expect(added.statusCode).toBe(201);
    expect((await listed({ q: 'spoke nipple' })).total).toBe(before + 1);

    expect(
      (await inject(ctx.app, 'DELETE /api/tool/:id', { params: { id: product.id }, as: admin }))
        .statusCode,
    ).toBe(200);
    expect(
      (await inject(ctx.app, 'GET /api/tools/:id', { params: { id: product.id } })).statusCode,
    ).toBe(404);
    expect(await stockIn(product.id)).toBeUndefined();
  });

  it('shows the stock an order takes, and gives back, in the very next read', async () => {
    const product = await seeded({ name: 'Cable cutter pro', stock: 500 });
    expect((await one(product.id)).stock).toBe(500);
    expect(await stockIn(product.id)).toBe(500);

    const placed = await placeOrder(ctx.app, customer, product.id, 25);
    expect(placed.statusCode).toBe(201);
    expect((await one(product.id)).stock).toBe(475);
    expect(await stockIn(product.id)).toBe(475);

    const removed = await inject(ctx.app, 'DELETE /api/orders/:id', {
      params: { id: placed.json()._id },
      as: customer,
    });
    expect(removed.statusCode).toBe(200);
    expect((await one(product.id)).stock).toBe(500);
    expect(await stockIn(product.id)).toBe(500);
  });

  it('takes a part off the in-stock list when its last units go, and puts it back when they return', async () => {
    const product = await seeded({ name: 'Spoke key last ones', stock: 30 });
    const inStock = async () => {
      const list = (
        await inject(ctx.app, 'GET /api/tools', { query: { q: 'spoke key last', inStock: 'true' } })
      ).json() as { total: number; facets: { inStock: number } };
      return { total: list.total, counted: list.facets.inStock };
    };
    expect(await inStock()).toEqual({ total: 1, counted: 1 });

    const placed = await placeOrder(ctx.app, customer, product.id, 15);
    expect(placed.statusCode).toBe(201);
    expect(await inStock()).toEqual({ total: 1, counted: 1 });
    const counted = await saveStockCount(ctx.app, admin, product.id, { stock: 0, stockWas: 15 });
    expect(counted.statusCode).toBe(200);
    expect(await inStock()).toEqual({ total: 0, counted: 0 });

    // Deleting the unpaid order gives its 15 back.
    const removed = await inject(ctx.app, 'DELETE /api/orders/:id', {
      params: { id: placed.json()._id },
      as: customer,
    });
    expect(removed.statusCode).toBe(200);
    expect(await inStock()).toEqual({ total: 1, counted: 1 });
  });

  it('shows a new review at the top of the very next list', async () => {
    await insertReview(ctx.db, { name: 'Earlier reviewer' });
    expect((await inject(ctx.app, 'GET /api/reviews')).json().data[0]!.name).toBe(
      'Earlier reviewer',
    );
    const res = await inject(ctx.app, 'POST /api/review', {
      body: { desc: 'Quick delivery.', rating: 5 },
      as: customer,
    });
    expect(res.statusCode).toBe(201);
    const { data } = (await inject(ctx.app, 'GET /api/reviews')).json();
    expect(data[0]).toMatchObject({ _id: res.json()._id, name: 'Casey Cached' });
  });

  it('sees writes made straight in the database, as by another program', async () => {
    const product = await seeded({ name: 'Tyre boot kit', stock: 60 });
    expect((await one(product.id)).name).toBe('Tyre boot kit');
    await ctx.db
      .update(products)
      .set({ name: 'Tyre boot kit XL' })
      .where(eq(products.id, product.id));
    await ctx.db.delete(reviews);
    // PGlite reports the change before the write returns; PostgreSQL a moment after commit.
    await vi.waitFor(async () => {
      expect((await one(product.id)).name).toBe('Tyre boot kit XL');
      expect((await inject(ctx.app, 'GET /api/reviews')).json().data).toEqual([]);
    });
    if (testDatabaseKind === 'pglite') {
      await ctx.db.update(products).set({ priceCents: 777 }).where(eq(products.id, product.id));
      expect((await one(product.id)).price).toBe(7.77);
    }
  });
});

describe('two server processes on one PostgreSQL', () => {
  it.runIf(testDatabaseKind === 'postgres')(
    'an edit through one shows in the other within a moment, also after the listening connections were cut',
    async () => {
      const other = await buildApp(testConfig({ ADMIN_EMAILS: 'cache-admin@example.com' }), {
        database: openPostgres(ctx.database.url!, 3),
      });
      try {
        const product = await seeded({ name: 'Derailleur gauge', stock: 300 });
        const otherStock = async () =>
          (await other.inject(`/api/tools/${product.id}`)).json().stock as number;
        expect(await otherStock()).toBe(300);

        // A change of stock alone is reported by the server that made it, after commit.
        const edit = await saveStockCount(ctx.app, admin, product.id, {
          stock: 299,
          stockWas: 300,
        });
        expect(edit.statusCode).toBe(200);
        await vi.waitFor(async () => expect(await otherStock()).toBe(299), { timeout: 2000 });
        const order = await placeOrder(ctx.app, customer, product.id, 10);
        expect(order.statusCode).toBe(201);
        await vi.waitFor(async () => expect(await otherStock()).toBe(289), { timeout: 2000 });

        // Cut both servers' LISTEN connections: they come back by themselves.
        await ctx.db.execute(sql`
          select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query ilike 'listen %'`);
        await vi.waitFor(async () => {
          const listeners = (await ctx.db.execute(sql`
            select count(*)::int as n from pg_stat_activity
            where datname = current_database() and query ilike 'listen %'`)) as unknown as {
            rows: { n: number }[];
          };
          expect(listeners.rows[0]?.n).toBe(2);
        });
        expect(
          (await saveStockCount(ctx.app, admin, product.id, { stock: 297, stockWas: 289 }))
            .statusCode,
        ).toBe(200);
        await vi.waitFor(async () => expect(await otherStock()).toBe(297), { timeout: 2000 });

        // The other's in-stock list too, though a change of stock alone re-reads only the flags.
        const otherInStock = async () =>
          (await other.inject(`/api/tools?q=derailleur+gauge&inStock=true`)).json().total as number;
        expect(await otherInStock()).toBe(1);
        const damaged = await inject(ctx.app, 'POST /api/tools/:id/stock-movements', {
          params: { id: product.id },
          body: { delta: -297, reason: 'damaged' },
          as: admin,
        });
        expect(damaged.statusCode).toBe(201);
        await vi.waitFor(async () => expect(await otherInStock()).toBe(0), { timeout: 2000 });
      } finally {
        await other.close();
      }
    },
    60_000,
  );
});

describe('the read cache on its own', () => {
  it('forgets an entry after its maximum age, so a missed report cannot keep a page stale', async () => {
    let clock = 0;
    const cache = createReadCache({ maxAgeMs: 1000, now: () => clock });
    let loads = 0;
    const read = () => cache.read('product', 'list', async () => ++loads);
    expect(await read()).toBe(1);
    clock = 999;
    expect(await read()).toBe(1);
    clock = 1000;
    expect(await read()).toBe(2);
  });

  it('shares one query among concurrent readers and keeps no failure', async () => {
    const cache = createReadCache();
    let loads = 0;
    const slow = () =>
      cache.read('review', 'newest', async () => {
        loads += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
        return { data: [] };
      });
    await Promise.all([slow(), slow(), slow()]);
    expect(loads).toBe(1);
    await expect(
      cache.read('review', 'broken', () => Promise.reject(new Error('database down'))),
    ).rejects.toThrow('database down');
    expect(await cache.read('review', 'broken', async () => 'back')).toBe('back');
  });

  it('drops its entries after a write that failed, since it may have committed all the same', async () => {
    const cache = createReadCache();
    const told: string[] = [];
    cache.setBroadcast((table) => told.push(table));
    let loads = 0;
    const read = () => cache.read('product', 'list', async () => ++loads);
    await read();
    await expect(
      cache.write('product', () => Promise.reject(new Error('connection lost after COMMIT'))),
    ).rejects.toThrow('connection lost');
    expect(await read()).toBe(2);
    expect(told).toEqual(['product']);
  });

  it('says when a write changed only stock, to the other processes and to what is built on the cache', async () => {
    const cache = createReadCache();
    const told: string[] = [];
    const dropped: string[] = [];
    cache.setBroadcast((table, scope) => told.push(scope ? `${table}:${scope}` : table));
    cache.onDrop((table, scope) => dropped.push(scope ? `${table}:${scope}` : table));
    let loads = 0;
    const read = () => cache.read('product', 'list', async () => ++loads);
    await read();
    await cache.write('product', async () => 'an order', 'stock');
    await cache.write('product', async () => 'an edit');
    // Either way the cached list is read again: it shows the stock.
    expect(await read()).toBe(2);
    expect(told).toEqual(['product:stock', 'product']);
    expect(dropped).toEqual(['product:stock', 'product']);
  });

  it('goes to the database every time while switched off, and starts empty when back on', async () => {
    const cache = createReadCache();
    let loads = 0;
    const read = () => cache.read('product', 'one', async () => ++loads);
    await read();
    cache.setEnabled(false);
    await read();
    await read();
    expect(loads).toBe(3);
    cache.setEnabled(true);
    expect(await read()).toBe(4);
    expect(await read()).toBe(4);
  });
});
