// Kept free of zod: the company page checks a form against these rules before it posts, with
// the same sentences the server answers with.
import type { CompanyRole } from './company-kinds.ts';
import { formatDollars } from './money.ts';

/** A member acting for their company: their role and their own spending limit in cents. */
export type Authority = { role: CompanyRole; spendingLimitCents: number | null };

const dollars = (cents: number) => formatDollars(cents / 100);

/**
 * The limit that binds a member when they act for the company, or null when nothing does: the
 * owner is bound by nothing, and a member without a limit by nothing either.
 */
export const bindingLimit = (actor: Authority) =>
  actor.role === 'owner' ? null : actor.spendingLimitCents;

/**
 * Why this member may not approve an order of this grand total, or null when they may. An
 * approver's own limit binds them as it binds their checkouts: what they could not order
 * without approval, only the owner approves (issue 31, section 4).
 */
export function approvalRefusal(approver: Authority, grandTotalCents: number): string | null {
  const own = bindingLimit(approver);
  if (own === null || grandTotalCents <= own) return null;
  return `Your own limit is ${dollars(own)}: only the owner can approve this ${dollars(grandTotalCents)} order.`;
}

/**
 * Why this member may not give someone this spending limit (null: no limit), on a member or in
 * an invite, or null when they may. A member bound by a limit gives no more than it, and no
 * limit at all only the owner gives: otherwise an admin at $100 could clear a buyer's limit,
 * or invite a second account of their own without one, and spend past their own.
 */
export function limitRefusal(
  actor: Authority,
  limitCents: number | null,
  where: 'member' | 'invite',
): string | null {
  const own = bindingLimit(actor);
  if (own === null) return null;
  const mine = `Your own limit is ${dollars(own)}`;
  if (limitCents === null) {
    return where === 'invite'
      ? `${mine}: only the owner can invite someone without a spending limit.`
      : `${mine}: only the owner can lift a spending limit.`;
  }
  if (limitCents > own) {
    return `${mine}: only the owner can set a limit above it (${dollars(limitCents)}).`;
  }
  return null;
}
