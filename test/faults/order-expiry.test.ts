import { afterAll, describe, expect, it } from 'vitest';
import { testDatabase, testServer, twoServerShop, until } from './support/fault-test.ts';
import type { Database } from './support/postgres.ts';
import { removeDataDirs, sleep, tail, type ServerProcess } from './support/server-process.ts';
import { openShop, placeOrder, signUp, type Caller } from './support/shop-client.ts';

afterAll(removeDataDirs);

// Holds of 3 s, looked for four times a second: the hour and the 20 s of production, shrunk.
const HOLDS = {
  ORDER_HOLD_MINUTES: '0.05',
  ORDER_EXPIRY_SWEEP_SECONDS: '0.25',
};
const STOCK = 5000;
const QUANTITY = 10;

const count = async (database: Database, where: string) =>
  Number(
    (await database.query<{ n: string }>(`select count(*) as n from "order" where ${where}`))[0]?.n,
  );
const stockIn = async (database: Database, productId: string) =>
  (
    await database.query<{ stock: number }>('select stock from product where id = $1', [productId])
  )[0]?.stock;

/** How many orders a server's log says it expired. */
const expiredBy = (server: ServerProcess) =>
  server
    .output()
    .split('\n')
    .filter((line) => line.includes('unpaid orders expired'))
    .reduce((sum, line) => sum + ((JSON.parse(line) as { expired?: number }).expired ?? 0), 0);

/** Places `orders` orders of QUANTITY, spread over the servers and customers, 20 at a time. */
async function placeMany(
  servers: ServerProcess[],
  customers: Caller[],
  productId: string,
  orders: number,
) {
  const statuses: number[] = [];
  for (let start = 0; start < orders; start += 20) {
    const batch = Array.from({ length: Math.min(20, orders - start) }, (_, k) => start + k);
    const answers = await Promise.all(
      batch.map((i) =>
        placeOrder(
          servers[i % servers.length]!.url,
          customers[i % customers.length]!,
          productId,
          QUANTITY,
        ),
      ),
    );
    statuses.push(...answers.map((r) => r.status));
  }
  return statuses;
}

describe('held orders on server processes sharing one PostgreSQL', () => {
  it('expire exactly once when two servers sweep together: the stock comes back once', async (context) => {
    const {
      database,
      servers: [a, b],
      product,
    } = await twoServerShop(context, { env: HOLDS, stock: STOCK, lines: 15 });
    const customers = await Promise.all([signUp(a.url), signUp(b.url), signUp(a.url)]);

    const ORDERS = 200;
    const statuses = await placeMany([a, b], customers, product._id, ORDERS);
    expect(statuses.filter((s) => s !== 201)).toEqual([]);

    const allExpired = await until(
      async () => (await count(database, `status = 'expired'`)) === ORDERS,
      30_000,
    );
    expect(allExpired, `${await count(database, `status = 'unpaid'`)} still unpaid`).toBe(true);
    // Give any late sweep the chance to return something twice, then look.
    await sleep(1000);
    expect(await stockIn(database, product._id)).toBe(STOCK);
    expect(expiredBy(a) + expiredBy(b)).toBe(ORDERS);
  });

  it('lose nothing to a restart: holds that end while no server runs expire when one starts', async (context) => {
    const database = await testDatabase(context);
    // A long sweep interval: only the sweep at start can expire these orders in time.
    const env = { ...HOLDS, ORDER_EXPIRY_SWEEP_SECONDS: '60' };
    const server = await testServer({ databaseUrl: database.url, env });
    const { customer, product } = await openShop(server.url, STOCK);
    const statuses = await placeMany([server], [customer], product._id, 40);
    expect(statuses.filter((s) => s !== 201)).toEqual([]);
    await server.kill();
    expect(await stockIn(database, product._id)).toBe(STOCK - 40 * QUANTITY);

    // The holds end while nothing runs.
    await sleep(3500);
    expect(await count(database, `status = 'unpaid'`)).toBe(40);

    const restarted = await testServer({ databaseUrl: database.url, env }, 'restarted server');
    const swept = await until(
      async () => (await count(database, `status = 'unpaid'`)) === 0,
      10_000,
    );
    expect(swept, tail(restarted.output(), 15)).toBe(true);
    expect(await stockIn(database, product._id)).toBe(STOCK);
  });
});
