import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quantityProblem } from '../src/contract/price-ladder.ts';
import { cartLinkLabel } from '../src/web/features/cart/cart-nav-link.tsx';
import { nextTierHint, stepDown, stepUp } from '../src/web/lib/quantity-steps.ts';
import { newIdempotencyKey } from '../src/web/lib/idempotency-key.ts';

const chainChecker = { moq: 10, packSize: 5 };
const spokes = { moq: 36, packSize: 36 };
const ladder = [
  { minQuantity: 10, price: 3.33 },
  { minQuantity: 50, price: 2.99 },
  { minQuantity: 200, price: 2.49 },
];

/** A rule as admins can set it: the minimum is a whole number of packs. */
const rules = fc
  .record({ packs: fc.integer({ min: 1, max: 50 }), packSize: fc.integer({ min: 1, max: 100 }) })
  .map(({ packs, packSize }) => ({ moq: packs * packSize, packSize }));

describe('the cart quantity stepper', () => {
  it('moves by the pack size and stops at the minimum', () => {
    expect(stepUp(chainChecker, 20)).toBe(25);
    expect(stepDown(chainChecker, 20)).toBe(15);
    expect(stepDown(chainChecker, 15)).toBe(10);
    expect(stepDown(chainChecker, 10)).toBeUndefined();
    expect(stepUp(spokes, 36)).toBe(72);
    expect(stepDown(spokes, 72)).toBe(36);
    expect(stepDown(spokes, 36)).toBeUndefined();
    const singles = { moq: 10, packSize: 1 };
    expect(stepDown(singles, 11)).toBe(10);
    expect(stepDown(singles, 10)).toBeUndefined();
    expect(stepUp(singles, 10)).toBe(11);
  });

  it('brings a quantity that no longer fits the pack back onto it', () => {
    // An admin changed the pack size after the part went into the cart.
    expect(stepUp(chainChecker, 22)).toBe(25);
    expect(stepDown(chainChecker, 22)).toBe(20);
  });

  it('only ever lands on quantities the server accepts, never below the minimum', () => {
    fc.assert(
      fc.property(rules, fc.integer({ min: 1, max: 5000 }), (rule, quantity) => {
        const up = stepUp(rule, quantity);
        expect(up).toBeGreaterThan(quantity);
        expect(quantityProblem(rule, up)).toBeUndefined();
        const down = stepDown(rule, quantity);
        if (down === undefined) {
          // The minimum itself can be ordered: only at or under it is there no step down.
          expect(quantity).toBeLessThanOrEqual(rule.moq);
        } else {
          expect(down).toBeLessThan(quantity);
          expect(down).toBeGreaterThanOrEqual(rule.moq);
          expect(quantityProblem(rule, down)).toBeUndefined();
          // Nothing allowed is skipped on the way down.
          expect(stepUp(rule, down)).toBeGreaterThanOrEqual(quantity);
        }
      }),
    );
  });
});

describe('the next-tier hint beside a unit price', () => {
  it('names the next break and its price', () => {
    expect(nextTierHint(chainChecker, ladder, 20)).toBe('order 50 for $2.99 each');
    expect(nextTierHint(chainChecker, ladder, 50)).toBe('order 200 for $2.49 each');
  });

  it('says nothing at the top of the ladder', () => {
    expect(nextTierHint(chainChecker, ladder, 200)).toBeUndefined();
    expect(nextTierHint(chainChecker, [{ minQuantity: 10, price: 16.9 }], 10)).toBeUndefined();
  });

  it('offers a quantity that can be ordered when a tier starts inside a pack', () => {
    const tiers = [
      { minQuantity: 36, price: 0.45 },
      { minQuantity: 100, price: 0.39 },
    ];
    expect(nextTierHint(spokes, tiers, 36)).toBe('order 108 for $0.39 each');
  });
});

describe('the navbar cart icon', () => {
  it('tells screen readers how many lines the cart has', () => {
    expect(cartLinkLabel(undefined)).toBe('Cart');
    expect(cartLinkLabel(0)).toBe('Cart, empty');
    expect(cartLinkLabel(1)).toBe('Cart, 1 line');
    expect(cartLinkLabel(3)).toBe('Cart, 3 lines');
  });
});

describe('the checkout idempotency key', () => {
  it('is new for every attempt, also where crypto.randomUUID is missing (plain http)', () => {
    const keys = new Set(Array.from({ length: 100 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(100);
    const randomUUID = crypto.randomUUID;
    try {
      Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
      const key = newIdempotencyKey();
      expect(key).toMatch(/^[0-9a-f]{32}$/);
      expect(newIdempotencyKey()).not.toBe(key);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: randomUUID, configurable: true });
    }
  });
});
