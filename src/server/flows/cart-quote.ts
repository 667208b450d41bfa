import { centsToDollars } from '../../contract/money.ts';
import {
  taxLinesInDollars,
  type CartQuote,
  type CartQuoteQuery,
} from '../../contract/order-totals.ts';
import type { Db } from '../db/client.ts';
import { findDefaultAddress } from '../modules/addresses/repository.ts';
import { pricedCartLines } from '../modules/cart/service.ts';
import { ownAddress, priceDelivery, weightOf } from './price-delivery.ts';

/**
 * The cart as checkout would price it now: shipped to the address named (else the account's
 * default for shipping), by the method named (else the cheapest offered). Without an address
 * there is nothing to ship to: no options, no shipping, no tax.
 */
export async function quoteCart(db: Db, userId: string, query: CartQuoteQuery): Promise<CartQuote> {
  return db.transaction(async (tx) => {
    const shipTo = query.shippingAddressId
      ? await ownAddress(tx, userId, query.shippingAddressId)
      : await findDefaultAddress(tx, userId, 'shipping');
    const priced = await pricedCartLines(tx, userId);
    const lines = priced.map(({ productId, sku, name, quantity, unitPrice, lineTotal }) => ({
      productId,
      sku,
      name,
      quantity,
      unitPrice,
      lineTotal,
    }));
    const subtotalCents = priced.reduce((sum, line) => sum + line.lineTotalCents, 0);
    const subtotal = centsToDollars(subtotalCents);
    if (!shipTo) {
      const none = { shippingOptions: [], shipping: null, tax: [], taxTotal: 0 };
      return { lines, subtotal, ...none, grandTotal: subtotal, reverseCharge: false };
    }
    const weights = new Map(priced.map((line) => [line.productId, line]));
    const goods = { lines: priced, weightGrams: weightOf(priced, weights) };
    const { options, chosen, totals } = await priceDelivery(
      tx,
      userId,
      shipTo,
      goods,
      query.shippingMethodId,
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
    };
  });
}
