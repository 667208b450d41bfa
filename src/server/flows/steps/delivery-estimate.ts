import { centsToDollars } from '../../../contract/money.ts';
import { tooHeavyReason } from '../../../contract/shipping-rules.ts';
import {
  taxLinesInDollars,
  type DeliveryEstimate,
  type DeliveryEstimateQuery,
} from '../../../contract/order-totals.ts';
import type { OrderLine } from '../../../contract/orders.ts';
import type { Executor } from '../../db/client.ts';
import { findDefaultAddress, type AddressRow } from '../../modules/addresses/repository.ts';
import { ownAddress, priceDelivery, type BuyerCompany, type Goods } from './price-delivery.ts';

// The quote's answer, for the cart (GET /cart/delivery) and for an unpaid order
// (GET /orders/{id}/delivery): the same shape, priced by the same rules.

/** The ship-to address a quote prices for: the one named (404 if not the caller's), else the default. */
export const estimateShipTo = (tx: Executor, userId: string, query: DeliveryEstimateQuery) =>
  query.shippingAddressId
    ? ownAddress(tx, userId, query.shippingAddressId)
    : findDefaultAddress(tx, userId, 'shipping');

/**
 * The goods priced for delivery to `shipTo` by the method named (else the cheapest offered).
 * Without an address there is nothing to ship to: no options, no shipping, no tax.
 */
export async function estimateDelivery(
  tx: Executor,
  userId: string,
  {
    shipTo,
    lines,
    goods,
    methodId,
    company,
  }: {
    shipTo: AddressRow | undefined;
    lines: OrderLine[];
    goods: Goods;
    methodId: string | undefined;
    /** A company member's quote is taxed as the company's, as their checkout is. */
    company?: BuyerCompany | undefined;
  },
): Promise<DeliveryEstimate> {
  const subtotal = centsToDollars(goods.lines.reduce((sum, line) => sum + line.lineTotalCents, 0));
  if (!shipTo) {
    const none = {
      shippingOptions: [],
      unavailableShipping: [],
      shipping: null,
      tax: [],
      taxTotal: 0,
    };
    const untaxed = { reverseCharge: false, vatIdUnverified: false };
    return { lines, subtotal, ...none, grandTotal: subtotal, ...untaxed };
  }
  const { options, tooHeavy, weightGrams, chosen, totals } = await priceDelivery(
    tx,
    userId,
    shipTo,
    goods,
    methodId,
    undefined,
    company,
  );
  return {
    lines,
    subtotal,
    shippingOptions: options.map(({ method, priceCents }) => ({
      _id: method.id,
      name: method.name,
      price: centsToDollars(priceCents),
      deliveryDays: method.deliveryDays,
    })),
    unavailableShipping: tooHeavy.map(({ method, maxGrams }) => ({
      _id: method.id,
      name: method.name,
      reason: tooHeavyReason(method.name, maxGrams, weightGrams),
      deliveryDays: method.deliveryDays,
    })),
    shipping: chosen
      ? {
          methodId: chosen.method.id,
          name: chosen.method.name,
          price: centsToDollars(chosen.priceCents),
        }
      : null,
    tax: taxLinesInDollars(totals.tax),
    taxTotal: centsToDollars(totals.taxTotalCents),
    grandTotal: centsToDollars(totals.grandTotalCents),
    reverseCharge: totals.reverseCharge,
    vatIdUnverified: totals.vatIdUnverified,
  };
}
