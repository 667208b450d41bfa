import { and, asc, eq, gt, gte, isNull, lt, type SQL } from 'drizzle-orm';
import type { CompanyRole } from '../../../contract/company-kinds.ts';
import type { Db } from '../../db/client.ts';
import { companies, companyMembers, users } from '../../db/schema.ts';
import { EXPORT_PAGE_SIZE, type ExportWindow } from '../../lib/export-window.ts';

// The customers export: every account with its company's terms and balance, in email order,
// then the companies nobody belongs to any more (their balance is still owed). Keyset pages on
// the email, then on the company's id.

export type CustomerExportRow = {
  email: string | null;
  name: string | null;
  role: string | null;
  signedUpAt: Date;
  companyRole: CompanyRole | null;
  company: {
    name: string;
    vatId: string;
    vatIdVerified: boolean;
    netDays: number | null;
    creditLimitCents: number;
    balanceCents: number;
    discountMilli: number;
    poRequired: boolean;
  } | null;
};

const companyColumns = {
  name: companies.name,
  vatId: companies.vatId,
  vatIdVerified: companies.vatIdVerified,
  netDays: companies.netDays,
  creditLimitCents: companies.creditLimitCents,
  balanceCents: companies.balanceCents,
  discountMilli: companies.discountMilli,
  poRequired: companies.poRequired,
};

function createdIn(column: typeof users.createdAt | typeof companies.createdAt, w: ExportWindow) {
  const where: SQL[] = [];
  if (w.since) where.push(gte(column, w.since));
  if (w.before) where.push(lt(column, w.before));
  return where;
}

/** Accounts signed up, and member-less companies created, within the window. */
export async function* customerExportPages(
  db: Db,
  window: ExportWindow,
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<CustomerExportRow[]> {
  let afterEmail: string | undefined;
  for (;;) {
    const rows = await db
      .select({
        email: users.email,
        name: users.name,
        role: users.role,
        signedUpAt: users.createdAt,
        companyRole: companyMembers.role,
        company: companyColumns,
      })
      .from(users)
      .leftJoin(companyMembers, eq(companyMembers.userId, users.id))
      .leftJoin(companies, eq(companies.id, companyMembers.companyId))
      .where(
        and(
          ...createdIn(users.createdAt, window),
          afterEmail === undefined ? undefined : gt(users.email, afterEmail),
        ),
      )
      .orderBy(asc(users.email))
      .limit(pageSize);
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < pageSize) break;
    afterEmail = last.email;
  }
  let afterId: string | undefined;
  for (;;) {
    const rows = await db
      .select({ id: companies.id, signedUpAt: companies.createdAt, company: companyColumns })
      .from(companies)
      .leftJoin(companyMembers, eq(companyMembers.companyId, companies.id))
      .where(
        and(
          isNull(companyMembers.userId),
          ...createdIn(companies.createdAt, window),
          afterId === undefined ? undefined : gt(companies.id, afterId),
        ),
      )
      .orderBy(asc(companies.id))
      .limit(pageSize);
    if (rows.length > 0) {
      yield rows.map(({ signedUpAt, company }) => ({
        email: null,
        name: null,
        role: null,
        companyRole: null,
        signedUpAt,
        company,
      }));
    }
    const last = rows.at(-1);
    if (!last || rows.length < pageSize) return;
    afterId = last.id;
  }
}
