import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/server/db/client.ts';
import { runMigrations } from '../src/server/db/migrate.ts';
import { listPage } from '../src/server/modules/catalog/browse.ts';
import { textQuery } from '../src/server/modules/catalog/search.ts';
import { databaseMigratedUpTo } from './support/old-database.ts';

let database: Database;

const productIndexes = async () =>
  (
    (await database.db.execute(
      sql`select indexname from pg_indexes where tablename = 'product' order by indexname`,
    )) as unknown as { rows: { indexname: string }[] }
  ).rows.map((row) => row.indexname);

const skusFound = async (q: string) => {
  const filters = { text: textQuery(q, {}, true), attributes: [], inStock: false };
  const page = await listPage(database.db, filters, { sort: 'relevance', limit: 10, offset: 0 });
  const skus = await database.db.execute(
    sql`select sku from product where id = any(${`{${page.entries.map((e) => e.id).join(',')}}`}::uuid[])
        order by array_position(${`{${page.entries.map((e) => e.id).join(',')}}`}::uuid[], id)`,
  );
  return {
    skus: (skus as unknown as { rows: { sku: string }[] }).rows.map((r) => r.sku),
    total: page.total,
  };
};

beforeAll(async () => {
  // As it stood before the search column: migrations 0000 to 0015, with products in it.
  database = await databaseMigratedUpTo(15);
  await database.db.execute(sql`
    insert into product (sku, name, price_cents, stock, image_url, tiers) values
      ('WHIP-1', 'Chain whip', 100, 40, '/images/a.svg', '[{"minQuantity":10,"priceCents":100}]'),
      ('LEV-2', 'Tyre levers', 100, 70, '/images/b.svg', '[{"minQuantity":10,"priceCents":100}]')`);
  await runMigrations(database);
});
afterAll(() => database.close());

describe('upgrading a shop to the one search column', () => {
  it('finds the products it already had by part of their name or SKU, whatever the case', async () => {
    expect(await skusFound('WHIP')).toEqual({ skus: ['WHIP-1'], total: 1 });
    expect(await skusFound('lev')).toEqual({ skus: ['LEV-2'], total: 1 });
    expect(await skusFound('-')).toEqual({ skus: ['WHIP-1', 'LEV-2'], total: 2 });
  });

  it('keeps one trigram index for the search, and running the migration again changes nothing', async () => {
    const after = await productIndexes();
    expect(after).toContain('product_search_text_trgm_idx');
    expect(after).not.toContain('product_name_trgm_idx');
    expect(after).not.toContain('product_sku_trgm_idx');
    // As a restore into PostgreSQL does (src/server/db/restore.ts).
    const migration = readFileSync('drizzle/0016_search_text.sql', 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) {
      await database.db.execute(sql.raw(statement));
    }
    expect(await productIndexes()).toEqual(after);
    expect(await skusFound('chain w')).toEqual({ skus: ['WHIP-1'], total: 1 });
  });
});
