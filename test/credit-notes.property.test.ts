import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { creditNoteCents, type LineToCredit } from '../src/contract/credit-notes.ts';
import { orderTotals } from '../src/contract/order-totals.ts';

// Credit notes against the order they credit: whatever pieces are given back in whatever steps,
// no note is negative, none gives back more than is left, and once every piece and the shipping
// are back the notes add up to exactly what the order cost, to the cent.

const rates = fc.oneof(
  fc.constant<number | null>(null),
  fc.integer({ min: 0, max: 100_000 }),
  fc.constantFrom(7_250, 8_875, 19_000, 20_000, 21_000),
);

const order = fc.record({
  lines: fc.array(
    fc.record({
      unitPriceCents: fc.integer({ min: 1, max: 2_000_000 }),
      quantity: fc.integer({ min: 1, max: 500 }),
    }),
    { minLength: 1, maxLength: 8 },
  ),
  shippingCents: fc.integer({ min: 0, max: 50_000 }),
  rateMilli: rates,
});

type OrderShape = {
  lines: { unitPriceCents: number; quantity: number }[];
  shippingCents: number;
  rateMilli: number | null;
};

/** An order's money as checkout computes it. */
function charged(o: OrderShape) {
  return orderTotals({
    lines: o.lines.map((l) => ({ lineTotalCents: l.unitPriceCents * l.quantity })),
    shippingCents: o.shippingCents,
    treatment:
      o.rateMilli === null
        ? { kind: 'exempt' }
        : { kind: 'rate', name: 'Tax', rateMilli: o.rateMilli },
  });
}

describe('credit notes', () => {
  it('give back exactly what the order cost once everything is credited, in any steps', () => {
    fc.assert(
      fc.property(
        order,
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 500 })), { maxLength: 30 }),
        fc.nat({ max: 30 }),
        (o, steps, shippingAt) => {
          const totals = charged(o);
          const credited = o.lines.map(() => 0);
          let given = 0;
          let shippingDone = false;
          const note = (picks: (readonly [number, number])[], withShipping: boolean) => {
            const lines: LineToCredit[] = o.lines.map((l, i) => {
              const asked = picks
                .filter(([at]) => at % o.lines.length === i)
                .reduce((sum, [, n]) => sum + n, 0);
              return {
                lineNo: i + 1,
                unitPriceCents: l.unitPriceCents,
                quantity: l.quantity,
                creditedBefore: credited[i]!,
                credit: Math.min(asked, l.quantity - credited[i]!),
              };
            });
            const cents = creditNoteCents({
              tax: totals.tax,
              shippingCents: o.shippingCents,
              lines,
              creditShipping: withShipping && !shippingDone,
            });
            expect(cents.totalCents).toBeGreaterThanOrEqual(0);
            expect(cents.totalCents).toBe(
              cents.subtotalCents + cents.shippingCents + cents.taxTotalCents,
            );
            for (const line of cents.lines) expect(line.taxCents).toBeGreaterThanOrEqual(0);
            lines.forEach((l, i) => (credited[i] = credited[i]! + l.credit));
            if (withShipping) shippingDone = true;
            given += cents.totalCents;
            expect(given).toBeLessThanOrEqual(totals.grandTotalCents);
          };
          steps.forEach((step, i) => note([step], i === shippingAt));
          // The rest, all at once.
          note(
            o.lines.map((l, i) => [i, l.quantity] as const),
            true,
          );
          expect(given).toBe(totals.grandTotalCents);
        },
      ),
    );
  });

  it('refuse to credit a line beyond its quantity', () => {
    expect(() =>
      creditNoteCents({
        tax: [],
        shippingCents: 0,
        creditShipping: false,
        lines: [{ lineNo: 1, unitPriceCents: 100, quantity: 3, creditedBefore: 2, credit: 2 }],
      }),
    ).toThrow(RangeError);
  });

  it('credit 12 of 20 torque wrenches at $89.99 with 8.875% tax as $1,079.88 + $95.84', () => {
    const tax = [{ name: 'NY sales tax', rateMilli: 8_875, amountCents: 0 }];
    const cents = creditNoteCents({
      tax,
      shippingCents: 1_500,
      creditShipping: false,
      lines: [{ lineNo: 1, unitPriceCents: 8_999, quantity: 20, creditedBefore: 8, credit: 12 }],
    });
    // tax(20 × 89.99) − tax(8 × 89.99) = 159.73 − 63.89: the pieces after the 8 credited
    expect(cents).toMatchObject({ subtotalCents: 107_988, shippingCents: 0, taxTotalCents: 9_584 });
    expect(cents.totalCents).toBe(117_572);
  });
});
