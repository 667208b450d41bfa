import { taxCents } from './tax-rules.ts';

// A credit note gives back part or all of an order: lines cancelled before they shipped, parts
// returned, or the whole order. An order can have several; together they never give back more
// than the order cost, and once every piece (and the shipping) is credited they give back
// exactly what it cost, to the cent.

/** One tax entry of an order, as it was charged (see order-totals.ts). */
export type ChargedTax = { name: string; rateMilli: number; amountCents: number };

/** A line of the order, how many of it earlier credit notes took, and how many this one takes. */
export type LineToCredit = {
  lineNo: number;
  unitPriceCents: number;
  /** The line's whole quantity, as it was ordered. */
  quantity: number;
  creditedBefore: number;
  credit: number;
};

export type CreditNoteCents = {
  lines: { lineNo: number; quantity: number; lineTotalCents: number; taxCents: number }[];
  subtotalCents: number;
  shippingCents: number;
  tax: ChargedTax[];
  taxTotalCents: number;
  totalCents: number;
};

/**
 * What a credit note gives back. A line's tax was its total × the rate rounded once, so crediting
 * pieces `before .. before+n` gives back tax(before+n pieces) − tax(before pieces): each note is
 * rounded, and the notes of a line add up to exactly the tax it was charged. Shipping (and its
 * tax) comes back whole or not at all.
 */
export function creditNoteCents({
  tax,
  shippingCents,
  lines,
  creditShipping,
}: {
  tax: readonly ChargedTax[];
  shippingCents: number;
  lines: readonly LineToCredit[];
  creditShipping: boolean;
}): CreditNoteCents {
  const shipping = creditShipping ? shippingCents : 0;
  const perRate = tax.map((t) => taxCents(shipping, t.rateMilli));
  const out = lines
    .filter((line) => line.credit > 0)
    .map((line) => {
      if (line.creditedBefore + line.credit > line.quantity) {
        throw new RangeError(`line ${line.lineNo} would be credited beyond its quantity`);
      }
      const before = line.unitPriceCents * line.creditedBefore;
      const after = line.unitPriceCents * (line.creditedBefore + line.credit);
      let lineTax = 0;
      tax.forEach((t, i) => {
        const cents = taxCents(after, t.rateMilli) - taxCents(before, t.rateMilli);
        perRate[i]! += cents;
        lineTax += cents;
      });
      return {
        lineNo: line.lineNo,
        quantity: line.credit,
        lineTotalCents: after - before,
        taxCents: lineTax,
      };
    });
  const subtotalCents = out.reduce((sum, line) => sum + line.lineTotalCents, 0);
  const taxTotalCents = perRate.reduce((sum, cents) => sum + cents, 0);
  return {
    lines: out,
    subtotalCents,
    shippingCents: shipping,
    tax: tax.map((t, i) => ({ name: t.name, rateMilli: t.rateMilli, amountCents: perRate[i]! })),
    taxTotalCents,
    totalCents: subtotalCents + shipping + taxTotalCents,
  };
}
