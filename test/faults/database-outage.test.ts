import { describe, expect, it, onTestFinished, type TestContext } from 'vitest';
import { testDatabase, testServer } from './support/fault-test.ts';
import type { Database } from './support/postgres.ts';
import { sleep, type ServerProcess } from './support/server-process.ts';
import {
  call,
  openShop,
  ordersOf,
  placeOrder,
  productStock,
  type Caller,
  type Reply,
} from './support/shop-client.ts';
import { startTcpProxy } from './support/tcp-proxy.ts';

const INITIAL_STOCK = 100_000;
const CUT_MS = 4_000;

/** The running test's server, for a failure message that says whether it exited. */
let server: ServerProcess | undefined;

/** A server whose every connection to a fresh database goes through a proxy the test holds. */
async function shopBehindProxy(context: TestContext) {
  const database = await testDatabase(context);
  const target = new URL(database.url);
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  onTestFinished(() => proxy.close());
  const started = await testServer({ databaseUrl: proxy.rewrite(database.url) });
  server = started;
  const { customer, product } = await openShop(started.url, INITIAL_STOCK);
  expect((await placeOrder(started.url, customer, product._id, 10)).status).toBe(201);
  expect((await call(started.url, 'GET', '/api/health')).status).toBe(200);
  return { server: started, proxy, database, customer, productId: product._id };
}

/** The calls a shopper's browser keeps making, none of which a cache may answer. */
function shopperCalls(url: string, customer: Caller, productId: string) {
  return [
    ['health', () => call(url, 'GET', '/api/health')],
    ['place an order', () => placeOrder(url, customer, productId, 10)],
    ['own orders', () => call(url, 'GET', `/api/orders?email=${customer.email}`, customer)],
    ['session', () => call(url, 'GET', '/api/auth/get-session', customer)],
    [
      'sign in',
      () =>
        call(url, 'POST', '/api/auth/sign-in/email', {
          body: { email: customer.email, password: 'correct-horse-9' },
        }),
    ],
  ] as const;
}

/** What a browser gets while the database is away: a 503 that says so, and nothing internal. */
async function expectCleanUnavailable(what: string, send: () => Promise<Reply>, withinMs: number) {
  const started = Date.now();
  let res: Reply;
  try {
    res = await send();
  } catch (err) {
    const exit = await Promise.race([server?.exited, sleep(100)]);
    throw new Error(
      `${what}: no answer${exit ? `, the server exited ${JSON.stringify(exit)}` : ''}`,
      {
        cause: err,
      },
    );
  }
  const ms = Date.now() - started;
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(503);
  expect(res.headers.get('content-type')).toMatch(/application\/json/);
  const body = res.body as { error?: unknown; message?: unknown };
  expect(body.error).toBe('unavailable');
  expect(typeof body.message).toBe('string');
  expect(JSON.stringify(body)).not.toMatch(
    /ECONN|terminated|timeout|select|insert|postgres|127\.0/i,
  );
  // It answers in bounded time instead of holding the request until the database returns.
  expect(ms, `${what} took ${ms} ms`).toBeLessThan(withinMs);
}

const isRunning = async (process: ServerProcess) =>
  (await Promise.race([process.exited, sleep(0).then(() => 'running')])) === 'running';

/** Once the database is back the server serves again by itself: nobody restarts it. */
async function expectRecovery(url: string, customer: Caller, productId: string) {
  const restoredAt = Date.now();
  let health = await call(url, 'GET', '/api/health');
  while (health.status !== 200 && Date.now() - restoredAt < 15_000) {
    await sleep(100);
    health = await call(url, 'GET', '/api/health');
  }
  expect(health.status).toBe(200);
  expect(Date.now() - restoredAt).toBeLessThan(10_000);
  expect((await placeOrder(url, customer, productId, 10)).status).toBe(201);
}

/**
 * Orders that failed half-way left nothing behind: in the database, and as the API shows it,
 * stock and ordered quantities add up. Call it once no order is in flight.
 */
async function expectStockAddsUp(shop: {
  server: ServerProcess;
  database: Database;
  customer: Caller;
  productId: string;
}) {
  const rows = await shop.database.query<{ stock: number; ordered: string }>(
    `select stock, (select coalesce(sum(quantity), 0) from "order" where product_id = $1) as ordered
       from product where id = $1`,
    [shop.productId],
  );
  expect(Number(rows[0]?.stock) + Number(rows[0]?.ordered)).toBe(INITIAL_STOCK);
  const orders = await ordersOf(shop.server.url, shop.customer);
  const ordered = orders.reduce((sum, o) => sum + o.quantity, 0);
  expect((await productStock(shop.server.url, shop.productId)) + ordered).toBe(INITIAL_STOCK);
  return orders;
}

describe('a server whose PostgreSQL goes away for a few seconds', () => {
  it('answers 503 JSON while the connection is cut, stays up, and recovers by itself', async (context) => {
    const shop = await shopBehindProxy(context);
    const { server, proxy, customer, productId } = shop;
    const { url } = server;

    // Orders keep coming while the connection is cut under them.
    let streaming = true;
    const answered: number[] = [];
    const stream = Promise.all(
      Array.from({ length: 4 }, async () => {
        while (streaming) {
          const res = await placeOrder(url, customer, productId, 10).catch(() => undefined);
          answered.push(res?.status ?? 0);
          if (res?.status !== 201) await sleep(50);
        }
      }),
    );
    await sleep(300);
    proxy.cut();
    const cutAt = Date.now();
    const calls = [
      ...shopperCalls(url, customer, productId),
      ['product list', () => call(url, 'GET', '/api/tools')],
      ['one product', () => call(url, 'GET', `/api/tools/${productId}`)],
    ] as const;
    while (Date.now() - cutAt < CUT_MS) {
      for (const [what, send] of calls) await expectCleanUnavailable(what, send, 7_000);
      await sleep(200);
    }
    expect(await isRunning(server), 'the server must not exit').toBe(true);

    proxy.restore();
    await expectRecovery(url, customer, productId);
    streaming = false;
    await stream;
    const orders = await expectStockAddsUp(shop);
    // Every answer in the stream was a clean one (0 would be no answer at all).
    expect(answered.filter((s) => s !== 201 && s !== 503)).toEqual([]);
    expect(answered).toContain(503);
    expect(orders.length).toBeGreaterThanOrEqual(answered.filter((s) => s === 201).length + 2);
  });

  it('answers 503 JSON in bounded time while the database stops answering, and recovers', async (context) => {
    const shop = await shopBehindProxy(context);
    const { server, proxy, customer, productId } = shop;
    const { url } = server;
    // Open connections in the pool, which will then wait on a database that never replies.
    await Promise.all(
      Array.from({ length: 12 }, () =>
        call(url, 'GET', `/api/orders?email=${customer.email}`, customer),
      ),
    );

    proxy.freeze();
    // Past the connect and query timeouts (5 s and 10 s), each request is given up on.
    await Promise.all(
      shopperCalls(url, customer, productId).map(([what, send]) =>
        expectCleanUnavailable(what, send, 14_000),
      ),
    );
    expect(await isRunning(server), 'the server must not exit').toBe(true);

    proxy.restore();
    await expectRecovery(url, customer, productId);
    await expectStockAddsUp(shop);
  });
});
