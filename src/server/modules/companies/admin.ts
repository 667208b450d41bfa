import type {
  CompaniesQuery,
  CompanyDetail,
  CompanySummary,
  CompanyTermsInput,
} from '../../../contract/companies.ts';
import { dollarsToCents, formatDollars } from '../../../contract/money.ts';
import { recordAudit, type AuditActor } from '../../audit/record.ts';
import type { Db, Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { pageOf } from '../../lib/paging.ts';
import { creditOut, discountPercent, memberOut } from './present.ts';
import {
  findCompany,
  listCompanies,
  listMembers,
  lockCompanyRow,
  updateCompany,
  type CompanyRow,
} from './repository.ts';

const summaryOut = (c: CompanyRow, members: number): CompanySummary => ({
  _id: c.id,
  name: c.name,
  vatId: c.vatId,
  vatIdVerified: c.vatId !== '' && c.vatIdVerified,
  poRequired: c.poRequired,
  ...creditOut(c),
  discountPercent: discountPercent(c.discountMilli),
  members,
  createdAt: c.createdAt.toISOString(),
});

export async function browseCompanies(db: Db, { q, page, limit }: CompaniesQuery) {
  const { rows, total } = await listCompanies(db, { q, limit, offset: (page - 1) * limit });
  const data = rows.map(({ company, members }) => summaryOut(company, members));
  return pageOf(data, total, page, limit);
}

/** What is overdue of a company's invoices, in cents: the credit module's answer. */
export type OverdueCents = (db: Executor, companyId: string) => Promise<number>;

export async function companyDetail(
  db: Db,
  id: string,
  overdueCents: OverdueCents,
): Promise<CompanyDetail> {
  const company = await findCompany(db, id);
  if (!company) throw notFound('Company');
  const [members, overdue] = await Promise.all([
    listMembers(db, company.id),
    overdueCents(db, company.id),
  ]);
  return {
    ...summaryOut(company, members.length),
    overdue: overdue / 100,
    members: members.map(memberOut),
  };
}

const termsText = (netDays: number | null) => (netDays === null ? 'no terms' : `net ${netDays}`);

/**
 * What the terms' change needs from outside this module: what is overdue (the credit ledger's
 * reckoning), and who is told of a new credit limit, in its transaction (a flow's webhook
 * event: a module imports no flow).
 */
export type TermsHooks = {
  overdueCents: OverdueCents;
  limitChanged: (tx: Executor, company: CompanyRow) => Promise<void>;
};

/**
 * New terms or a new limit sent with the ones the admin was shown are refused when another
 * admin changed them since: the form sends both, and would quietly undo theirs.
 */
function checkTermsSeen(
  before: { name: string; netDays: number | null; creditLimitCents: number },
  seen: CompanyTermsInput['termsWas'],
) {
  if (!seen) return;
  if (
    seen.netDays === before.netDays &&
    dollarsToCents(seen.creditLimit) === before.creditLimitCents
  ) {
    return;
  }
  throw new AppError(
    'conflict',
    `The terms of ${before.name} changed since you opened them: now ${termsText(before.netDays)}, credit limit ${formatDollars(before.creditLimitCents / 100)}. Reload the page to see them, then make your change again.`,
  );
}

/**
 * Grants (or withdraws) payment terms, sets the credit limit, and verifies the VAT ID (or
 * not), each when sent, under the company's lock; each change in the audit trail. 409 for
 * verifying a company that has no VAT ID.
 */
export async function setCompanyTerms(
  db: Db,
  actor: AuditActor,
  id: string,
  input: CompanyTermsInput,
  { overdueCents, limitChanged }: TermsHooks,
) {
  await db.transaction(async (tx) => {
    const before = await lockCompanyRow(tx, id);
    if (!before) throw notFound('Company');
    if (input.terms !== undefined || input.creditLimit !== undefined) {
      checkTermsSeen(before, input.termsWas);
      const netDays = input.terms === undefined ? before.netDays : (input.terms?.netDays ?? null);
      const creditLimitCents =
        input.creditLimit === undefined
          ? before.creditLimitCents
          : dollarsToCents(input.creditLimit);
      const after = await updateCompany(tx, id, { netDays, creditLimitCents });
      if (after && creditLimitCents !== before.creditLimitCents) await limitChanged(tx, after);
      await recordAudit(tx, actor, {
        action: 'company.terms',
        targetType: 'company',
        targetId: id,
        summary: `${before.name}: ${termsText(before.netDays)} → ${termsText(netDays)}, credit limit ${formatDollars(before.creditLimitCents / 100)} → ${formatDollars(creditLimitCents / 100)}`,
      });
    }
    if (input.vatIdVerified !== undefined) {
      if (before.vatId === '') {
        throw new AppError('conflict', `${before.name} has no VAT ID to verify.`);
      }
      await updateCompany(tx, id, { vatIdVerified: input.vatIdVerified });
      await recordAudit(tx, actor, {
        action: input.vatIdVerified ? 'company.vat_verified' : 'company.vat_unverified',
        targetType: 'company',
        targetId: id,
        summary: input.vatIdVerified
          ? `Verified the VAT ID ${before.vatId} of ${before.name}`
          : `Marked the VAT ID ${before.vatId} of ${before.name} as not verified`,
      });
    }
  });
  return companyDetail(db, id, overdueCents);
}
