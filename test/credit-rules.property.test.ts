// Issue 31, part 3: the money rule of a company's credit, over random limits, balances and
// payments (src/contract/credit-rules.ts): available credit stays between 0 and the limit, a
// credit balance pays invoices without raising the limit, and a large payment is one over
// $100,000 or over ten times what is owed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  availableCreditCents,
  balanceText,
  creditBalanceCents,
  largePaymentReason,
  owedCents,
} from '../src/contract/credit-rules.ts';

const limits = fc.integer({ min: 0, max: 1_000_000_000 });
/** Balances either way: owing, settled, or in credit (paid more than owed). */
const balances = fc.oneof(
  fc.integer({ min: -2_000_000_000, max: 2_000_000_000 }),
  fc.constantFrom(0, -1, 1),
);
const amounts = fc.integer({ min: 1, max: 100_000_000 });

describe('available credit over random limits and balances', () => {
  it('is never below 0 nor above the limit, whatever the balance', () => {
    fc.assert(
      fc.property(limits, balances, (creditLimitCents, balanceCents) => {
        const available = availableCreditCents({ creditLimitCents, balanceCents });
        expect(available).toBeGreaterThanOrEqual(0);
        expect(available).toBeLessThanOrEqual(creditLimitCents);
        expect(Number.isInteger(available)).toBe(true);
      }),
    );
  });

  it('is the whole limit while nothing is owed, however large the credit balance', () => {
    fc.assert(
      fc.property(
        limits,
        fc.integer({ min: 0, max: 2_000_000_000 }),
        (creditLimitCents, credit) => {
          expect(availableCreditCents({ creditLimitCents, balanceCents: -credit })).toBe(
            creditLimitCents,
          );
        },
      ),
    );
  });

  it('is the limit less what is owed, and a payment never lowers it', () => {
    fc.assert(
      fc.property(limits, balances, amounts, (creditLimitCents, balanceCents, paid) => {
        const before = availableCreditCents({ creditLimitCents, balanceCents });
        expect(before).toBe(Math.max(0, creditLimitCents - Math.max(0, balanceCents)));
        const after = availableCreditCents({ creditLimitCents, balanceCents: balanceCents - paid });
        expect(after).toBeGreaterThanOrEqual(before);
        expect(after).toBeLessThanOrEqual(creditLimitCents);
      }),
    );
  });

  it('keeps what is owed within the limit over any run of charges it allows and payments', () => {
    const steps = fc.array(
      fc.oneof(
        fc.record({ kind: fc.constant('charge' as const), cents: amounts }),
        fc.record({ kind: fc.constant('payment' as const), cents: amounts }),
      ),
      { maxLength: 60 },
    );
    fc.assert(
      fc.property(limits, steps, (creditLimitCents, run) => {
        let balanceCents = 0;
        for (const step of run) {
          if (step.kind === 'payment') {
            balanceCents -= step.cents;
          } else if (step.cents <= availableCreditCents({ creditLimitCents, balanceCents })) {
            // Charged only within the credit available, as charge-to-account checks it.
            balanceCents += step.cents;
          }
          expect(owedCents(balanceCents)).toBeLessThanOrEqual(creditLimitCents);
          // Owed and in credit are never both.
          expect(owedCents(balanceCents) * creditBalanceCents(balanceCents)).toBe(0);
          expect(owedCents(balanceCents) - creditBalanceCents(balanceCents)).toBe(balanceCents);
        }
      }),
    );
  });
});

describe('a large payment', () => {
  it('is one over $100,000 or over ten times what is owed, and says which', () => {
    fc.assert(
      fc.property(amounts, balances, (amountCents, balanceCents) => {
        const owed = Math.max(0, balanceCents);
        const large = amountCents > 10_000_000 || amountCents > 10 * owed;
        const reason = largePaymentReason(amountCents, balanceCents);
        expect(reason !== undefined).toBe(large);
        if (amountCents > 10_000_000) expect(reason).toMatch(/is over \$100,000\.00/);
        else if (large) expect(reason).toMatch(/more than ten times what is owed/);
      }),
    );
  });

  it('is any payment while nothing is owed', () => {
    fc.assert(
      fc.property(amounts, fc.integer({ min: 0, max: 2_000_000_000 }), (amountCents, credit) => {
        const reason = largePaymentReason(amountCents, -credit);
        expect(reason).toBeDefined();
        if (amountCents <= 10_000_000) expect(reason).toMatch(/the company owes nothing/);
      }),
    );
  });
});

describe('a balance as the pages show it', () => {
  it('is what is owed, or a credit balance: never a negative amount', () => {
    fc.assert(
      fc.property(balances, (balanceCents) => {
        const text = balanceText(balanceCents / 100);
        expect(text).not.toMatch(/-/);
        expect(text.startsWith('Credit balance ')).toBe(balanceCents < 0);
      }),
    );
    expect(balanceText(-250)).toBe('Credit balance $250.00');
    expect(balanceText(120.5)).toBe('$120.50');
  });
});
