import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_PACK_SIZE } from '../src/contract/product-input.ts';
import { centsToDollars, dollarsToCents, formatDollars } from '../src/contract/money.ts';
import {
  allowedQuantityAtLeast,
  ladderInCents,
  ladderInDollars,
  lineTotalCents,
  nextTier,
  quantityProblem,
  reducedUnitPriceCents,
  sumLineTotals,
  unitPriceCents,
  type TierCents,
} from '../src/contract/price-ladder.ts';

// The bounds Add Product and Manage Products accept: tiers up to 1,000,000 pieces, unit prices
// up to $100,000, at most 10 tiers.
const MAX_TIER_QUANTITY = 1_000_000;
const MAX_PRICE_CENTS = 10_000_000;

/** A valid ladder: ascending in minQuantity, prices that never rise. */
const ladders = fc
  .record({
    first: fc.record({
      minQuantity: fc.integer({ min: 1, max: 1_000 }),
      priceCents: fc.integer({ min: 1, max: MAX_PRICE_CENTS }),
    }),
    steps: fc.array(
      fc.record({ gap: fc.integer({ min: 1, max: 100_000 }), drop: fc.nat({ max: 500_000 }) }),
      { maxLength: 9 },
    ),
  })
  .map(({ first, steps }) => {
    const tiers: TierCents[] = [first];
    for (const { gap, drop } of steps) {
      const before = tiers.at(-1)!;
      tiers.push({
        minQuantity: Math.min(before.minQuantity + gap, MAX_TIER_QUANTITY),
        priceCents: Math.max(1, before.priceCents - drop),
      });
    }
    // Tiers capped at the largest quantity would repeat it: keep each quantity once.
    return tiers.filter((tier, i) => i === 0 || tier.minQuantity > tiers[i - 1]!.minQuantity);
  });

/** A ladder and a quantity it prices: at or above its first tier. */
const pricedLines = ladders.chain((tiers) =>
  fc
    .integer({ min: tiers[0]!.minQuantity, max: tiers[0]!.minQuantity + 2 * MAX_TIER_QUANTITY })
    .map((quantity) => ({ tiers, quantity })),
);

/** The rule read literally: among the tiers that apply, the one with the largest minQuantity. */
function expectedUnitCents(tiers: TierCents[], quantity: number) {
  const applicable = tiers.filter((tier) => tier.minQuantity <= quantity);
  const highest = Math.max(...applicable.map((tier) => tier.minQuantity));
  return applicable.find((tier) => tier.minQuantity === highest)!.priceCents;
}

/** What a buyer reads: "$1,234.56" back to whole cents. */
const shownCents = (cents: number) =>
  Number(formatDollars(centsToDollars(cents)).replace(/\D/g, ''));

describe('the price ladder', () => {
  it('prices a quantity at the highest tier it reaches', () => {
    fc.assert(
      fc.property(pricedLines, ({ tiers, quantity }) => {
        expect(unitPriceCents(tiers, quantity)).toBe(expectedUnitCents(tiers, quantity));
      }),
    );
  });

  it('has no price below the first tier', () => {
    fc.assert(
      fc.property(ladders, fc.nat(), (tiers, below) => {
        const quantity = Math.max(0, tiers[0]!.minQuantity - 1 - below);
        expect(unitPriceCents(tiers, quantity)).toBeUndefined();
      }),
    );
  });

  it('never charges more per piece for a larger quantity', () => {
    fc.assert(
      fc.property(pricedLines, fc.nat({ max: MAX_TIER_QUANTITY }), ({ tiers, quantity }, more) => {
        expect(unitPriceCents(tiers, quantity + more)!).toBeLessThanOrEqual(
          unitPriceCents(tiers, quantity)!,
        );
      }),
    );
  });

  it('makes a line total the unit cents times the quantity, exactly', () => {
    fc.assert(
      fc.property(pricedLines, ({ tiers, quantity }) => {
        const unit = unitPriceCents(tiers, quantity)!;
        const total = lineTotalCents(unit, quantity);
        expect(Number.isSafeInteger(total)).toBe(true);
        expect(BigInt(total)).toBe(BigInt(unit) * BigInt(quantity));
      }),
    );
  });

  it('totals an order as the sum of its lines to the cent, as shown in dollars', () => {
    fc.assert(
      fc.property(fc.array(pricedLines, { minLength: 1, maxLength: 20 }), (lines) => {
        const priced = lines.map(({ tiers, quantity }) => {
          const unit = unitPriceCents(tiers, quantity)!;
          return { unit, quantity, lineTotalCents: lineTotalCents(unit, quantity) };
        });
        const total = sumLineTotals(priced);
        const exact = priced.reduce((sum, l) => sum + BigInt(l.unit) * BigInt(l.quantity), 0n);
        expect(BigInt(total)).toBe(exact);
        expect(Number.isSafeInteger(total)).toBe(true);
        // The API speaks dollars: nothing is lost on the way out and back, nor on screen.
        expect(dollarsToCents(centsToDollars(total))).toBe(total);
        expect(shownCents(total)).toBe(total);
        for (const line of priced) {
          expect(dollarsToCents(centsToDollars(line.unit))).toBe(line.unit);
          expect(dollarsToCents(centsToDollars(line.lineTotalCents))).toBe(line.lineTotalCents);
        }
      }),
    );
  });

  it('sends a ladder as dollars and reads it back as the same cents', () => {
    fc.assert(
      fc.property(ladders, (tiers) => {
        expect(ladderInCents(ladderInDollars(tiers))).toEqual(tiers);
      }),
    );
  });

  it('names the next tier above a quantity, or none at the top', () => {
    const tiers = ladderInCents([
      { minQuantity: 10, price: 3.33 },
      { minQuantity: 50, price: 2.99 },
      { minQuantity: 200, price: 2.49 },
    ]);
    expect(nextTier(tiers, 10)).toEqual({ minQuantity: 50, priceCents: 299 });
    expect(nextTier(tiers, 49)).toEqual({ minQuantity: 50, priceCents: 299 });
    expect(nextTier(tiers, 50)).toEqual({ minQuantity: 200, priceCents: 249 });
    expect(nextTier(tiers, 200)).toBeUndefined();
    expect(lineTotalCents(unitPriceCents(tiers, 49)!, 49)).toBe(16_317);
    expect(lineTotalCents(unitPriceCents(tiers, 50)!, 50)).toBe(14_950);
  });
});

describe('the quantities a part can be ordered in', () => {
  it('names the minimum when a quantity is under it', () => {
    expect(quantityProblem({ moq: 10, packSize: 1 }, 9)).toBe('The minimum for this part is 10');
    expect(quantityProblem({ moq: 36, packSize: 36 }, 1)).toBe('The minimum for this part is 36');
  });

  it('offers the packs either side of a quantity that is not whole packs', () => {
    expect(quantityProblem({ moq: 10, packSize: 5 }, 52)).toBe('Sold in packs of 5: try 50 or 55');
    expect(quantityProblem({ moq: 36, packSize: 36 }, 40)).toBe(
      'Sold in packs of 36: try 36 or 72',
    );
    // Only the pack above when the one below would be under the minimum.
    expect(quantityProblem({ moq: 10, packSize: 4 }, 11)).toBe('Sold in packs of 4: try 12');
  });

  it('refuses quantities that are not whole, positive numbers', () => {
    expect(quantityProblem({ moq: 10, packSize: 1 }, 12.5)).toBe('Quantity must be a whole number');
    expect(quantityProblem({ moq: 10, packSize: 1 }, 0)).toBe('Quantity must be a whole number');
    expect(quantityProblem({ moq: 10, packSize: 1 }, -10)).toBe('Quantity must be a whole number');
  });

  it('accepts the minimum and every whole number of packs above it', () => {
    expect(quantityProblem({ moq: 10, packSize: 1 }, 10)).toBeUndefined();
    expect(quantityProblem({ moq: 10, packSize: 5 }, 55)).toBeUndefined();
    expect(quantityProblem({ moq: 36, packSize: 36 }, 720)).toBeUndefined();
  });

  it('raises a quantity to the minimum or to the next whole pack', () => {
    expect(allowedQuantityAtLeast({ moq: 10, packSize: 1 }, 3)).toBe(10);
    expect(allowedQuantityAtLeast({ moq: 10, packSize: 5 }, 52)).toBe(55);
    expect(allowedQuantityAtLeast({ moq: 10, packSize: 5 }, 50)).toBe(50);
    expect(allowedQuantityAtLeast({ moq: 36, packSize: 36 }, 40)).toBe(72);
    expect(allowedQuantityAtLeast({ moq: 10, packSize: 1 }, 12.2)).toBe(13);
  });

  /** A rule as admins can set it: the minimum is a whole number of packs. */
  const rules = fc
    .record({
      packs: fc.integer({ min: 1, max: 100 }),
      packSize: fc.integer({ min: 1, max: MAX_PACK_SIZE }),
    })
    .map(({ packs, packSize }) => ({ moq: packs * packSize, packSize }));

  it('raises to the smallest quantity that can be ordered, and suggests only those', () => {
    fc.assert(
      fc.property(rules, fc.integer({ min: 1, max: 2_000_000 }), (rule, quantity) => {
        const allowed = allowedQuantityAtLeast(rule, quantity);
        expect(quantityProblem(rule, allowed)).toBeUndefined();
        expect(allowed).toBeGreaterThanOrEqual(quantity);
        // One pack less would be under the minimum or under what was asked for.
        const smaller = allowed - rule.packSize;
        expect(smaller < rule.moq || smaller < quantity).toBe(true);

        const problem = quantityProblem(rule, quantity);
        if (problem === undefined) {
          expect(allowed).toBe(quantity);
          return;
        }
        const tries = problem.match(/try (\d+)(?: or (\d+))?$/);
        if (!tries) {
          expect(problem).toBe(`The minimum for this part is ${rule.moq}`);
          return;
        }
        for (const suggested of tries.slice(1).filter(Boolean).map(Number)) {
          expect(quantityProblem(rule, suggested)).toBeUndefined();
          expect(Math.abs(suggested - quantity)).toBeLessThan(rule.packSize);
        }
      }),
    );
  });
});

describe('a line made smaller before it is paid', () => {
  /** A ladder, a placed quantity it prices, and a smaller quantity it also prices. */
  const reductions = pricedLines.chain(({ tiers, quantity }) =>
    fc
      .integer({ min: tiers[0]!.minQuantity, max: quantity })
      .map((kept) => ({ tiers, placed: quantity, kept })),
  );

  it("costs its smaller quantity's tier when it was placed at today's ladder", () => {
    fc.assert(
      fc.property(reductions, ({ tiers, placed, kept }) => {
        const at = unitPriceCents(tiers, placed)!;
        expect(reducedUnitPriceCents(at, tiers, placed, kept)).toBe(unitPriceCents(tiers, kept));
      }),
    );
  });

  it('is never cheaper per piece than it was placed at, whatever the price did since', () => {
    fc.assert(
      fc.property(
        reductions,
        fc.integer({ min: 1, max: MAX_PRICE_CENTS }),
        ({ tiers, placed, kept }, placedCents) => {
          const unit = reducedUnitPriceCents(placedCents, tiers, placed, kept);
          expect(Number.isSafeInteger(unit)).toBe(true);
          expect(unit).toBeGreaterThanOrEqual(placedCents);
          // The step the ladder takes, applied to the placed price and rounded up to the cent.
          const was = BigInt(unitPriceCents(tiers, placed)!);
          const now = BigInt(unitPriceCents(tiers, kept)!);
          expect(BigInt(unit) * was).toBeGreaterThanOrEqual(BigInt(placedCents) * now);
          expect((BigInt(unit) - 1n) * was).toBeLessThan(BigInt(placedCents) * now);
        },
      ),
    );
  });

  it('keeps its price without a ladder (an agreed quote price, a part no longer sold)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: MAX_PRICE_CENTS }),
        fc.integer({ min: 2, max: MAX_TIER_QUANTITY }),
        (placedCents, placed) => {
          expect(reducedUnitPriceCents(placedCents, undefined, placed, placed - 1)).toBe(
            placedCents,
          );
        },
      ),
    );
  });

  it('takes the 10-piece price when 100 were ordered at the 100-piece price and 10 kept', () => {
    const tiers = [
      { minQuantity: 1, priceCents: 600 },
      { minQuantity: 100, priceCents: 500 },
    ];
    expect(reducedUnitPriceCents(500, tiers, 100, 10)).toBe(600);
    // Placed at $5.50 before the list price fell to $5.00: still 20% more for the smaller tier.
    expect(reducedUnitPriceCents(550, tiers, 100, 10)).toBe(660);
    expect(reducedUnitPriceCents(500, tiers, 100, 100)).toBe(500);
  });
});
