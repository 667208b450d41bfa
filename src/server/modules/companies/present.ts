import type { CompanyMember, CompanyInvite, MyCompany } from '../../../contract/companies.ts';
import { availableCreditCents } from '../../../contract/credit-rules.ts';
import { centsToDollars } from '../../../contract/money.ts';
import type { InviteRow } from './invites-repository.ts';
import type { Membership } from './membership.ts';
import type { CompanyRow, MemberView } from './repository.ts';

const dollarsOrNull = (cents: number | null) => (cents === null ? null : centsToDollars(cents));

type Credit = Pick<CompanyRow, 'netDays' | 'creditLimitCents' | 'balanceCents'>;

/** Terms, limit, balance and what is left to order on account (0 up to the limit). */
export const creditOut = (c: Credit) => ({
  terms: c.netDays === null ? null : { netDays: c.netDays },
  creditLimit: centsToDollars(c.creditLimitCents),
  balance: centsToDollars(c.balanceCents),
  available: centsToDollars(availableCreditCents(c)),
});

export const myCompanyOut = (m: Membership): MyCompany => ({
  _id: m.companyId,
  name: m.companyName,
  vatId: m.vatId,
  vatIdVerified: m.vatId !== '' && m.vatIdVerified,
  poRequired: m.poRequired,
  role: m.role,
  ...creditOut(m),
  spendingLimit: dollarsOrNull(m.spendingLimitCents),
});

export const memberOut = (m: MemberView): CompanyMember => ({
  userId: m.userId,
  name: m.name,
  email: m.email,
  role: m.role,
  spendingLimit: dollarsOrNull(m.spendingLimitCents),
  joinedAt: m.createdAt.toISOString(),
});

export const inviteOut = (row: InviteRow): CompanyInvite => ({
  _id: row.id,
  email: row.email,
  // The table's check keeps invites to admin and buyer.
  role: row.role === 'admin' ? 'admin' : 'buyer',
  spendingLimit: dollarsOrNull(row.spendingLimitCents),
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
});

/** "12.5": the company's dealer discount in percent, as the admin enters it. */
export const discountPercent = (discountMilli: number) => discountMilli / 1000;
