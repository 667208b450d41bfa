import type { DeliveryEstimate, DeliveryEstimateQuery } from '../../../contract/order-totals.ts';
import type { Db } from '../../db/client.ts';
import { pricedCartLines } from '../../modules/cart/service.ts';
import { findMembership } from '../../modules/companies/membership.ts';
import { dealerCartLine, memberPricing } from '../steps/member-pricing.ts';
import { estimateDelivery, estimateShipTo } from '../steps/delivery-estimate.ts';
import { weightOf } from '../steps/price-delivery.ts';
import { shelfNow, splitByShelf } from '../steps/shelf-now.ts';
import type { HoldCaps } from '../../modules/orders/hold-caps.ts';

/**
 * The cart as checkout would price it now (at dealer prices for a company's member): shipped to the address named (else the account's
 * default for shipping), by the method named (else the cheapest offered). Without an address
 * there is nothing to ship to: no options, no shipping, no tax.
 */
export async function estimateCartDelivery(
  db: Db,
  userId: string,
  query: DeliveryEstimateQuery,
  caps: HoldCaps,
): Promise<DeliveryEstimate> {
  return db.transaction(async (tx) => {
    const shipTo = await estimateShipTo(tx, userId, query);
    const listed = await pricedCartLines(tx, userId);
    const membership = (await findMembership(tx, userId)) ?? null;
    const pricing = await memberPricing(
      tx,
      userId,
      listed.map((line) => line.productId),
      membership,
    );
    const priced = pricing ? listed.map((line) => dealerCartLine(line, pricing)) : listed;
    const now = await shelfNow(
      tx,
      userId,
      priced.map((line) => line.productId),
      caps,
    );
    const lines = priced
      .map((line) => splitByShelf(line, now))
      .map(({ productId, sku, name, quantity, unitPrice, lineTotal, backordered }) => ({
        productId,
        sku,
        name,
        quantity,
        unitPrice,
        lineTotal,
        // What would ship now and what later, were the cart checked out as it stands.
        reserved: quantity - backordered,
        backordered,
      }));
    const weights = new Map(priced.map((line) => [line.productId, line]));
    const goods = { lines: priced, weightGrams: weightOf(priced, weights) };
    const methodId = query.shippingMethodId;
    const company = membership ?? undefined;
    return estimateDelivery(tx, userId, { shipTo, lines, goods, methodId, company });
  });
}
