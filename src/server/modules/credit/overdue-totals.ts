import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rawRows } from '../../db/raw-rows.ts';

/** A company's open invoices: on account, invoiced, due some day, not cancelled. */
const OPEN = sql.raw(`o.payment_method = 'account' and o.due_at is not null
  and o.invoice_number is not null and o.status <> 'cancelled'`);

/**
 * Every company's overdue on-account invoices, counted and summed (issue 35's overview): the
 * rule of ledger.ts `overdueInvoices` (payments pay the oldest invoices first, so what a company
 * owes is its newest invoices' share), for all companies that owe something at once.
 *
 * A walk rather than a window over every invoice: for each company that owes, it steps through
 * the open invoices newest first (order_open_invoice_idx, index-only) and stops once they cover
 * the balance, so it reads the few unpaid invoices, not a company's whole history.
 */
export async function overdueTotals(db: Executor, now: Date) {
  const result = await db.execute(sql`
    with recursive walk as (
      select c.id as company_id, c.balance_cents::bigint as owed, i.invoiced_at, i.number,
        i.grand_total_cents, i.due_at, i.grand_total_cents::bigint as newer
      from company c cross join lateral (
        select o.invoiced_at, o.number, o.grand_total_cents, o.due_at from "order" o
        where o.company_id = c.id and ${OPEN}
        order by o.invoiced_at desc, o.number desc limit 1) i
      where c.balance_cents > 0
      union all
      select w.company_id, w.owed, i.invoiced_at, i.number, i.grand_total_cents, i.due_at,
        w.newer + i.grand_total_cents
      from walk w cross join lateral (
        select o.invoiced_at, o.number, o.grand_total_cents, o.due_at from "order" o
        where o.company_id = w.company_id and ${OPEN}
          and (o.invoiced_at, o.number) < (w.invoiced_at, w.number)
        order by o.invoiced_at desc, o.number desc limit 1) i
      where w.newer < w.owed
    )
    select count(*) as invoices,
      coalesce(sum(least(grand_total_cents, owed - (newer - grand_total_cents))), 0) as cents
    from walk
    where due_at < ${now.toISOString()}::timestamptz and newer - grand_total_cents < owed`);
  const [row] = rawRows<{ invoices: string | number; cents: string | number }>(result);
  return { invoices: Number(row?.invoices ?? 0), cents: Number(row?.cents ?? 0) };
}
