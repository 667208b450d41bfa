import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDollars } from '../src/contract/money.ts';
import { groupDigits } from '../src/contract/number-text.ts';

// The shop writes numbers without Intl (its first formatter is slow on a phone); a shopper must
// read exactly what en-US formatting would have shown.
const intlDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

describe('numbers as the shop writes them', () => {
  it('group thousands as en-US does, for every whole number a page can show', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e15, max: 1e15 }), (n) => {
        expect(groupDigits(n)).toBe(n.toLocaleString('en-US'));
      }),
      { numRuns: 2000 },
    );
    expect(groupDigits(0)).toBe('0');
    expect(groupDigits(999)).toBe('999');
    expect(groupDigits(1000)).toBe('1,000');
    expect(groupDigits(1234567)).toBe('1,234,567');
  });

  it('write any amount of cents as en-US dollars, to the cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        expect(formatDollars(cents / 100)).toBe(intlDollars.format(cents / 100));
      }),
      { numRuns: 5000 },
    );
    expect(formatDollars(0)).toBe('$0.00');
    expect(formatDollars(0.5)).toBe('$0.50');
    expect(formatDollars(1234.5)).toBe('$1,234.50');
    expect(formatDollars(-12.05)).toBe('-$12.05');
  });
});
