import { describe, expect, it } from 'vitest';
import { DATABASE_TROUBLE, twoServerShop } from './support/fault-test.ts';
import { call, productStock, signUp, type Caller, type Reply } from './support/shop-client.ts';

const QUOTES = 3;
const ACCEPTS_PER_QUOTE = 20;
const MEMBERS = 4;
const QUANTITY = 100;
const STOCK = 1000;

describe('accepting one quote 20 times at once over two server processes on one PostgreSQL', () => {
  it('makes one order per quote at the quoted prices, answers every accept with it, and reserves its stock once', async (context) => {
    const env = { ORDER_RATE_LIMIT: '1000000', MAX_UNPAID_ORDERS: '1000' };
    const { database, servers, admin, product } = await twoServerShop(context, {
      env,
      stock: STOCK,
    });
    const [first] = servers;

    // A company of four members, two signed up on each server; the first asks for the quotes.
    const members: Caller[] = [];
    for (let i = 0; i < MEMBERS; i++) members.push(await signUp(servers[i % 2]!.url));
    const [company] = await database.query<{ id: string }>(
      `insert into company (name) values ('Velo Werkstatt') returning id`,
    );
    for (const [i, member] of members.entries()) {
      await database.query(
        `insert into company_member (user_id, company_id, role)
         select id, $2, $3 from "user" where email = $1`,
        [member.email, company!.id, i === 0 ? 'owner' : 'buyer'],
      );
    }
    const buyer = members[0]!;
    const line = await call(first.url, 'PUT', `/api/cart/lines/${product._id}`, {
      cookie: buyer.cookie,
      body: { quantity: QUANTITY },
    });
    expect(line.status, JSON.stringify(line.body)).toBe(200);

    // Quotes asked on one server and answered on the other, at a price off the ladder.
    const quoteIds: string[] = [];
    for (let q = 0; q < QUOTES; q++) {
      const asked = await call(first.url, 'POST', '/api/quotes', {
        cookie: buyer.cookie,
        body: { note: `Quote ${q + 1}` },
      });
      expect(asked.status, JSON.stringify(asked.body)).toBe(201);
      const id = (asked.body as { _id: string })._id;
      const answered = await call(servers[1].url, 'PUT', `/api/quotes/${id}`, {
        cookie: admin.cookie,
        body: {
          lines: [{ productId: product._id, quantity: QUANTITY, unitPrice: 6.25 }],
          expiresAt: new Date(Date.now() + 3600_000).toISOString(),
          note: 'Fault-test price',
        },
      });
      expect(answered.status, JSON.stringify(answered.body)).toBe(200);
      quoteIds.push(id);
    }

    // Every accept at once: each quote 20 times, by every member, alternating servers.
    const started = performance.now();
    const answers = await Promise.all(
      quoteIds.flatMap((id, q) =>
        Array.from(
          { length: ACCEPTS_PER_QUOTE },
          async (_, i): Promise<Reply & { q: number; ms: number }> => {
            const member = members[i % MEMBERS]!;
            const server = servers[(i + q) % 2]!;
            const sent = performance.now();
            const res = await call(server.url, 'POST', `/api/quotes/${id}/accept`, {
              cookie: member.cookie,
            });
            return { ...res, q, ms: performance.now() - sent };
          },
        ),
      ),
    );
    const ms = performance.now() - started;
    const each = answers.map((a) => a.ms).sort((a, b) => a - b);
    const at = (share: number) => each[Math.min(each.length - 1, Math.floor(share * each.length))]!;
    console.log(
      `${answers.length} accepts of ${QUOTES} quotes at once on two servers: ${ms.toFixed(0)} ms in all; each p50 ${at(0.5).toFixed(0)} ms, max ${at(1).toFixed(0)} ms`,
    );

    const bodies = answers.map((a) => JSON.stringify(a.body));
    expect(bodies.filter((b) => DATABASE_TROUBLE.test(b))).toEqual([]);
    for (const [q, id] of quoteIds.entries()) {
      const mine = answers.filter((a) => a.q === q);
      const created = mine.filter((a) => a.status === 201).length;
      const again = mine.filter((a) => a.status === 200).length;
      expect([created, again], `quote ${id}: one 201, the rest 200`).toEqual([
        1,
        ACCEPTS_PER_QUOTE - 1,
      ]);
      const orderIds = new Set(mine.map((a) => (a.body as { _id: string })._id));
      expect(orderIds.size, 'every accept answers the same order').toBe(1);
      const [order] = mine.map((a) => a.body as { lines: { unitPrice: number }[] });
      expect(order!.lines.map((l) => l.unitPrice)).toEqual([6.25]);
    }

    // In the database: one order per quote, linked both ways, and the stock taken once each.
    const rows = await database.query<{ quote_id: string; orders: string; quoted: string }>(
      `select q.id as quote_id, count(o.id)::text as orders,
              count(*) filter (where q.order_id = o.id)::text as quoted
       from quote q left join "order" o on o.quote_id = q.id
       where q.status = 'accepted' group by q.id`,
    );
    expect(rows.map((r) => [r.orders, r.quoted])).toEqual(
      Array.from({ length: QUOTES }, () => ['1', '1']),
    );
    const [moved] = await database.query<{ reserved: string }>(
      `select coalesce(sum(delta), 0)::text as reserved from stock_movement
       where product_id = $1 and reason = 'reserved'`,
      [product._id],
    );
    expect(Number(moved!.reserved)).toBe(-QUOTES * QUANTITY);
    expect(await productStock(servers[1].url, product._id)).toBe(STOCK - QUOTES * QUANTITY);
  });
});
