import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderTotals } from '../src/contract/order-totals.ts';
import {
  offeredMethods,
  shippingChoices,
  shippingPriceCents,
  type ShippingMethodCents,
} from '../src/contract/shipping-rules.ts';
import { taxCents, type TaxTreatment } from '../src/contract/tax-rules.ts';

// An oracle written apart from the code under test: the exact tax is amount × milli / 100000
// cents; half up means floor(exact + 1/2), computed on BigInt so nothing is lost.
const exactHalfUp = (amountCents: number, rateMilli: number) =>
  Number((BigInt(amountCents) * BigInt(rateMilli) * 2n + 100_000n) / 200_000n);

const lineTotals = fc.array(fc.integer({ min: 1, max: 100_000_000 }), {
  minLength: 1,
  maxLength: 50,
});

/** Any rate 0..100% with up to 3 decimals, often one a shop really charges. */
const rates = fc.oneof(
  fc.integer({ min: 0, max: 100_000 }),
  fc.constantFrom(7_250, 8_875, 19_000, 20_000, 21_000, 6_625, 9_975, 13_000),
);

const bands = fc
  .uniqueArray(fc.integer({ min: 1, max: 50_000 }), { minLength: 1, maxLength: 20 })
  .chain((weights) =>
    fc.tuple(
      ...weights
        .sort((a, b) => a - b)
        .map((upToGrams) =>
          fc.record({
            upToGrams: fc.constant(upToGrams),
            priceCents: fc.integer({ min: 0, max: 50_000 }),
          }),
        ),
    ),
  );

const methods = fc.record({
  id: fc.uuid(),
  name: fc.string({ minLength: 1, maxLength: 20 }),
  countries: fc.oneof(
    fc.constant<string[]>(['*']),
    fc.subarray<string>(['US', 'CA', 'DE', 'FR', 'GB'], { minLength: 1 }),
  ),
  rate: fc.oneof(
    fc.record({
      kind: fc.constant('flat' as const),
      priceCents: fc.integer({ min: 0, max: 50_000 }),
    }),
    fc.record(
      {
        kind: fc.constant('weight' as const),
        bands,
        perKgAboveCents: fc.option(fc.integer({ min: 0, max: 5_000 }), { nil: null }),
      },
      // Rows written before issue 34 have no per-kg rate at all.
      { requiredKeys: ['kind', 'bands'] },
    ),
  ),
  freeOverCents: fc.option(fc.integer({ min: 1, max: 100_000_000 }), { nil: null }),
  freeOverUpToGrams: fc.option(fc.integer({ min: 1, max: 60_000 }), { nil: null }),
  deliveryDays: fc
    .tuple(fc.integer({ min: 0, max: 90 }), fc.integer({ min: 0, max: 90 }))
    .map(([a, b]) => ({ min: Math.min(a, b), max: Math.max(a, b) })),
}) satisfies fc.Arbitrary<ShippingMethodCents>;

const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);

const carts = fc.record({
  country: fc.constantFrom('US', 'CA', 'DE', 'FR', 'GB', 'JP'),
  lines: lineTotals,
  weightGrams: fc.integer({ min: 0, max: 60_000 }),
});

const shippings = fc.integer({ min: 0, max: 100_000 });

const totalsOf = (lines: number[], shippingCents: number, treatment: TaxTreatment) =>
  orderTotals({
    lines: lines.map((lineTotalCents) => ({ lineTotalCents })),
    shippingCents,
    treatment,
  });

describe('order totals over random carts, rates and methods', () => {
  it('adds up: grand total is subtotal + shipping + tax, all in whole cents', () => {
    fc.assert(
      fc.property(lineTotals, shippings, rates, (lines, shipping, rateMilli) => {
        const totals = totalsOf(lines, shipping, { kind: 'rate', name: 'Sales tax', rateMilli });
        expect(totals.subtotalCents).toBe(lines.reduce((a, b) => a + b, 0));
        expect(totals.grandTotalCents).toBe(
          totals.subtotalCents + totals.shippingCents + totals.taxTotalCents,
        );
        for (const n of [totals.subtotalCents, totals.taxTotalCents, totals.grandTotalCents]) {
          expect(Number.isSafeInteger(n)).toBe(true);
        }
      }),
    );
  });

  it('taxes each line and the shipping once, rounded half up, and sums those', () => {
    fc.assert(
      fc.property(lineTotals, shippings, rates, (lines, shipping, rateMilli) => {
        const totals = totalsOf(lines, shipping, { kind: 'rate', name: 'VAT', rateMilli });
        const expected =
          lines.reduce((sum, line) => sum + exactHalfUp(line, rateMilli), 0) +
          exactHalfUp(shipping, rateMilli);
        expect(totals.tax).toEqual([{ name: 'VAT', rateMilli, amountCents: expected }]);
        expect(totals.taxTotalCents).toBe(expected);
      }),
    );
  });

  it('rounds each tax to within half a cent of the exact product, and a half up', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), rates, (amount, rateMilli) => {
        const tax = taxCents(amount, rateMilli);
        // tax − exact, scaled by 100000 to stay in integers: in (−1/2, +1/2] of a cent.
        const diff = BigInt(tax) * 100_000n - BigInt(amount) * BigInt(rateMilli);
        expect(diff > -50_000n && diff <= 50_000n).toBe(true);
      }),
    );
    // Exact halves: an odd number of cents at 50% is n.5 cents, which rounds up.
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (k) => {
        expect(taxCents(2 * k + 1, 50_000)).toBe(k + 1);
      }),
    );
  });

  it('stays exact beyond 2^53 by computing in BigInt', () => {
    fc.assert(
      fc.property(fc.integer({ min: 10_000_000_000, max: 2 ** 52 }), rates, (amount, rateMilli) => {
        expect(taxCents(amount, rateMilli)).toBe(exactHalfUp(amount, rateMilli));
      }),
    );
  });

  it('charges no tax under reverse charge, exemption, or where no rate applies', () => {
    const untaxed = fc.constantFrom<TaxTreatment>(
      { kind: 'reverseCharge' },
      { kind: 'exempt' },
      { kind: 'none' },
    );
    fc.assert(
      fc.property(
        lineTotals,
        fc.integer({ min: 0, max: 100_000 }),
        untaxed,
        (lines, shipping, treatment) => {
          const totals = totalsOf(lines, shipping, treatment);
          expect(totals.tax).toEqual([]);
          expect(totals.taxTotalCents).toBe(0);
          expect(totals.grandTotalCents).toBe(totals.subtotalCents + shipping);
          expect(totals.reverseCharge).toBe(treatment.kind === 'reverseCharge');
          expect(totals.taxExempt).toBe(treatment.kind === 'exempt');
        },
      ),
    );
  });

  it('prices shipping at 0, the flat price, one of the bands or the per-kg rate above them', () => {
    fc.assert(
      fc.property(methods, carts, (method, cart) => {
        const subtotalCents = cart.lines.reduce((a, b) => a + b, 0);
        const price = shippingPriceCents(method, { subtotalCents, weightGrams: cart.weightGrams });
        // Free over the amount whatever the weight, unless the method limits it by weight.
        const free =
          method.freeOverCents !== null &&
          subtotalCents >= method.freeOverCents &&
          (method.freeOverUpToGrams === null || cart.weightGrams <= method.freeOverUpToGrams);
        if (free) {
          expect(price).toBe(0);
          return;
        }
        if (method.rate.kind === 'flat') {
          expect(price).toBe(method.rate.priceCents);
          return;
        }
        const fitting = method.rate.bands.filter((band) => cart.weightGrams <= band.upToGrams);
        if (fitting.length > 0) {
          const lightest = fitting.reduce((a, b) => (b.upToGrams < a.upToGrams ? b : a));
          expect(price).toBe(lightest.priceCents);
          return;
        }
        const last = method.rate.bands.reduce((a, b) => (b.upToGrams > a.upToGrams ? b : a));
        const perKg = method.rate.perKgAboveCents ?? null;
        if (perKg === null) {
          expect(price).toBeUndefined();
          return;
        }
        // Each kg above the last band, or part of one, at the per-kg rate: whole cents.
        let kgs = 0;
        while (last.upToGrams + kgs * 1000 < cart.weightGrams) kgs++;
        expect(price).toBe(last.priceCents + kgs * perKg);
        expect(Number.isInteger(price)).toBe(true);
      }),
    );
  });

  it('charges more, never less, for each kg above the last band, in whole cents', () => {
    fc.assert(
      fc.property(
        bands,
        fc.integer({ min: 0, max: 5_000 }),
        fc.integer({ min: 1, max: 40_000 }),
        fc.integer({ min: 0, max: 40_000 }),
        (weightBands, perKgAboveCents, over, more) => {
          const method = {
            rate: { kind: 'weight' as const, bands: weightBands, perKgAboveCents },
            freeOverCents: null,
            freeOverUpToGrams: null,
          };
          const last = weightBands[weightBands.length - 1]!;
          const at = (weightGrams: number) =>
            shippingPriceCents(method, { subtotalCents: 1, weightGrams })!;
          const lighter = at(last.upToGrams + over);
          expect(Number.isInteger(lighter)).toBe(true);
          expect(lighter).toBeGreaterThanOrEqual(last.priceCents + perKgAboveCents);
          expect(at(last.upToGrams + over + more)).toBeGreaterThanOrEqual(lighter);
        },
      ),
    );
  });

  it('lists every method serving the country once: offered, or too heavy with what it carries', () => {
    fc.assert(
      fc.property(fc.array(methods, { maxLength: 6 }), carts, (all, cart) => {
        const subtotalCents = cart.lines.reduce((a, b) => a + b, 0);
        const weightGrams = cart.weightGrams;
        const { offered, tooHeavy } = shippingChoices(all, {
          country: cart.country,
          subtotalCents,
          weightGrams,
        });
        const serving = all.filter(
          (m) => m.countries.includes('*') || m.countries.includes(cart.country),
        );
        expect([...offered, ...tooHeavy].map((c) => c.method).sort(byId)).toEqual(
          [...serving].sort(byId),
        );
        for (const { method, maxGrams } of tooHeavy) {
          expect(method.rate.kind).toBe('weight');
          if (method.rate.kind !== 'weight') continue;
          expect(method.rate.perKgAboveCents ?? null).toBeNull();
          expect(maxGrams).toBe(Math.max(...method.rate.bands.map((b) => b.upToGrams)));
          expect(weightGrams).toBeGreaterThan(maxGrams);
        }
      }),
    );
  });

  it('offers only methods that serve the country and can carry the weight, cheapest first', () => {
    fc.assert(
      fc.property(fc.array(methods, { maxLength: 6 }), carts, (all, cart) => {
        const subtotalCents = cart.lines.reduce((a, b) => a + b, 0);
        const offered = offeredMethods(all, {
          country: cart.country,
          subtotalCents,
          weightGrams: cart.weightGrams,
        });
        for (const { method, priceCents } of offered) {
          expect(method.countries.includes('*') || method.countries.includes(cart.country)).toBe(
            true,
          );
          expect(priceCents).toBe(
            shippingPriceCents(method, { subtotalCents, weightGrams: cart.weightGrams }),
          );
        }
        const missing = all.filter((m) => !offered.some((o) => o.method === m));
        for (const method of missing) {
          const serves = method.countries.includes('*') || method.countries.includes(cart.country);
          const carries =
            shippingPriceCents(method, { subtotalCents, weightGrams: cart.weightGrams }) !==
            undefined;
          expect(serves && carries).toBe(false);
        }
        for (let i = 1; i < offered.length; i++) {
          const [a, b] = [offered[i - 1]!, offered[i]!];
          expect(
            a.priceCents < b.priceCents ||
              (a.priceCents === b.priceCents &&
                a.method.deliveryDays.max <= b.method.deliveryDays.max),
          ).toBe(true);
        }
      }),
    );
  });

  it('rounds per line, not per unit: 3 × $0.33 at 7.25% is 7 cents of tax, not 3 × 2', () => {
    const rateMilli = 7_250;
    const perUnitTimesQuantity = 3 * taxCents(33, rateMilli);
    const totals = orderTotals({
      lines: [{ lineTotalCents: 99 }],
      shippingCents: 0,
      treatment: { kind: 'rate', name: 'Sales tax', rateMilli },
    });
    expect(perUnitTimesQuantity).toBe(6);
    expect(totals.taxTotalCents).toBe(7);
    expect(totals.grandTotalCents).toBe(106);
  });
});
