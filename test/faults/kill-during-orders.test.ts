import { describe, expect } from 'vitest';
import { onPgliteAndPostgres, testServer } from './support/fault-test.ts';
import { sleep, tail, type ServerOptions, type ServerProcess } from './support/server-process.ts';
import {
  openShop,
  ordersOf,
  placeOrder,
  productStock,
  type Caller,
} from './support/shop-client.ts';

const INITIAL_STOCK = 1_000_000;
const CONCURRENCY = 6;
const CRASHES = 2;

type Confirmed = { id: string; quantity: number };

/**
 * Places orders from several clients at once until `confirmedBefore` of them were answered 201,
 * then kills the server with SIGKILL while the others are still in flight.
 */
async function ordersUntilKilled(
  server: ServerProcess,
  customer: Caller,
  productId: string,
  confirmedBefore: number,
) {
  const confirmed: Confirmed[] = [];
  let unanswered = 0;
  let killed = false;
  let failure: unknown;
  let sent = 0;
  const worker = async () => {
    while (!killed && failure === undefined) {
      const quantity = 10 + (sent++ % 7);
      try {
        const res = await placeOrder(server.url, customer, productId, quantity);
        if (res.status !== 201) {
          throw new Error(
            `order refused before the crash: ${res.status} ${JSON.stringify(res.body)}`,
          );
        }
        confirmed.push({ id: (res.body as { _id: string })._id, quantity });
      } catch (err) {
        // Only a request cut short by the kill may go unanswered.
        if (killed) unanswered++;
        else failure ??= err;
      }
    }
  };
  const killer = async () => {
    while (confirmed.length < confirmedBefore && failure === undefined) await sleep(5);
    killed = true;
    return server.kill();
  };
  const [exit] = await Promise.all([killer(), ...Array.from({ length: CONCURRENCY }, worker)]);
  if (failure !== undefined) throw failure;
  return { confirmed, unanswered, exit };
}

async function killAndRestartDuringOrders(options: ServerOptions) {
  let running = await testServer(options);
  const { customer, product } = await openShop(running.url, INITIAL_STOCK);
  const dataDir = running.dataDir;
  const everConfirmed: Confirmed[] = [];

  for (let crash = 1; crash <= CRASHES; crash++) {
    const { confirmed, unanswered, exit } = await ordersUntilKilled(
      running,
      customer,
      product._id,
      30 * crash,
    );
    expect(exit.signal).toBe('SIGKILL');
    everConfirmed.push(...confirmed);

    // It must open the same database again, whatever the kill interrupted.
    running = await testServer({ ...options, dataDir }, `server after crash ${crash}`);

    // The session made before the crash is still valid, and every confirmed order is there.
    const orders = await ordersOf(running.url, customer);
    const byId = new Map(orders.map((o) => [o._id, o]));
    const lost = everConfirmed.filter((c) => byId.get(c.id)?.quantity !== c.quantity);
    expect(lost, `confirmed orders missing after crash ${crash}`).toEqual([]);
    // At most the requests the kill cut short may have been written without an answer.
    expect(orders.length - everConfirmed.length).toBeLessThanOrEqual(unanswered);
    expect(orders.length).toBeGreaterThanOrEqual(everConfirmed.length);

    // Nothing half-written: each order's reserved quantity left stock, and its total is whole.
    const stock = await productStock(running.url, product._id);
    const ordered = orders.reduce((sum, o) => sum + o.quantity, 0);
    expect(stock + ordered, `stock ${stock} + ordered ${ordered}`).toBe(INITIAL_STOCK);
    for (const order of orders) {
      expect(Math.round(order.totalPrice * 100)).toBe(
        Math.round(order.price * 100) * order.quantity,
      );
    }

    // And it takes orders again.
    const after = await placeOrder(running.url, customer, product._id, 10);
    expect(after.status, tail(running.output())).toBe(201);
    everConfirmed.push({ id: (after.body as { _id: string })._id, quantity: 10 });
  }
}

describe('a server killed with SIGKILL during a stream of order placements', () => {
  onPgliteAndPostgres(
    'comes back with every confirmed order and matching stock',
    killAndRestartDuringOrders,
  );
});
