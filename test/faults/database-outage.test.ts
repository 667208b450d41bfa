import { afterEach, describe, expect, it, onTestFailed } from 'vitest';
import { createDatabase, requirePostgres } from './support/postgres.ts';
import {
  sleep,
  startServer,
  stopServer,
  tail,
  type ServerProcess,
} from './support/server-process.ts';
import {
  addProduct,
  call,
  ordersOf,
  placeOrder,
  productStock,
  signUp,
  signUpAdmin,
  type Reply,
} from './support/shop-client.ts';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.ts';

const INITIAL_STOCK = 100_000;
const OUTAGE_MS = 4_000;

let server: ServerProcess | undefined;
let proxy: TcpProxy | undefined;
afterEach(async () => {
  await stopServer(server);
  await proxy?.close();
  server = proxy = undefined;
});

/** What a browser gets while the database is away: a 503 that says so, and nothing internal. */
function expectCleanUnavailable(what: string, res: Reply, ms: number) {
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(503);
  expect(res.headers.get('content-type')).toMatch(/application\/json/);
  const body = res.body as { error?: unknown; message?: unknown };
  expect(body.error).toBe('unavailable');
  expect(typeof body.message).toBe('string');
  expect(JSON.stringify(body)).not.toMatch(
    /ECONN|terminated|timeout|select|insert|postgres|127\.0/i,
  );
  // It answers promptly instead of holding the request until the database returns.
  expect(ms, `${what} took ${ms} ms`).toBeLessThan(7_000);
}

describe('the PostgreSQL connection cut for a few seconds', () => {
  it('answers 503 JSON while it is gone, stays up, and recovers by itself', async (context) => {
    const database = await createDatabase(requirePostgres(context));
    try {
      const target = new URL(database.url);
      proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
      server = await startServer({ databaseUrl: proxy.rewrite(database.url) });
      const started = server;
      onTestFailed(() => console.log(`server output:\n${tail(started.output())}`));
      const { url } = server;
      const admin = await signUpAdmin(url);
      const customer = await signUp(url);
      const product = await addProduct(url, admin, INITIAL_STOCK);
      expect((await placeOrder(url, customer, product._id, 10)).status).toBe(201);
      expect((await call(url, 'GET', '/api/health')).status).toBe(200);

      // Orders keep coming while the connection is cut under them.
      let streaming = true;
      const answered: number[] = [];
      const stream = Promise.all(
        Array.from({ length: 4 }, async () => {
          while (streaming) {
            const res = await placeOrder(url, customer, product._id, 10);
            answered.push(res.status);
            if (res.status === 503) await sleep(50);
          }
        }),
      );
      await sleep(300);
      proxy.cut();
      const cutAt = Date.now();

      const calls: [string, () => Promise<Reply>][] = [
        ['health', () => call(url, 'GET', '/api/health')],
        ['product list', () => call(url, 'GET', '/api/tools')],
        ['one product', () => call(url, 'GET', `/api/tools/${product._id}`)],
        ['place an order', () => placeOrder(url, customer, product._id, 10)],
        ['own orders', () => call(url, 'GET', `/api/orders?email=${customer.email}`, customer)],
        ['session', () => call(url, 'GET', '/api/auth/get-session', customer)],
        [
          'sign in',
          () =>
            call(url, 'POST', '/api/auth/sign-in/email', {
              body: { email: customer.email, password: 'correct-horse-9' },
            }),
        ],
      ];
      while (Date.now() - cutAt < OUTAGE_MS) {
        for (const [what, send] of calls) {
          const started = Date.now();
          const res = await send();
          expectCleanUnavailable(what, res, Date.now() - started);
        }
        await sleep(200);
      }
      expect(await Promise.race([server.exited, sleep(0).then(() => 'running')])).toBe('running');

      // The database comes back; nobody restarts the server.
      proxy.restore();
      const restoredAt = Date.now();
      let health = await call(url, 'GET', '/api/health');
      while (health.status !== 200 && Date.now() - restoredAt < 15_000) {
        await sleep(100);
        health = await call(url, 'GET', '/api/health');
      }
      expect(health.status, tail(server.output())).toBe(200);
      const recoveredMs = Date.now() - restoredAt;
      expect(recoveredMs).toBeLessThan(10_000);
      streaming = false;
      await stream;

      expect((await placeOrder(url, customer, product._id, 10)).status).toBe(201);
      // Every answer in the stream was a clean one, and the orders cut mid-way left no trace.
      expect(answered.filter((s) => s !== 201 && s !== 503)).toEqual([]);
      expect(answered).toContain(503);
      const orders = await ordersOf(url, customer);
      const ordered = orders.reduce((sum, o) => sum + o.quantity, 0);
      expect((await productStock(url, product._id)) + ordered).toBe(INITIAL_STOCK);
      expect(orders.length).toBeGreaterThanOrEqual(answered.filter((s) => s === 201).length + 2);
    } finally {
      await stopServer(server);
      await database.drop();
    }
  });
});
