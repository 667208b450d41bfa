import { Agent } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../src/contract/orders.ts';
import {
  allowedQuantityAtLeast,
  lineTotalCents,
  unitPriceCents,
  type TierCents,
} from '../../src/contract/price-ladder.ts';
import {
  demandOf,
  insertCustomersWithCarts,
  seededRandom,
  sessionCookie,
} from './support/direct-customers.ts';
import { agentRequest } from './support/agent-request.ts';
import { DATABASE_TROUBLE, testDatabase, twoServers } from './support/fault-test.ts';
import { SHARED_SECRET, type ServerProcess } from './support/server-process.ts';
import { call, signUp, signUpAdmin, type Caller } from './support/shop-client.ts';

const CUSTOMERS = 1000;
const PRODUCTS = 20;
/** Products 0..11 get less stock than their carts ask for; 12..19 more than all of it. */
const CONTESTED = 12;
/** The first customers send their checkout twice at once with one key, one to each server. */
const DOUBLE_SUBMITTERS = 50;
/** Contested products hold this share of what the carts ask for them. */
const CONTESTED_SHARE = 0.6;
/** Connections per server: all requests are issued at once and queue for these. */
const SOCKETS_PER_SERVER = 250;
const PACK_SIZES = [1, 1, 5, 6, 10, 1, 12, 2, 1, 36] as const;

type PlannedProduct = {
  sku: string;
  name: string;
  moq: number;
  packSize: number;
  tiers: TierCents[];
  stock: number;
};
type Created = PlannedProduct & { id: string };
type Answer = { status: number; body: unknown; server: 0 | 1 };

/** The catalogue and the carts, drawn from one seed: the same every run. */
function plan() {
  const random = seededRandom(20261123);
  const products: PlannedProduct[] = Array.from({ length: PRODUCTS }, (_, i) => {
    const packSize = PACK_SIZES[i % PACK_SIZES.length] ?? 1;
    const moq = allowedQuantityAtLeast({ moq: 10, packSize }, 10);
    const firstCents = random.between(150, 4000);
    const n = String(i + 1).padStart(2, '0');
    return {
      sku: `CC-${n}`,
      name: `Concurrency part ${n}`,
      moq,
      packSize,
      // Carts below cross these tiers, so a line's price depends on its quantity.
      tiers: [
        { minQuantity: moq, priceCents: firstCents },
        { minQuantity: moq * 2, priceCents: Math.floor(firstCents * 0.93) },
        { minQuantity: moq * 4, priceCents: Math.floor(firstCents * 0.87) },
      ],
      stock: 0,
    };
  });
  const indices = products.map((_, i) => i);
  const plentiful = indices.slice(CONTESTED);
  const carts = Array.from({ length: CUSTOMERS }, (_, c) => {
    const from = c < DOUBLE_SUBMITTERS ? plentiful : indices;
    return random.pick(from, random.between(2, 5)).map((p) => {
      const rule = products[p]!;
      return {
        product: p,
        quantity: allowedQuantityAtLeast(rule, rule.moq * random.between(1, 5)),
      };
    });
  });
  const demand = demandOf(carts, PRODUCTS);
  products.forEach((p, i) => {
    p.stock = i < CONTESTED ? Math.floor(demand[i]! * CONTESTED_SHARE) : demand[i]! + 500 + (i % 7);
  });
  return { products, carts, demand };
}

async function addPlannedProduct(server: ServerProcess, admin: Caller, p: PlannedProduct) {
  const res = await call(server.url, 'POST', '/api/tools', {
    cookie: admin.cookie,
    body: {
      name: p.name,
      sku: p.sku,
      desc: 'A part for the concurrency test.',
      img: '/images/products/chain-checker.svg',
      stock: p.stock,
      moq: p.moq,
      packSize: p.packSize,
      price: p.tiers[0]!.priceCents / 100,
      tiers: p.tiers.map((t) => ({ minQuantity: t.minQuantity, price: t.priceCents / 100 })),
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { ...p, id: (res.body as { _id: string })._id } satisfies Created;
}

describe('1,000 checkouts at once over two server processes on one PostgreSQL', () => {
  it('never oversell, never show a deadlock, keep every unit accounted for, and place one order per key', async (context) => {
    const database = await testDatabase(context);
    const env = { MAX_UNPAID_ORDERS: '10000', ORDER_RATE_LIMIT: '1000000' };
    const servers = await twoServers({ databaseUrl: database.url, env });
    const [first] = servers;

    // The catalogue, through the API as an admin would add it.
    const { products: planned, carts, demand } = plan();
    const admin = await signUpAdmin(first.url);
    const products: Created[] = [];
    for (const p of planned) products.push(await addPlannedProduct(first, admin, p));

    // Customers: one real sign-up proves the cookies made below are the ones Better Auth
    // makes; the 1,000 are then written straight into its tables.
    const real = await signUp(first.url);
    const [session] = await database.query<{ token: string }>(
      `select s.token from session s join "user" u on u.id = s.user_id where u.email = $1`,
      [real.email],
    );
    expect(real.cookie).toContain(sessionCookie(session!.token, SHARED_SECRET));
    const customers = await insertCustomersWithCarts(
      (text, values) => database.query(text, values),
      carts,
      products.map((p) => p.id),
      { secret: SHARED_SECRET, prefix: 'buyer' },
    );

    // Each server knows every customer, and prices their cart with the ladder.
    for (const [i, server] of servers.entries()) {
      const c = i * 7;
      const res = await call(server.url, 'GET', '/api/cart', { cookie: customers[c]!.cookie });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const cart = res.body as { lines: { sku: string; quantity: number; lineTotal: number }[] };
      expect(cart.lines.map((l) => [l.sku, l.quantity]).sort(), 'the cart as written').toEqual(
        carts[c]!.map((l) => [products[l.product]!.sku, l.quantity]).sort(),
      );
    }

    // Every checkout at once: customers alternate between the servers; the double
    // submitters send one request to each, with the same key.
    const agents = servers.map(
      () => new Agent({ keepAlive: true, maxSockets: SOCKETS_PER_SERVER }),
    );
    const checkout = (c: number, server: 0 | 1, key: string) =>
      agentRequest(`${servers[server].url}/api/checkout`, {
        method: 'POST',
        headers: {
          origin: servers[server].url,
          cookie: customers[c]!.cookie,
          'idempotency-key': key,
        },
        body: customers[c]!.delivery,
        agent: agents[server]!,
      }).then(
        (reply): Answer => ({ ...reply, server }),
        (err: unknown): Answer => ({ status: 0, body: String(err), server }),
      );
    const started = performance.now();
    const pending = customers.map((_, c) => {
      const key = `checkout-${c}-${Date.now().toString(36)}`;
      const home = (c % 2) as 0 | 1;
      return c < DOUBLE_SUBMITTERS
        ? Promise.all([checkout(c, home, key), checkout(c, (1 - home) as 0 | 1, key)])
        : checkout(c, home, key).then((answer) => [answer]);
    });
    const answers = await Promise.all(pending);
    const seconds = (performance.now() - started) / 1000;
    for (const agent of agents) agent.destroy();

    // Every answer is an order or a refusal that names short lines.
    const flat = answers.flat();
    const tally: Record<string, number> = {};
    for (const a of flat) tally[a.status] = (tally[a.status] ?? 0) + 1;
    console.log(
      `${flat.length} checkouts in ${seconds.toFixed(1)} s: ${JSON.stringify(tally)}; ` +
        `demand/stock per contested product: ${products
          .slice(0, CONTESTED)
          .map((p, i) => `${demand[i]}/${p.stock}`)
          .join(
            ' ',
          )}; a refusal reads: ${JSON.stringify(flat.find((a) => a.status === 409)?.body)}`,
    );
    const unexpected = flat.filter((a) => a.status !== 201 && a.status !== 409);
    expect(unexpected.slice(0, 5), 'only 201 and 409').toEqual([]);
    for (const a of flat) expect(JSON.stringify(a.body)).not.toMatch(DATABASE_TROUBLE);
    for (const s of servers) expect(s.output()).not.toMatch(/deadlock detected/i);

    const orderIds = new Set<string>();
    answers.forEach((replies, c) => {
      const cart = carts[c]!;
      for (const reply of replies) {
        if (reply.status === 409) {
          const message = (reply.body as { message?: string }).message ?? '';
          const named = cart.filter((l) => {
            const p = products[l.product]!;
            return message.includes(p.sku) || message.includes(p.name);
          });
          expect(named.length, `"${message}" names a line of the cart`).toBeGreaterThan(0);
          expect(
            named.every((l) => l.product < CONTESTED),
            `"${message}" names only lines that can run short`,
          ).toBe(true);
          continue;
        }
        // An order of exactly the cart, priced by the ladder to the cent.
        const order = reply.body as Order;
        orderIds.add(order._id);
        const expected = cart.map((l) => {
          const p = products[l.product]!;
          const unit = unitPriceCents(p.tiers, l.quantity)!;
          return { sku: p.sku, quantity: l.quantity, cents: lineTotalCents(unit, l.quantity) };
        });
        expect(
          order.lines.map((l) => [l.sku, l.quantity, Math.round(l.lineTotal * 100)]).sort(),
        ).toEqual(expected.map((l) => [l.sku, l.quantity, l.cents]).sort());
        expect(Math.round(order.totalPrice * 100)).toBe(
          expected.reduce((sum, l) => sum + l.cents, 0),
        );
      }
    });
    const created = flat.filter((a) => a.status === 201).length;
    expect(created, 'some checkouts went through').toBeGreaterThan(DOUBLE_SUBMITTERS);
    expect(tally['409'] ?? 0, 'some carts ran short').toBeGreaterThan(0);
    expect(
      new Set(flat.filter((a) => a.status === 201).map((a) => a.server)).size,
      'both servers placed orders',
    ).toBe(2);

    // Double submits: both answers name the same, single order.
    for (let c = 0; c < DOUBLE_SUBMITTERS; c++) {
      const [one, two] = answers[c]!;
      expect([one?.status, two?.status], `customer ${c}`).toEqual([201, 201]);
      expect((one?.body as Order)._id).toBe((two?.body as Order)._id);
    }
    const perCustomer = await database.query<{ email: string; orders: string }>(
      `select email, count(*) as orders from "order" group by email having count(*) > 1`,
    );
    expect(perCustomer, 'no customer has two orders').toEqual([]);

    // The database agrees: as many orders as distinct orders answered, no stock below zero,
    // and every unit either still in stock or held by an unpaid order line.
    const [count] = await database.query<{ n: string }>(`select count(*) as n from "order"`);
    expect(Number(count!.n)).toBe(orderIds.size);
    expect(orderIds.size).toBe(created - DOUBLE_SUBMITTERS);
    const stocks = await database.query<{ id: string; stock: number; held: string }>(
      `select p.id, p.stock,
                coalesce((select sum(l.quantity) from order_line l join "order" o on o.id = l.order_id
                          where l.product_id = p.id and o.status = 'unpaid'), 0) as held
         from product p`,
    );
    const byId = new Map(stocks.map((s) => [s.id, s]));
    for (const p of products) {
      const row = byId.get(p.id)!;
      expect(row.stock, `${p.sku} stock`).toBeGreaterThanOrEqual(0);
      expect(row.stock + Number(row.held), `${p.sku}: stock + held`).toBe(p.stock);
    }
    // Refused carts are left as they were; checked-out carts are empty.
    const cartSizes = await database.query<{ user_id: string; lines: string }>(
      `select user_id, count(*) as lines from cart_line group by user_id`,
    );
    const linesOf = new Map(cartSizes.map((r) => [r.user_id, Number(r.lines)]));
    answers.forEach((replies, c) => {
      const placed = replies.some((r) => r.status === 201);
      expect(linesOf.get(customers[c]!.id) ?? 0, `customer ${c}'s cart`).toBe(
        placed ? 0 : carts[c]!.length,
      );
    });
  });
});
