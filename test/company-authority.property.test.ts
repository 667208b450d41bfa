// Issue 31, section 4: a company admin's own limit binds them. The rule is written once
// (src/contract/company-authority.ts); here it is held against an oracle written apart from it,
// over every role, limit and amount fast-check finds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  approvalRefusal,
  limitRefusal,
  type Authority,
} from '../src/contract/company-authority.ts';
import { formatDollars } from '../src/contract/money.ts';

const cents = fc.integer({ min: 0, max: 99_999_999 });
const limits = fc.option(cents, { nil: null });
const authorities = fc.record<Authority>({
  role: fc.constantFrom('owner', 'admin', 'buyer'),
  spendingLimitCents: limits,
});
const places = fc.constantFrom('member' as const, 'invite' as const);

/** The oracle: who is bound, and by what. */
const boundBy = (a: Authority) => (a.role === 'owner' ? null : a.spendingLimitCents);
const dollars = (c: number) => formatDollars(c / 100);

describe("a member's own limit", () => {
  it('lets them approve exactly the orders they could place without approval', () => {
    fc.assert(
      fc.property(authorities, cents, (approver, total) => {
        const own = boundBy(approver);
        const refusal = approvalRefusal(approver, total);
        expect(refusal === null).toBe(own === null || total <= own);
      }),
    );
  });

  it('says in the refusal what their limit is and what the order comes to', () => {
    fc.assert(
      fc.property(authorities, cents, (approver, total) => {
        const refusal = approvalRefusal(approver, total);
        fc.pre(refusal !== null);
        expect(refusal).toBe(
          `Your own limit is ${dollars(boundBy(approver)!)}: only the owner can approve this ${dollars(total)} order.`,
        );
      }),
    );
    expect(approvalRefusal({ role: 'admin', spendingLimitCents: 10_000 }, 167_900)).toBe(
      'Your own limit is $100.00: only the owner can approve this $1,679.00 order.',
    );
  });

  it('never binds the owner, whatever limit their row holds, nor a member without one', () => {
    fc.assert(
      fc.property(limits, cents, limits, places, (ownerRow, total, given, where) => {
        const owner: Authority = { role: 'owner', spendingLimitCents: ownerRow };
        const free: Authority = { role: 'admin', spendingLimitCents: null };
        for (const actor of [owner, free]) {
          expect(approvalRefusal(actor, total)).toBeNull();
          expect(limitRefusal(actor, given, where)).toBeNull();
        }
      }),
    );
  });

  it('lets a bound member give a limit up to their own, never above it and never none', () => {
    fc.assert(
      fc.property(authorities, limits, places, (actor, given, where) => {
        const own = boundBy(actor);
        const allowed = own === null || (given !== null && given <= own);
        expect(limitRefusal(actor, given, where) === null).toBe(allowed);
      }),
    );
  });

  it('is monotone: what is allowed for an amount is allowed for every smaller one', () => {
    fc.assert(
      fc.property(authorities, cents, cents, (actor, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        if (approvalRefusal(actor, high) === null) expect(approvalRefusal(actor, low)).toBeNull();
        if (limitRefusal(actor, high, 'member') === null) {
          expect(limitRefusal(actor, low, 'member')).toBeNull();
        }
      }),
    );
  });

  it('names what only the owner may do: lift a limit, invite without one, or go above their own', () => {
    const admin: Authority = { role: 'admin', spendingLimitCents: 10_000 };
    expect(limitRefusal(admin, null, 'member')).toBe(
      'Your own limit is $100.00: only the owner can lift a spending limit.',
    );
    expect(limitRefusal(admin, null, 'invite')).toBe(
      'Your own limit is $100.00: only the owner can invite someone without a spending limit.',
    );
    expect(limitRefusal(admin, 10_001, 'invite')).toBe(
      'Your own limit is $100.00: only the owner can set a limit above it ($100.01).',
    );
    expect(limitRefusal(admin, 10_000, 'member')).toBeNull();
  });
});
