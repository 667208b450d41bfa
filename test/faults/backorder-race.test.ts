import { describe, expect, it } from 'vitest';
import { insertCustomers, seededRandom } from './support/direct-customers.ts';
import { testDatabase, twoServers, withLimit } from './support/fault-test.ts';
import { SHARED_SECRET } from './support/server-process.ts';
import { call, signUpAdmin } from './support/shop-client.ts';

// Issue 34: "100 concurrent backorder checkouts and 20 receipts. Afterwards no unit is allocated
// twice, every allocation goes to the oldest eligible line, and the stock ledger adds up." Two
// server processes on one PostgreSQL; each order and each receipt goes to either.

const CHECKOUTS = 100;
const RECEIPTS = 20;

type Line = { order_id: string; created_at: string; number: number; quantity: number };
type Move = {
  id: number;
  delta: number;
  reason: string;
  order_id: string | null;
  note: string | null;
};
type Event = { id: number; order_id: string; event: string; detail: string };

describe('backorders, two servers on one PostgreSQL', () => {
  it('allocate receipts to the oldest waiting lines, each unit once, while 100 backorders are placed', async (context) => {
    const database = await testDatabase(context);
    const env = { MAX_UNPAID_ORDERS: '10000', ORDER_RATE_LIMIT: '1000000' };
    const servers = await twoServers({ databaseUrl: database.url, env });
    const admin = await signUpAdmin(servers[0].url);
    const added = await call(servers[0].url, 'POST', '/api/tools', {
      cookie: admin.cookie,
      body: {
        name: 'Torque wrench',
        price: 7.5,
        stock: 0,
        moq: 1,
        img: '/images/products/torque-wrench.svg',
      },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const productId = (added.body as { _id: string })._id;
    const allowed = await call(servers[1].url, 'PATCH', `/api/tools/${productId}`, {
      cookie: admin.cookie,
      body: { backorder: { allowed: true, expectedAt: '2027-01-14' } },
    });
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);

    const customers = await insertCustomers((text, values) => database.query(text, values), {
      count: CHECKOUTS,
      secret: SHARED_SECRET,
      prefix: 'backorderer',
    });
    const random = seededRandom(20261130);
    const quantities = customers.map(() => random.between(1, 30));
    const receipts = Array.from({ length: RECEIPTS }, () => random.between(5, 60));
    // Orders and receipts interleaved, all sent at once, alternately to each server.
    const all = [
      ...customers.map((customer, i) => ({
        kind: 'order' as const,
        customer,
        quantity: quantities[i]!,
      })),
      ...receipts.map((delta) => ({ kind: 'receipt' as const, delta })),
    ];
    const work = random.pick(all, all.length);
    const answers = await withLimit(work.length, 60, (i) => {
      const job = work[i]!;
      const server = servers[i % 2]!;
      return job.kind === 'order'
        ? call(server.url, 'POST', '/api/orders', {
            cookie: job.customer.cookie,
            body: { productId, quantity: job.quantity, email: job.customer.email },
          })
        : call(server.url, 'POST', `/api/tools/${productId}/stock-movements`, {
            cookie: admin.cookie,
            body: { delta: job.delta, reason: 'received' },
          });
    });
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.map((a) => [a.status, a.body])).toEqual([]);

    const lines = await database.query<Line & { reserved: number; backordered: number }>(
      `select l.order_id, o.created_at::text, o.number, l.quantity, l.reserved, l.backordered
       from order_line l join "order" o on o.id = l.order_id where l.product_id = $1`,
      [productId],
    );
    expect(lines).toHaveLength(CHECKOUTS);
    const moves = (
      await database.query<Move>(
        `select id, delta, reason, order_id, note from stock_movement
         where product_id = $1 order by id`,
        [productId],
      )
    ).map((m) => ({ ...m, id: Number(m.id), delta: Number(m.delta) }));
    const [product] = await database.query<{ stock: number }>(
      'select stock from product where id = $1',
      [productId],
    );

    // The ledger adds up: stock is the sum of its movements, and with what orders took it is
    // what was received; never below zero; backordered pieces are counted apart.
    const sum = (ns: number[]) => ns.reduce((a, b) => a + b, 0);
    const received = sum(receipts);
    expect(
      moves
        .filter((m) => m.reason === 'received')
        .map((m) => m.delta)
        .sort(),
    ).toEqual([...receipts].sort());
    expect(product!.stock).toBe(sum(moves.map((m) => m.delta)));
    expect(product!.stock).toBeGreaterThanOrEqual(0);
    expect(product!.stock + sum(lines.map((l) => l.reserved))).toBe(received);

    // No unit allocated twice: each line's reserved pieces are exactly its reserved movements,
    // and reserved plus backordered is what it asked for.
    const reservedBy = new Map<string, number>();
    for (const m of moves.filter((m) => m.reason === 'reserved')) {
      reservedBy.set(m.order_id!, (reservedBy.get(m.order_id!) ?? 0) - m.delta);
    }
    for (const line of lines) {
      expect(line.reserved + line.backordered).toBe(line.quantity);
      expect(reservedBy.get(line.order_id) ?? 0).toBe(line.reserved);
    }

    // Every allocation went to the oldest eligible line. The product's lock puts checkouts and
    // receipts in one order, which the timeline's ids follow (both write them under the lock):
    // replayed in it, an allocation never passes over an older order still waiting.
    const events = (
      await database.query<Event>(
        `select e.id, e.order_id, e.event, e.detail from order_event e
         join order_line l on l.order_id = e.order_id and l.product_id = $1
         where e.event in ('placed', 'backorder_allocated') order by e.id`,
        [productId],
      )
    ).map((e) => ({ ...e, id: Number(e.id) }));
    const byOrder = new Map(lines.map((l) => [l.order_id, l]));
    const key = (l: Line) => `${l.created_at}|${String(l.number).padStart(12, '0')}`;
    const placedReserved = new Map<string, number>();
    for (const m of moves) {
      if (m.reason === 'reserved' && m.note === null) placedReserved.set(m.order_id!, -m.delta);
    }
    const waiting = new Map<string, number>();
    let allocations = 0;
    for (const e of events) {
      const line = byOrder.get(e.order_id)!;
      if (e.event === 'placed') {
        waiting.set(e.order_id, line.quantity - (placedReserved.get(e.order_id) ?? 0));
        continue;
      }
      const n = Number(/^(\d+) of/.exec(e.detail)?.[1]);
      const passedOver = [...waiting].filter(
        ([id, left]) => left > 0 && id !== e.order_id && key(byOrder.get(id)!) < key(line),
      );
      expect(passedOver, `allocation ${e.id} to #${line.number}`).toEqual([]);
      waiting.set(e.order_id, waiting.get(e.order_id)! - n);
      expect(waiting.get(e.order_id)).toBeGreaterThanOrEqual(0);
      allocations += n;
    }
    expect(allocations).toBe(
      sum(moves.filter((m) => m.reason === 'reserved' && m.note !== null).map((m) => -m.delta)),
    );
    for (const [id, left] of waiting) expect(left).toBe(byOrder.get(id)!.backordered);
    console.log(
      `backorder race: ${CHECKOUTS} orders of ${sum(quantities)} pieces, ${RECEIPTS} receipts of ${received}; ${allocations} allocated on receipt, ${product!.stock} left on the shelf`,
    );
  });
});
