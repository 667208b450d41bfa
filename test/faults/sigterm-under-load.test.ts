import { afterAll, describe, expect } from 'vitest';
import { onPgliteAndPostgres, testServer, until } from './support/fault-test.ts';
import { removeDataDirs, sleep, type ServerOptions } from './support/server-process.ts';
import { openShop, ordersOf, placeOrder, productStock } from './support/shop-client.ts';
import { acceptsConnections, startSlowRequest } from './support/slow-request.ts';

afterAll(removeDataDirs);
const INITIAL_STOCK = 1_000_000;
const BURST = 30;

async function waitFor(condition: () => boolean, what: string, timeoutMs = 20_000) {
  if (!(await until(condition, timeoutMs, 5))) throw new Error(`timed out waiting for ${what}`);
}

async function sigtermDuringOrders(options: ServerOptions) {
  const server = await testServer(options);
  const { customer, product } = await openShop(server.url, INITIAL_STOCK);

  // One order whose body is still arriving, so it is certainly in flight when the signal lands.
  let seen = server.requestsSeen();
  const slow = startSlowRequest(server.url, '/api/orders', {
    cookie: customer.cookie,
    body: { productId: product._id, quantity: 17, email: customer.email },
  });
  await waitFor(() => server.requestsSeen() > seen, 'the slow order to reach the server');

  // And a burst of orders, every one of them received before the signal.
  seen = server.requestsSeen();
  const burst = Array.from({ length: BURST }, (_, i) =>
    placeOrder(server.url, customer, product._id, 10 + (i % 5)),
  );
  await waitFor(() => server.requestsSeen() >= seen + BURST, 'the burst to reach the server');
  server.signal('SIGTERM');

  // It stops taking new connections but waits for the order it is still receiving.
  await sleep(500);
  expect(await Promise.race([server.exited, sleep(0).then(() => 'running')])).toBe('running');
  expect(await acceptsConnections(server.url)).toBe(false);

  const slowAnswer = await slow.finish();
  expect(slowAnswer.status, JSON.stringify(slowAnswer.body)).toBe(201);
  const answers = await Promise.all(burst);
  expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));

  const exit = await Promise.race([server.exited, sleep(15_000).then(() => 'still running')]);
  expect(exit).toEqual({ code: 0, signal: null });
  expect(server.output()).toContain('shut down cleanly');

  // Everything it confirmed was written, and the database opens cleanly again.
  const running = await testServer({ ...options, dataDir: server.dataDir }, 'restarted server');
  const orders = await ordersOf(running.url, customer);
  const confirmed = [slowAnswer, ...answers].map((a) => (a.body as { _id: string })._id);
  expect(orders.map((o) => o._id).sort()).toEqual(confirmed.sort());
  const ordered = orders.reduce((sum, o) => sum + o.quantity, 0);
  expect((await productStock(running.url, product._id)) + ordered).toBe(INITIAL_STOCK);
}

describe('SIGTERM while orders are being placed', () => {
  onPgliteAndPostgres('finishes every request it had received, then exits 0,', sigtermDuringOrders);
});
