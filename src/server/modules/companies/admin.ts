import type {
  CompaniesQuery,
  CompanyDetail,
  CompanySummary,
  CompanyTermsInput,
} from '../../../contract/companies.ts';
import { dollarsToCents, formatDollars } from '../../../contract/money.ts';
import { recordAudit, type AuditActor } from '../../audit/record.ts';
import type { Db, Executor } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
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

/** Grants (or withdraws) payment terms and sets the credit limit, under the company's lock. */
export async function setCompanyTerms(
  db: Db,
  actor: AuditActor,
  id: string,
  input: CompanyTermsInput,
  overdueCents: OverdueCents,
) {
  await db.transaction(async (tx) => {
    const before = await lockCompanyRow(tx, id);
    if (!before) throw notFound('Company');
    const netDays = input.terms?.netDays ?? null;
    const creditLimitCents = dollarsToCents(input.creditLimit);
    await updateCompany(tx, id, { netDays, creditLimitCents });
    await recordAudit(tx, actor, {
      action: 'company.terms',
      targetType: 'company',
      targetId: id,
      summary: `${before.name}: ${termsText(before.netDays)} → ${termsText(netDays)}, credit limit ${formatDollars(before.creditLimitCents / 100)} → ${formatDollars(input.creditLimit)}`,
    });
  });
  return companyDetail(db, id, overdueCents);
}
