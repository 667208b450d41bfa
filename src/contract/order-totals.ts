import { z } from 'zod';
import { centsToDollars } from './money.ts';
import { taxLine, type TaxLine } from './order-delivery.ts';
import { orderLine } from './orders.ts';
import { shippingOption, unavailableShippingOption } from './shipping-rules.ts';
import { milliToPercent, taxCents, type TaxTreatment } from './tax-rules.ts';

/** The sentence an order and its invoice carry when the buyer accounts for the VAT. */
export const REVERSE_CHARGE_TEXT =
  'Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC)';

export type TaxLineCents = { name: string; rateMilli: number; amountCents: number };

export type OrderTotalsCents = {
  subtotalCents: number;
  shippingCents: number;
  tax: TaxLineCents[];
  taxTotalCents: number;
  grandTotalCents: number;
  reverseCharge: boolean;
  /** Taxed only because the buyer's VAT ID is not verified yet (the reverse charge waits). */
  vatIdUnverified: boolean;
  taxExempt: boolean;
};

/**
 * An order's money. Each line's tax is its line total × the rate rounded once (never per unit,
 * never on the sum), and shipping is taxed the same way at the same rate.
 */
export function orderTotals({
  lines,
  shippingCents,
  treatment,
}: {
  lines: readonly { lineTotalCents: number }[];
  shippingCents: number;
  treatment: TaxTreatment;
}): OrderTotalsCents {
  const subtotalCents = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
  const tax: TaxLineCents[] = [];
  if (treatment.kind === 'rate') {
    const { name, rateMilli } = treatment;
    const amountCents = lines.reduce(
      (sum, line) => sum + taxCents(line.lineTotalCents, rateMilli),
      taxCents(shippingCents, rateMilli),
    );
    tax.push({ name, rateMilli, amountCents });
  }
  const taxTotalCents = tax.reduce((sum, line) => sum + line.amountCents, 0);
  return {
    subtotalCents,
    shippingCents,
    tax,
    taxTotalCents,
    grandTotalCents: subtotalCents + shippingCents + taxTotalCents,
    reverseCharge: treatment.kind === 'reverseCharge',
    vatIdUnverified: treatment.kind === 'rate' && treatment.vatIdUnverified === true,
    taxExempt: treatment.kind === 'exempt',
  };
}

export const taxLinesInDollars = (lines: readonly TaxLineCents[]): TaxLine[] =>
  lines.map(({ name, rateMilli, amountCents }) => ({
    name,
    rate: milliToPercent(rateMilli),
    amount: centsToDollars(amountCents),
  }));

/** GET /cart/delivery: the ship-to address and the method to price, both optional. */
export const deliveryEstimateQuery = z.object({
  shippingAddressId: z.string().max(100).optional(),
  shippingMethodId: z.string().max(100).optional(),
});
export type DeliveryEstimateQuery = z.infer<typeof deliveryEstimateQuery>;

/** What the cart would cost shipped to an address by a method; money in dollars. */
export const deliveryEstimate = z.object({
  lines: z.array(orderLine),
  subtotal: z.number().describe('dollars: the sum of the line totals'),
  shippingOptions: z
    .array(shippingOption)
    .describe('the methods offered for this cart and address, cheapest first'),
  unavailableShipping: z
    .array(unavailableShippingOption)
    .describe(
      'the methods serving this address that cannot carry this cart (too heavy), with why, by name',
    ),
  shipping: z
    .object({ methodId: z.string(), name: z.string(), price: z.number() })
    .nullable()
    .describe('null until there is an address and a method offered for it'),
  tax: z.array(taxLine),
  taxTotal: z.number(),
  grandTotal: z.number().describe('dollars: subtotal + shipping + taxTotal'),
  reverseCharge: z.boolean(),
  vatIdUnverified: z
    .boolean()
    .describe(
      "VAT is charged only because the buyer's VAT ID is not verified yet: once it is, such an order is zero-rated (reverse charge)",
    ),
});
export type DeliveryEstimate = z.infer<typeof deliveryEstimate>;
