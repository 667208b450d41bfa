import { and, asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import type { CompanyRole } from '../../../contract/company-kinds.ts';
import type { Executor } from '../../db/client.ts';
import { companies, companyMembers, users } from '../../db/schema.ts';
import { likePattern } from '../../lib/paging.ts';
import { isUuid } from '../../lib/ids.ts';

export type CompanyRow = typeof companies.$inferSelect;
export type CompanyValues = Partial<Omit<typeof companies.$inferInsert, 'id' | 'balanceCents'>>;

export async function insertCompany(
  tx: Executor,
  values: { name: string; vatId: string; vatIdVerified?: boolean; poRequired: boolean },
) {
  const [row] = await tx.insert(companies).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function findCompany(db: Executor, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(companies).where(eq(companies.id, id));
  return row;
}

/**
 * Locks the company's row until the transaction ends: member changes line up behind each
 * other (and behind checkouts on account, which take the same lock), so "is this the owner",
 * "how many owners" and a removal cannot interleave.
 */
export async function lockCompanyRow(tx: Executor, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await tx.select().from(companies).where(eq(companies.id, id)).for('update');
  return row;
}

export async function updateCompany(tx: Executor, id: string, values: CompanyValues) {
  const [row] = await tx
    .update(companies)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(companies.id, id))
    .returning();
  return row;
}

export async function insertMember(
  tx: Executor,
  values: {
    userId: string;
    companyId: string;
    role: CompanyRole;
    spendingLimitCents: number | null;
  },
) {
  // The user id is the key: an account already in a company inserts nothing.
  const [row] = await tx.insert(companyMembers).values(values).onConflictDoNothing().returning();
  return row;
}

const memberColumns = {
  userId: companyMembers.userId,
  role: companyMembers.role,
  spendingLimitCents: companyMembers.spendingLimitCents,
  createdAt: companyMembers.createdAt,
  name: users.name,
  email: users.email,
};
export type MemberView = {
  userId: string;
  role: CompanyRole;
  spendingLimitCents: number | null;
  createdAt: Date;
  name: string;
  email: string;
};

/** The members with their names and emails: the owner first, then by when they joined. */
export const listMembers = (db: Executor, companyId: string): Promise<MemberView[]> =>
  db
    .select(memberColumns)
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(eq(companyMembers.companyId, companyId))
    .orderBy(
      sql`case ${companyMembers.role} when 'owner' then 0 when 'admin' then 1 else 2 end`,
      asc(companyMembers.createdAt),
      asc(companyMembers.userId),
    );

/** One member of this company; undefined for an account elsewhere or in no company. */
export async function findMember(
  db: Executor,
  companyId: string,
  userId: string,
): Promise<MemberView | undefined> {
  const [row] = await db
    .select(memberColumns)
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
  return row;
}

export async function updateMember(
  tx: Executor,
  companyId: string,
  userId: string,
  values: { role?: CompanyRole; spendingLimitCents?: number | null },
) {
  const [row] = await tx
    .update(companyMembers)
    .set(values)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)))
    .returning();
  return row;
}

export async function deleteMember(tx: Executor, companyId: string, userId: string) {
  const [row] = await tx
    .delete(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)))
    .returning();
  return row;
}

/** The admin's list: by name, filtered by part of the name or the VAT ID, with member counts. */
export async function listCompanies(
  db: Executor,
  { q, limit, offset }: { q?: string; limit: number; offset: number },
) {
  const where = q
    ? or(ilike(companies.name, likePattern(q)), ilike(companies.vatId, likePattern(q)))
    : undefined;
  const members = db
    .select({ companyId: companyMembers.companyId, n: count().as('n') })
    .from(companyMembers)
    .groupBy(companyMembers.companyId)
    .as('members');
  const [rows, totals] = await Promise.all([
    db
      .select({ company: companies, members: sql<number>`coalesce(${members.n}, 0)::int` })
      .from(companies)
      .leftJoin(members, eq(members.companyId, companies.id))
      .where(where)
      .orderBy(asc(companies.name), asc(companies.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(companies).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** The account with this email, if there is one. */
export async function userIdByEmail(db: Executor, email: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id;
}
