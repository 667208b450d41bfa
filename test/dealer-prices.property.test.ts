import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dealerTiers } from '../src/contract/dealer-prices.ts';
import { unitPriceCents, type TierCents } from '../src/contract/price-ladder.ts';

// An oracle written apart from the code under test: a unit price less a discount of `milli`
// thousandths of a percent is cents × (100000 − milli) / 100000, rounded half up (floor of
// exact + 1/2), computed on BigInt so nothing is lost; at least a cent, at most the list price.
const exactDealerCents = (listCents: number, milli: number) => {
  const halfUp = Number((BigInt(listCents) * BigInt(100_000 - milli) * 2n + 100_000n) / 200_000n);
  return Math.min(listCents, Math.max(1, halfUp));
};

/** A valid ladder: ascending quantities from a start, prices never rising. */
const ladder = (start: fc.Arbitrary<number>) =>
  fc
    .tuple(
      start,
      fc.uniqueArray(fc.integer({ min: 1, max: 5_000 }), { maxLength: 6 }),
      fc.array(fc.integer({ min: 1, max: 10_000_000 }), { minLength: 7, maxLength: 7 }),
    )
    .map(([first, steps, prices]): TierCents[] => {
      const quantities = [first, ...steps.sort((a, b) => a - b).map((s) => first + s)];
      const falling = prices.sort((a, b) => b - a);
      return quantities.map((minQuantity, i) => ({ minQuantity, priceCents: falling[i] ?? 1 }));
    });

const lists = ladder(fc.integer({ min: 1, max: 500 }));
const owns = ladder(fc.integer({ min: 1, max: 2_000 }));
const discounts = fc.oneof(
  fc.integer({ min: 0, max: 100_000 }),
  fc.constantFrom(0, 5_000, 12_500, 15_000, 33_333, 100_000),
);

/** Quantities worth asking about: each rung's start, the piece before it, and some beyond. */
const probes = (...ladders: TierCents[][]) => {
  const starts = ladders.flat().map((t) => t.minQuantity);
  return [...new Set(starts.flatMap((q) => [q - 1, q, q + 1, q * 3]))].filter((q) => q >= 1);
};

const at = (tiers: TierCents[], quantity: number) => unitPriceCents(tiers, quantity);

describe('dealer price ladders', () => {
  it('without own tiers, every quantity costs the list price less the discount, rounded half up per unit', () => {
    fc.assert(
      fc.property(lists, discounts, (list, milli) => {
        const dealer = dealerTiers(list, undefined, milli);
        for (const q of probes(list)) {
          const listed = at(list, q);
          if (listed === undefined) expect(at(dealer, q)).toBeUndefined();
          else expect(at(dealer, q)).toBe(exactDealerCents(listed, milli));
        }
      }),
    );
  });

  it("a company's own tiers win over its discount, and the list price wins only where it is lower", () => {
    fc.assert(
      fc.property(lists, owns, discounts, (list, own, milli) => {
        const dealer = dealerTiers(list, own, milli);
        for (const q of probes(list, own)) {
          const listed = at(list, q);
          if (listed === undefined) {
            expect(at(dealer, q)).toBeUndefined();
            continue;
          }
          expect(at(dealer, q)).toBe(Math.min(listed, at(own, q) ?? listed));
        }
      }),
    );
  });

  it('a member never pays more than the list price for any quantity, nor less than a cent', () => {
    fc.assert(
      fc.property(lists, fc.option(owns, { nil: undefined }), discounts, (list, own, milli) => {
        const dealer = dealerTiers(list, own, milli);
        for (const q of probes(list, ...(own ? [own] : []))) {
          const listed = at(list, q);
          if (listed === undefined) continue;
          const price = at(dealer, q);
          expect(price).toBeDefined();
          expect(price).toBeLessThanOrEqual(listed);
          expect(price).toBeGreaterThanOrEqual(1);
        }
      }),
    );
  });

  it('the dealer ladder starts at the minimum order, climbs in quantity and never rises in price', () => {
    fc.assert(
      fc.property(lists, fc.option(owns, { nil: undefined }), discounts, (list, own, milli) => {
        const dealer = dealerTiers(list, own, milli);
        expect(dealer[0]?.minQuantity).toBe(list[0]?.minQuantity);
        dealer.forEach((tier, i) => {
          const before = dealer[i - 1];
          if (!before) return;
          expect(tier.minQuantity).toBeGreaterThan(before.minQuantity);
          expect(tier.priceCents).toBeLessThanOrEqual(before.priceCents);
        });
      }),
    );
  });

  it('a larger discount never makes any quantity dearer', () => {
    fc.assert(
      fc.property(lists, discounts, discounts, (list, a, b) => {
        const [small, large] = a <= b ? [a, b] : [b, a];
        const lesser = dealerTiers(list, undefined, small);
        const greater = dealerTiers(list, undefined, large);
        for (const q of probes(list)) {
          const [x, y] = [at(lesser, q), at(greater, q)];
          if (x !== undefined && y !== undefined) expect(y).toBeLessThanOrEqual(x);
        }
      }),
    );
  });

  it('no discount and no own tiers is the list ladder itself', () => {
    fc.assert(
      fc.property(lists, (list) => {
        expect(dealerTiers(list, undefined, 0)).toEqual(list);
        expect(dealerTiers(list, [], 0)).toEqual(list);
      }),
    );
  });

  it('rounds half a cent up: 12.5% off $0.99 is $0.87 (86.625 cents), 50% off 5 cents is 3', () => {
    expect(dealerTiers([{ minQuantity: 10, priceCents: 99 }], undefined, 12_500)).toEqual([
      { minQuantity: 10, priceCents: 87 },
    ]);
    expect(dealerTiers([{ minQuantity: 10, priceCents: 5 }], undefined, 50_000)).toEqual([
      { minQuantity: 10, priceCents: 3 },
    ]);
    expect(dealerTiers([{ minQuantity: 10, priceCents: 1 }], undefined, 100_000)).toEqual([
      { minQuantity: 10, priceCents: 1 },
    ]);
  });
});
