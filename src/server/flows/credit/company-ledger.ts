import type {
  AdjustmentInput,
  CompanyLedger,
  LedgerEntry,
  PaymentInput,
} from '../../../contract/credit.ts';
import { centsToDollars, dollarsToCents, formatDollars } from '../../../contract/money.ts';
import { recordAudit } from '../../audit/record.ts';
import type { CurrentUser } from '../../auth/current-user.ts';
import type { Db, Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { canManage, findMembership } from '../../modules/companies/membership.ts';
import { findCompany } from '../../modules/companies/repository.ts';
import {
  addLedgerEntry,
  availableCents,
  findPaymentByReference,
  isReferenceClash,
  ledgerPage,
  ledgerTotals,
  lockCompany,
  overdueInvoices,
  type CompanyRow,
  type LedgerEntryRow,
} from '../../modules/credit/ledger.ts';
import { checkPayment } from '../../modules/credit/payments.ts';
import { notYourCompany, paymentRecorded } from '../../modules/credit/refusals.ts';
import { emitCreditChanged } from '../steps/credit-events.ts';

// A company's credit ledger as the shop and the company see it: the statement, and the payments
// and adjustments a shop admin records on it (each in the audit trail).

/** How far a balance may go either way: the column's range, with room to spare. */
const MAX_BALANCE_CENTS = 2_000_000_000;

const dollars = (cents: number) => centsToDollars(cents);

export const entryOut = (
  entry: LedgerEntryRow,
  orderNumber: number | null = null,
): LedgerEntry => ({
  _id: String(entry.id),
  at: entry.at.toISOString(),
  type: entry.type,
  amount: dollars(entry.amountCents),
  balance: dollars(entry.balanceAfterCents),
  orderId: entry.orderId,
  orderNumber,
  invoiceNumber: entry.invoiceNumber,
  note: entry.note,
});

async function readCompany(db: Executor, id: string): Promise<CompanyRow> {
  const row = await findCompany(db, id);
  if (!row) throw notFound('Company');
  return row;
}

/**
 * Whether the caller may read the company's statement: a shop admin, or the company's owner or
 * an admin of it. Anyone else hears 403, whether or not the company exists.
 */
async function assertMayRead(db: Db, user: CurrentUser, companyId: string) {
  if (user.role === 'admin') return;
  const membership = await findMembership(db, user.id);
  if (!canManage(membership) || membership?.companyId !== companyId) throw notYourCompany();
}

/**
 * One page of the statement, newest first, with the balance, the credit available and the
 * invoices overdue, all read in one snapshot: the page, the balance and the overdue invoices
 * agree with each other.
 */
export async function companyLedger(
  db: Db,
  user: CurrentUser,
  id: string,
  { page, limit }: { page: number; limit: number },
): Promise<CompanyLedger> {
  await assertMayRead(db, user, id);
  // One snapshot for every read, so an entry written meanwhile shows in all of them or none.
  const snapshot = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;
  return db.transaction(async (tx) => {
    const company = await readCompany(tx, id);
    const [rows, totals, overdue] = [
      await ledgerPage(tx, id, (page - 1) * limit, limit),
      await ledgerTotals(tx, id),
      await overdueInvoices(tx, id, new Date()),
    ];
    return {
      data: rows.map((r) => entryOut(r.entry, r.orderNumber)),
      page,
      limit,
      total: totals.count,
      totalPages: Math.ceil(totals.count / limit),
      balance: dollars(company.balanceCents),
      creditLimit: dollars(company.creditLimitCents),
      available: dollars(availableCents(company)),
      overdue: dollars(overdue.reduce((sum, o) => sum + o.amountCents, 0)),
      overdueInvoices: overdue.map((o) => ({
        orderId: o.orderId,
        orderNumber: o.orderNumber,
        invoiceNumber: o.invoiceNumber,
        dueAt: o.dueAt.toISOString(),
        amount: dollars(o.amountCents),
      })),
    };
  }, snapshot);
}

/**
 * A payment or an adjustment by a shop admin: under the company's lock (the lock every charge
 * takes), one entry, the balance moved and the audit line, in one transaction.
 */
async function recordEntry(
  db: Db,
  admin: CurrentUser,
  id: string,
  entry: { type: 'payment' | 'adjustment'; amountCents: number; note: string },
  summary: (company: CompanyRow) => string,
  payment?: { reference: string; confirmLarge: boolean },
) {
  if (!isUuid(id)) throw notFound('Company');
  return db.transaction(async (tx) => {
    const company = await lockCompany(tx, id);
    if (!company) throw notFound('Company');
    if (payment) await checkPayment(tx, company, { amountCents: -entry.amountCents, ...payment });
    if (Math.abs(company.balanceCents + entry.amountCents) > MAX_BALANCE_CENTS) {
      throw new AppError('conflict', 'That would take the balance out of range: check the amount.');
    }
    const row = await addLedgerEntry(tx, company, {
      ...entry,
      reference: payment?.reference ?? null,
      createdBy: admin.email,
    });
    await emitCreditChanged(tx, company, row);
    await recordAudit(tx, admin, {
      action: `company.${entry.type}`,
      targetType: 'company',
      targetId: id,
      summary: summary(company),
    });
    return entryOut(row);
  });
}

/**
 * A payment received from the company: it takes the amount off what the company owes, once per
 * reference (a write that slipped past the check meets the unique index: the same 409).
 */
export const recordCompanyPayment = (
  db: Db,
  admin: CurrentUser,
  id: string,
  { amount, reference, confirmLarge }: PaymentInput,
) =>
  recordEntry(
    db,
    admin,
    id,
    { type: 'payment', amountCents: -dollarsToCents(amount), note: reference },
    (company) =>
      `Recorded a payment of ${formatDollars(amount)} from ${company.name} (${reference})`,
    { reference, confirmLarge },
  ).catch(async (err: unknown) => {
    const first = isReferenceClash(err) && (await findPaymentByReference(db, id, reference));
    throw first ? paymentRecorded({ ...first, reference: first.reference ?? reference }) : err;
  });

/** A correction of what the company owes: signed (+ owes more, − owes less), with its reason. */
export const adjustCompanyBalance = (
  db: Db,
  admin: CurrentUser,
  id: string,
  { amount, note }: AdjustmentInput,
) =>
  recordEntry(
    db,
    admin,
    id,
    { type: 'adjustment', amountCents: dollarsToCents(amount), note },
    (company) =>
      `Adjusted the balance of ${company.name} by ${amount > 0 ? '+' : ''}${formatDollars(amount)}: ${note}`,
  );
