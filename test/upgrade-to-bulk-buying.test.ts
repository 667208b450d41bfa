import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/server/db/client.ts';
import { runMigrations } from '../src/server/db/migrate.ts';
import { databaseMigratedUpTo } from './support/old-database.ts';

let database: Database;
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  // As it stood before bulk buying: migrations 0000 to 0006.
  database = await databaseMigratedUpTo(6);
  // A shop as it was: two products, an order of one of them, and one of a product since gone.
  await database.db.execute(sql`
    insert into product (id, name, price_cents, stock, image_url) values
      ('11111111-1111-4111-8111-111111111111', 'Chain whip', 1299, 80, '/images/a.svg'),
      ('22222222-2222-4222-8222-222222222222', 'Spoke key', 705, 40, '/images/b.svg')`);
  await database.db.execute(sql`
    insert into "order" (id, user_id, email, user_name, product_id, product_name,
      unit_price_cents, quantity, total_cents, hold_until) values
      ('33333333-3333-4333-8333-333333333333', 'u1', 'a@example.com', 'Ana',
       '11111111-1111-4111-8111-111111111111', 'Chain whip', 1299, 20, 25980, now()),
      ('44444444-4444-4444-8444-444444444444', 'u1', 'a@example.com', 'Ana',
       null, 'Old part', 500, 10, 5000, now())`);
  await runMigrations(database);
});
afterAll(() => database.close());

describe('upgrading a shop to bulk buying', () => {
  it('gives every product a unique SKU, the minimum of 10, packs of 1 and a one-tier ladder', async () => {
    const products = await rows<{ sku: string; moq: number; pack_size: number; tiers: unknown }>(
      sql`select sku, moq, pack_size, tiers from product order by name`,
    );
    expect(products).toEqual([
      {
        sku: 'ECP-1111111111',
        moq: 10,
        pack_size: 1,
        tiers: [{ minQuantity: 10, priceCents: 1299 }],
      },
      {
        sku: 'ECP-2222222222',
        moq: 10,
        pack_size: 1,
        tiers: [{ minQuantity: 10, priceCents: 705 }],
      },
    ]);
  });

  it('gives every order its one line, also when its product is gone', async () => {
    const lines = await rows<Record<string, unknown>>(sql`
      select order_id, line_no, product_id, sku, product_name, quantity, unit_price_cents,
        line_total_cents from order_line order by product_name`);
    expect(lines).toEqual([
      {
        order_id: '33333333-3333-4333-8333-333333333333',
        line_no: 1,
        product_id: '11111111-1111-4111-8111-111111111111',
        sku: 'ECP-1111111111',
        product_name: 'Chain whip',
        quantity: 20,
        unit_price_cents: 1299,
        line_total_cents: 25980,
      },
      {
        order_id: '44444444-4444-4444-8444-444444444444',
        line_no: 1,
        product_id: null,
        sku: '',
        product_name: 'Old part',
        quantity: 10,
        unit_price_cents: 500,
        line_total_cents: 5000,
      },
    ]);
  });

  it('refuses a second product with the same SKU in another case', async () => {
    await expect(
      database.db.execute(sql`
        insert into product (sku, name, price_cents, stock, image_url, tiers)
        values ('ecp-1111111111', 'Copy', 100, 1, '/images/c.svg', '[]')`),
    ).rejects.toThrow();
  });
});
