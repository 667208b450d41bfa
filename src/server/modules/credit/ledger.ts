import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { CreditEntryType } from '../../../contract/company-kinds.ts';
import { availableCreditCents } from '../../../contract/credit-rules.ts';
import type { Executor } from '../../db/client.ts';
import { companies, creditLedgerEntries, orders } from '../../db/schema.ts';
import { rawRows } from '../../db/raw-rows.ts';

// A company's credit: what it owes is the sum of its ledger entries, and company.balance_cents
// keeps that sum so a checkout reads one row under the company's lock. Every entry and the
// balance change in the caller's transaction, after the caller took that lock.

export type CompanyRow = typeof companies.$inferSelect;
export type LedgerEntryRow = typeof creditLedgerEntries.$inferSelect;

/**
 * The company, locked until the transaction ends: every check of its credit and every entry of
 * its ledger line up here, so two checkouts at once never both spend the same credit. FOR NO KEY
 * UPDATE, not FOR UPDATE: rows that only point at the company (a new order, a member) take a key
 * share lock for their foreign key, and must not queue behind a charge for it.
 */
export async function lockCompany(
  tx: Executor,
  companyId: string,
): Promise<CompanyRow | undefined> {
  const [row] = await tx
    .select()
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('no key update');
  return row;
}

export type NewLedgerEntry = {
  type: CreditEntryType;
  /** Signed: a charge adds to what is owed, a payment or a credit note takes off. */
  amountCents: number;
  orderId?: string | null;
  invoiceNumber?: string | null;
  note: string;
  /** A payment's reference: unique per company, whatever its case. */
  reference?: string | null;
  createdBy: string;
};

/**
 * Writes one entry and moves the company's balance by its amount, in one transaction with the
 * change that causes it. The balance is moved in SQL (not from the row the caller holds), so two
 * entries in one transaction, or a caller holding an older row, still leave it the exact sum.
 */
export async function addLedgerEntry(
  tx: Executor,
  company: Pick<CompanyRow, 'id'>,
  entry: NewLedgerEntry,
): Promise<LedgerEntryRow> {
  const [moved] = await tx
    .update(companies)
    .set({
      balanceCents: sql`${companies.balanceCents} + ${entry.amountCents}`,
      updatedAt: new Date(),
    })
    .where(eq(companies.id, company.id))
    .returning({ balanceCents: companies.balanceCents });
  if (!moved) throw new Error(`company ${company.id} is gone`);
  const [row] = await tx
    .insert(creditLedgerEntries)
    .values({
      companyId: company.id,
      type: entry.type,
      amountCents: entry.amountCents,
      balanceAfterCents: moved.balanceCents,
      orderId: entry.orderId ?? null,
      invoiceNumber: entry.invoiceNumber ?? null,
      note: entry.note,
      reference: entry.reference ?? null,
      createdBy: entry.createdBy,
    })
    .returning();
  if (!row) throw new Error('ledger entry not written');
  return row;
}

export type OverdueInvoice = {
  orderId: string;
  orderNumber: number;
  invoiceNumber: string;
  dueAt: Date;
  /** What is still owed of it: the whole invoice, or the part payments have not covered. */
  amountCents: number;
};

type RawOverdue = {
  order_id: string;
  order_number: string | number;
  invoice_number: string;
  due_at: string | Date;
  unpaid: string | number;
};

/**
 * The company's invoices past due and not covered by payments, oldest due first. Payments and
 * credits are not tied to an invoice: they pay the oldest first, so what the company owes (its
 * balance) is the newest invoices' share. Walking its open invoices newest first, each takes
 * what is left of the balance up to its own total; one due before `now` with a share left is
 * overdue. A cancelled order's charge and its credit note cancel out, so it is left out.
 */
export async function overdueInvoices(
  tx: Executor,
  companyId: string,
  now: Date,
): Promise<OverdueInvoice[]> {
  const owed = sql`(select ${companies.balanceCents} from ${companies} where ${companies.id} = ${companyId})`;
  const result = await tx.execute(sql`
    with open as (
      select o.id, o.number, o.invoice_number, o.due_at, o.grand_total_cents,
        sum(o.grand_total_cents) over (order by o.invoiced_at desc, o.number desc) as newer
      from "order" o
      where o.company_id = ${companyId} and o.payment_method = 'account'
        and o.due_at is not null and o.invoice_number is not null and o.status <> 'cancelled'
    )
    select id as order_id, number as order_number, invoice_number, due_at,
      least(grand_total_cents, ${owed} - (newer - grand_total_cents)) as unpaid
    from open
    where due_at < ${now.toISOString()}::timestamptz and newer - grand_total_cents < ${owed}
    order by due_at, number`);
  // Both drivers (pg and PGlite) answer raw SQL with `{ rows }`.
  const rows = rawRows<RawOverdue>(result);
  return rows.map((r) => ({
    orderId: r.order_id,
    orderNumber: Number(r.order_number),
    invoiceNumber: r.invoice_number,
    dueAt: new Date(r.due_at),
    amountCents: Number(r.unpaid),
  }));
}

/** Newest first, `limit` at a time: a company's statement, each entry with its order's number. */
export async function ledgerPage(db: Executor, companyId: string, offset: number, limit: number) {
  return db
    .select({ entry: creditLedgerEntries, orderNumber: orders.number })
    .from(creditLedgerEntries)
    .leftJoin(orders, eq(orders.id, creditLedgerEntries.orderId))
    .where(eq(creditLedgerEntries.companyId, companyId))
    .orderBy(desc(creditLedgerEntries.id))
    .offset(offset)
    .limit(limit);
}

/** How many entries the company's ledger has, and what they sum to (the balance, checked). */
export async function ledgerTotals(db: Executor, companyId: string) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      sum: sql<number>`coalesce(sum(${creditLedgerEntries.amountCents}), 0)::int`,
    })
    .from(creditLedgerEntries)
    .where(eq(creditLedgerEntries.companyId, companyId));
  return { count: row?.count ?? 0, sumCents: row?.sum ?? 0 };
}

/**
 * What the company may still charge: its limit less what it owes, never below nothing, and
 * never above the limit (a credit balance does not raise it: src/contract/credit-rules.ts).
 */
export const availableCents = (company: Pick<CompanyRow, 'creditLimitCents' | 'balanceCents'>) =>
  availableCreditCents(company);

/** The company's payment with this reference (whatever its case), if one was recorded. */
export async function findPaymentByReference(
  db: Executor,
  companyId: string,
  reference: string,
): Promise<LedgerEntryRow | undefined> {
  const [row] = await db
    .select()
    .from(creditLedgerEntries)
    .where(
      and(
        eq(creditLedgerEntries.companyId, companyId),
        sql`lower(${creditLedgerEntries.reference}) = lower(${reference})`,
      ),
    )
    .orderBy(asc(creditLedgerEntries.id))
    .limit(1);
  return row;
}

/** Whether a failed write broke the unique payment reference (through Drizzle's wrappers). */
export function isReferenceClash(err: unknown) {
  let current: unknown = err;
  for (let depth = 0; depth < 6 && current instanceof Error; depth++) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505') return constraint === 'credit_ledger_entry_reference_idx';
    current = current.cause;
  }
  return false;
}
