import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rawRows } from '../../db/raw-rows.ts';

/**
 * Every company's overdue on-account invoices, counted and summed (issue 35's overview): the
 * rule of ledger.ts `overdueInvoices` (payments pay the oldest invoices first, so what a company
 * owes is its newest invoices' share), for all companies that owe something at once.
 */
export async function overdueTotals(db: Executor, now: Date) {
  const result = await db.execute(sql`
    with open as (
      select o.company_id, o.due_at, o.grand_total_cents, c.balance_cents as owed,
        sum(o.grand_total_cents) over (
          partition by o.company_id order by o.invoiced_at desc, o.number desc) as newer
      from "order" o join company c on c.id = o.company_id
      where c.balance_cents > 0 and o.payment_method = 'account'
        and o.due_at is not null and o.invoice_number is not null and o.status <> 'cancelled'
    )
    select count(*) as invoices,
      coalesce(sum(least(grand_total_cents, owed - (newer - grand_total_cents))), 0) as cents
    from open
    where due_at < ${now.toISOString()}::timestamptz and newer - grand_total_cents < owed`);
  const [row] = rawRows<{ invoices: string | number; cents: string | number }>(result);
  return { invoices: Number(row?.invoices ?? 0), cents: Number(row?.cents ?? 0) };
}
