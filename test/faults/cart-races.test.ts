import { afterAll, describe, expect, it } from 'vitest';
import { MAX_CART_LINES } from '../../src/contract/cart.ts';
import { testDatabase, twoServers, withLimit } from './support/fault-test.ts';
import { removeDataDirs, type ServerProcess } from './support/server-process.ts';
import { call, signUp, signUpAdmin, type Caller, type Reply } from './support/shop-client.ts';

afterAll(removeDataDirs);

const ADDS = 50;
const EACH = 10;
const QUICK_ADDS = 6;
const NEW_PARTS = 10;

type Part = { _id: string; sku: string };
type CartBody = { lines: { productId: string; quantity: number }[] };

async function addPart(server: ServerProcess, admin: Caller, sku: string): Promise<Part> {
  const res = await call(server.url, 'POST', '/api/tools', {
    cookie: admin.cookie,
    body: {
      name: `Race part ${sku}`,
      sku,
      price: 1.5,
      stock: 5000,
      img: '/images/products/chain-checker.svg',
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Part;
}

async function cartOf(server: ServerProcess, customer: Caller) {
  const res = await call(server.url, 'GET', '/api/cart', { cookie: customer.cookie });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as CartBody;
}

const held = (cart: CartBody, productId: string) =>
  cart.lines.find((l) => l.productId === productId)?.quantity ?? 0;

const statusesOf = (replies: Reply[]) => replies.map((r) => r.status).sort();

describe('one cart written through two server processes on one PostgreSQL', () => {
  it('counts every concurrent add, and holds the line cap exactly', async (context) => {
    const database = await testDatabase(context);
    const servers = await twoServers({ databaseUrl: database.url });
    const [first, second] = servers;
    const on = (i: number) => servers[i % 2]!;
    const admin = await signUpAdmin(first.url);
    const customer = await signUp(second.url);
    const parts = await withLimit(MAX_CART_LINES - 1 + NEW_PARTS, 8, (i) =>
      addPart(on(i), admin, `RACE-${String(i).padStart(3, '0')}`),
    );
    const [contested, ...rest] = parts as [Part, ...Part[]];

    // 50 adds of 10 at once, alternating between the servers: exactly 500.
    const adds = await Promise.all(
      Array.from({ length: ADDS }, (_, i) =>
        call(on(i).url, 'PATCH', `/api/cart/lines/${contested._id}`, {
          cookie: customer.cookie,
          body: { add: EACH },
        }),
      ),
    );
    expect(statusesOf(adds)).toEqual(adds.map(() => 200));
    const answered = adds.map((r) => held(r.body as CartBody, contested._id));
    expect(
      answered.sort((a, b) => a - b),
      'each add answers its own step',
    ).toEqual(Array.from({ length: ADDS }, (_, i) => EACH * (i + 1)));
    for (const server of servers) {
      expect(held(await cartOf(server, customer), contested._id)).toBe(ADDS * EACH);
    }

    // Quick adds of "SKU 20" at once, split over both: each adds its 20.
    const quick = await Promise.all(
      Array.from({ length: QUICK_ADDS }, (_, i) =>
        call(on(i).url, 'POST', '/api/cart/quick-add', {
          cookie: customer.cookie,
          body: { text: `${contested.sku} 20` },
        }),
      ),
    );
    expect(statusesOf(quick)).toEqual(quick.map(() => 200));
    expect(held(await cartOf(first, customer), contested._id)).toBe(ADDS * EACH + QUICK_ADDS * 20);

    // Up to one line under the cap, then 10 new parts at once over both servers: one goes in.
    const filler = rest.slice(0, MAX_CART_LINES - 2);
    const filled = await call(first.url, 'POST', '/api/cart/quick-add', {
      cookie: customer.cookie,
      body: { text: filler.map((p) => `${p.sku} 10`).join('\n') },
    });
    expect(filled.status, JSON.stringify(filled.body)).toBe(200);
    expect((await cartOf(second, customer)).lines).toHaveLength(MAX_CART_LINES - 1);
    const newcomers = rest.slice(MAX_CART_LINES - 2, MAX_CART_LINES - 2 + NEW_PARTS);
    const race = await Promise.all(
      newcomers.map((p, i) =>
        call(on(i).url, 'PATCH', `/api/cart/lines/${p._id}`, {
          cookie: customer.cookie,
          body: { add: EACH },
        }),
      ),
    );
    expect(statusesOf(race)).toEqual([200, ...Array<number>(NEW_PARTS - 1).fill(409)]);
    const [lines] = await database.query<{ n: string }>(
      `select count(*) as n from cart_line where user_id = (select id from "user" where email = $1)`,
      [customer.email],
    );
    expect(Number(lines!.n)).toBe(MAX_CART_LINES);

    for (const s of servers) expect(s.output()).not.toMatch(/deadlock detected/i);
  });
});
