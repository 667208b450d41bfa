// Upgrading a shop to migration 0017 (issue 31): payments already recorded keep their reference
// (the first of each, per company, whatever its case: a repeat stays on the ledger in its note),
// so a new payment under one of them is refused; every VAT ID kept so far starts unverified.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/server/db/client.ts';
import { runMigrations } from '../src/server/db/migrate.ts';
import { databaseMigratedUpTo } from './support/old-database.ts';

const VELO = '11111111-1111-4111-8111-111111111111';
const SPOKE = '22222222-2222-4222-8222-222222222222';

let database: Database;
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  // As it stood before issue 31: migrations 0000 to 0016, with R-1 recorded twice at Velo.
  database = await databaseMigratedUpTo(16);
  await database.db.execute(sql`
    insert into "user" (id, name, email) values ('u-ana', 'Ana', 'ana@example.com')`);
  await database.db.execute(sql`
    insert into account_tax (user_id, company_name, vat_id) values ('u-ana', 'Ana BV', 'BE0412345614')`);
  await database.db.execute(sql`
    insert into company (id, name, vat_id, net_days, credit_limit_cents) values
      (${VELO}, 'Velo', 'FR40303265045', 30, 500000), (${SPOKE}, 'Spoke', '', 30, 500000)`);
  await database.db.execute(sql`
    insert into credit_ledger_entry
      (company_id, type, amount_cents, balance_after_cents, note, created_by) values
      (${VELO}, 'charge', 435260, 435260, '', 'ana@example.com'),
      (${VELO}, 'payment', -100000000, -99564740, 'R-1', 'admin@example.com'),
      (${VELO}, 'payment', -100000000, -199564740, 'r-1', 'admin@example.com'),
      (${VELO}, 'payment', -5000, -199569740, 'R-2', 'admin@example.com'),
      (${VELO}, 'adjustment', 100, -199569640, 'R-3', 'admin@example.com'),
      (${SPOKE}, 'payment', -5000, -5000, 'R-1', 'admin@example.com')`);
  await runMigrations(database);
});
afterAll(() => database.close());

describe('upgrading a shop to payment references and verified VAT IDs', () => {
  it('keeps the first payment of each reference per company; a repeat keeps its note only', async () => {
    expect(
      await rows(sql`
        select c.name, e.type, e.note, e.reference from credit_ledger_entry e
        join company c on c.id = e.company_id order by c.name desc, e.id`),
    ).toEqual([
      { name: 'Velo', type: 'charge', note: '', reference: null },
      { name: 'Velo', type: 'payment', note: 'R-1', reference: 'R-1' },
      { name: 'Velo', type: 'payment', note: 'r-1', reference: null },
      { name: 'Velo', type: 'payment', note: 'R-2', reference: 'R-2' },
      { name: 'Velo', type: 'adjustment', note: 'R-3', reference: null },
      { name: 'Spoke', type: 'payment', note: 'R-1', reference: 'R-1' },
    ]);
  });

  it('refuses a payment under a reference the company has used, in any case', async () => {
    const insert = (reference: string, company = VELO) =>
      database.db.execute(sql`
        insert into credit_ledger_entry
          (company_id, type, amount_cents, balance_after_cents, note, reference, created_by)
        values (${company}, 'payment', -100, 0, ${reference}, ${reference}, 'admin@example.com')`);
    await expect(insert('R-2')).rejects.toThrow();
    await expect(insert('r-2')).rejects.toThrow();
    await expect(insert('R-3')).resolves.toBeDefined();
    await expect(insert('R-2', SPOKE)).resolves.toBeDefined();
  });

  it('starts every VAT ID unverified', async () => {
    expect(await rows(sql`select vat_id_verified from account_tax`)).toEqual([
      { vat_id_verified: false },
    ]);
    expect(await rows(sql`select vat_id_verified from company order by name`)).toEqual([
      { vat_id_verified: false },
      { vat_id_verified: false },
    ]);
  });
});
