import { eq } from 'drizzle-orm';
import type { CompanyRole } from '../../../contract/company-kinds.ts';
import type { Executor } from '../../db/client.ts';
import { companies, companyMembers } from '../../db/schema.ts';

/** An account's place in its company, with the company's terms, credit and prices. */
export type Membership = {
  companyId: string;
  companyName: string;
  role: CompanyRole;
  spendingLimitCents: number | null;
  vatId: string;
  vatIdVerified: boolean;
  poRequired: boolean;
  netDays: number | null;
  creditLimitCents: number;
  balanceCents: number;
  discountMilli: number;
};

/** The company the account belongs to (one at most), or undefined: one indexed join. */
export async function findMembership(
  db: Executor,
  userId: string,
): Promise<Membership | undefined> {
  const [row] = await db
    .select({
      companyId: companies.id,
      companyName: companies.name,
      role: companyMembers.role,
      spendingLimitCents: companyMembers.spendingLimitCents,
      vatId: companies.vatId,
      vatIdVerified: companies.vatIdVerified,
      poRequired: companies.poRequired,
      netDays: companies.netDays,
      creditLimitCents: companies.creditLimitCents,
      balanceCents: companies.balanceCents,
      discountMilli: companies.discountMilli,
    })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.userId, userId));
  return row;
}

/**
 * An account's spending limit in its company, held until the caller's transaction ends: a limit
 * changed meanwhile waits for money taken under the limit in force now, or is seen by it.
 * Undefined for an account in no company. The company row is taken first (key share: a charge's
 * own lock on it is no obstacle), as a limit change takes it before the member row: one order
 * of locks for both, so neither waits on the other in a circle.
 */
export async function lockSpendingLimit(tx: Executor, userId: string) {
  const [company] = await tx
    .select({ id: companies.id })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.userId, userId))
    .for('key share', { of: companies });
  if (!company) return undefined;
  const [row] = await tx
    .select({
      companyId: companyMembers.companyId,
      role: companyMembers.role,
      spendingLimitCents: companyMembers.spendingLimitCents,
    })
    .from(companyMembers)
    .where(eq(companyMembers.userId, userId))
    .for('share');
  return row;
}

/** The owner and admins manage the company: members, invites, approvals, its statement. */
export const canManage = (m: Pick<Membership, 'role'> | undefined) =>
  m !== undefined && (m.role === 'owner' || m.role === 'admin');
