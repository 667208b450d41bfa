import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/server/db/client.ts';
import { runMigrations } from '../src/server/db/migrate.ts';
import { deleteOrderReturningStock } from '../src/server/flows/ordering/delete-order.ts';
import { databaseMigratedUpTo } from './support/old-database.ts';

const WHIP = '11111111-1111-4111-8111-111111111111';
const KEY = '22222222-2222-4222-8222-222222222222';
const LEVER = '33333333-3333-4333-8333-333333333333';
const FIRST = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const SECOND = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

let database: Database;
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

type Movement = {
  product_id: string;
  delta: number;
  reason: string;
  order_id: string | null;
  actor_id: string | null;
  actor: string;
  stock_after: number;
};
const movements = () =>
  rows<Movement>(sql`
    select product_id, delta, reason, order_id, actor_id, actor, stock_after
    from stock_movement order by product_id, id`);

beforeAll(async () => {
  // As it stood before the stock ledger: migrations 0000 to 0009.
  database = await databaseMigratedUpTo(9);
  // A shop as it was: stock already net of what unpaid orders hold. The whip is held by two
  // unpaid orders (one of them also holds spoke keys, the key's last 5); a paid and an expired
  // order of it hold nothing any more; the lever has no orders; one unpaid line's part is gone.
  await database.db.execute(sql`
    insert into "user" (id, name, email) values
      ('u-ana', 'Ana', 'ana@example.com'), ('u-ben', 'Ben', 'ben@example.com')`);
  await database.db.execute(sql`
    insert into product (id, sku, name, price_cents, stock, image_url, tiers) values
      (${WHIP}, 'WHIP', 'Chain whip', 100, 40, '/images/a.svg', '[{"minQuantity":10,"priceCents":100}]'),
      (${KEY}, 'KEY', 'Spoke key', 100, 0, '/images/b.svg', '[{"minQuantity":10,"priceCents":100}]'),
      (${LEVER}, 'LEVER', 'Tyre lever', 100, 70, '/images/c.svg', '[{"minQuantity":10,"priceCents":100}]')`);
  await database.db.execute(sql`
    insert into "order" (id, user_id, email, user_name, product_id, product_name,
      unit_price_cents, quantity, total_cents, status, hold_until, created_at, paid_at) values
      (${FIRST}, 'u-ana', 'ana@example.com', 'Ana', ${WHIP}, 'Chain whip', 100, 20, 2000,
       'unpaid', now() + interval '1 hour', now() - interval '3 minutes', null),
      (${SECOND}, 'u-ben', 'ben@example.com', 'Ben', null, '3 parts: …', null, 25, 2500,
       'unpaid', now() + interval '1 hour', now() - interval '2 minutes', null),
      ('cccccccc-cccc-4ccc-8ccc-cccccccccccc', 'u-ana', 'ana@example.com', 'Ana', ${WHIP},
       'Chain whip', 100, 30, 3000, 'paid', now(), now() - interval '9 minutes', now()),
      ('dddddddd-dddd-4ddd-8ddd-dddddddddddd', 'u-ben', 'ben@example.com', 'Ben', ${WHIP},
       'Chain whip', 100, 15, 1500, 'expired', now(), now() - interval '8 minutes', null)`);
  await database.db.execute(sql`
    insert into order_line (order_id, line_no, product_id, sku, product_name, quantity,
      unit_price_cents, line_total_cents) values
      (${FIRST}, 1, ${WHIP}, 'WHIP', 'Chain whip', 20, 100, 2000),
      (${SECOND}, 1, ${KEY}, 'KEY', 'Spoke key', 5, 100, 500),
      (${SECOND}, 2, ${WHIP}, 'WHIP', 'Chain whip', 10, 100, 1000),
      (${SECOND}, 3, null, 'GONE', 'Old part', 10, 100, 1000),
      ('cccccccc-cccc-4ccc-8ccc-cccccccccccc', 1, ${WHIP}, 'WHIP', 'Chain whip', 30, 100, 3000),
      ('dddddddd-dddd-4ddd-8ddd-dddddddddddd', 1, ${WHIP}, 'WHIP', 'Chain whip', 15, 100, 1500)`);
  await runMigrations(database);
});
afterAll(() => database.close());

describe('upgrading a shop to the stock ledger', () => {
  it('opens every product with its stock plus what unpaid orders hold, and writes each unpaid line as its reservation', async () => {
    const opening = (productId: string, delta: number): Movement => ({
      product_id: productId,
      delta,
      reason: 'opening',
      order_id: null,
      actor_id: null,
      actor: 'migration',
      stock_after: delta,
    });
    const reserved = (
      productId: string,
      delta: number,
      orderId: string,
      who: 'ana' | 'ben',
      after: number,
    ): Movement => ({
      product_id: productId,
      delta,
      reason: 'reserved',
      order_id: orderId,
      actor_id: `u-${who}`,
      actor: `${who}@example.com`,
      stock_after: after,
    });
    expect(await movements()).toEqual([
      opening(WHIP, 70),
      // Oldest order first: each reservation's stock after is exact.
      reserved(WHIP, -20, FIRST, 'ana', 50),
      reserved(WHIP, -10, SECOND, 'ben', 40),
      opening(KEY, 5),
      reserved(KEY, -5, SECOND, 'ben', 0),
      opening(LEVER, 70),
    ]);
  });

  it('leaves every product’s stock the sum of its movements, and a reservation given back has its match', async () => {
    const sums = () =>
      rows<{ id: string; stock: number; moved: number }>(sql`
        select p.id, p.stock, coalesce(sum(m.delta), 0)::int as moved
        from product p left join stock_movement m on m.product_id = p.id
        group by p.id, p.stock order by p.id`);
    expect(await sums()).toEqual([
      { id: WHIP, stock: 40, moved: 40 },
      { id: KEY, stock: 0, moved: 0 },
      { id: LEVER, stock: 70, moved: 70 },
    ]);

    // The shop now deletes one of those orders: its stock comes back through the ledger.
    const deleted = await deleteOrderReturningStock(database.db, SECOND, null);
    expect(deleted?.id).toBe(SECOND);
    expect(await sums()).toEqual([
      { id: WHIP, stock: 50, moved: 50 },
      { id: KEY, stock: 5, moved: 5 },
      { id: LEVER, stock: 70, moved: 70 },
    ]);
    const released = (await movements()).filter((m) => m.reason === 'released');
    expect(released).toEqual([
      expect.objectContaining({ product_id: WHIP, delta: 10, order_id: SECOND, stock_after: 50 }),
      expect.objectContaining({ product_id: KEY, delta: 5, order_id: SECOND, stock_after: 5 }),
    ]);
  });
});
