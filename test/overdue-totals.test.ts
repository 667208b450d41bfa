import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/server/db/client.ts';
import { overdueInvoices } from '../src/server/modules/credit/ledger.ts';
import { overdueTotals } from '../src/server/modules/credit/overdue-totals.ts';
import { insertProduct } from './support/fixtures.ts';
import { freshDatabase } from './support/test-app.ts';

// The overview's overdue sum (a walk over each company's newest invoices that stops once they
// cover the balance) says what every company's own statement says, summed: whatever the
// balances, totals, due dates, cancelled and card orders, and invoices issued at the same moment.

const NOW = new Date('2026-11-30T12:00:00Z');
const DAY = 86_400_000;

const invoice = fc.record({
  cents: fc.integer({ min: 1, max: 500_000 }),
  // Several invoices share a moment, so the order number breaks the tie.
  invoicedDaysAgo: fc.integer({ min: 0, max: 12 }),
  dueInDays: fc.integer({ min: -40, max: 40 }),
  kind: fc.constantFrom('open', 'open', 'open', 'cancelled', 'card'),
});
const company = fc.record({
  balance: fc.integer({ min: -100_000, max: 2_000_000 }),
  invoices: fc.array(invoice, { maxLength: 12 }),
});

let database: Database;
let productId: string;
beforeAll(async () => {
  database = await freshDatabase({ migrated: true });
  productId = (await insertProduct(database.db, { name: 'Overdue part' })).id;
});
afterAll(() => database.close());

type CompanyShape = typeof company extends fc.Arbitrary<infer T> ? T : never;

async function given(companies: CompanyShape[]) {
  const { db } = database;
  await db.execute(sql`delete from "order"`);
  await db.execute(sql`delete from company`);
  const ids: string[] = [];
  for (const [c, shape] of companies.entries()) {
    const rows = await db.execute(sql`
      insert into company (name, net_days, credit_limit_cents, balance_cents)
      values (${`Overdue Co ${c}`}, 30, 10000000, ${shape.balance}) returning id`);
    const id = (rows as unknown as { rows: { id: string }[] }).rows[0]!.id;
    ids.push(id);
    for (const [i, inv] of shape.invoices.entries()) {
      const invoiced = new Date(NOW.getTime() - inv.invoicedDaysAgo * DAY);
      const account = inv.kind !== 'card';
      await db.execute(sql`
        insert into "order" (user_id, email, user_name, product_id, product_name,
          unit_price_cents, quantity, total_cents, grand_total_cents, status, hold_until,
          created_at, paid_at, payment_method, company_id, invoice_number, invoiced_at, due_at)
        values ('overdue-user', 'o@example.com', 'O', ${productId}, 'Overdue part',
          ${inv.cents}, 1, ${inv.cents}, ${inv.cents},
          ${inv.kind === 'cancelled' ? 'cancelled' : 'paid'}, ${invoiced.toISOString()},
          ${invoiced.toISOString()}, ${invoiced.toISOString()},
          ${account ? 'account' : 'card'}, ${id}, ${`INV-T-${c}-${i}`},
          ${invoiced.toISOString()},
          ${account ? new Date(invoiced.getTime() + inv.dueInDays * DAY).toISOString() : null})`);
    }
  }
  return ids;
}

describe('the overview’s overdue invoices', () => {
  it('count and sum what every company’s own statement calls overdue', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(company, { minLength: 1, maxLength: 5 }), async (companies) => {
        const ids = await given(companies);
        let invoices = 0;
        let cents = 0;
        for (const id of ids) {
          for (const due of await overdueInvoices(database.db, id, NOW)) {
            invoices += 1;
            cents += due.amountCents;
          }
        }
        expect(await overdueTotals(database.db, NOW)).toEqual({ invoices, cents });
      }),
      { numRuns: 40 },
    );
  });
});
