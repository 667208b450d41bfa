import type { DeliveryEstimate, DeliveryEstimateQuery } from '../../../contract/order-totals.ts';
import type { Db } from '../../db/client.ts';
import { lineOut } from '../../modules/orders/present.ts';
import { orderById } from '../../modules/orders/service.ts';
import { estimateDelivery, estimateShipTo } from '../steps/delivery-estimate.ts';
import { orderCompany } from '../steps/order-company.ts';
import { orderGoods } from '../steps/order-goods.ts';
import { onlyUnpaid } from './set-order-shipping.ts';

/**
 * An unpaid order priced for delivery as PUT /orders/{id}/shipping would price it: its own
 * lines at the prices it was placed with, weighed today, shipped to the address named (else
 * the account's default) by the method named (else the cheapest offered). Whose order it is
 * the endpoint's guard has checked; a paid one can no longer change, so it has nothing to quote.
 */
export async function estimateOrderDelivery(
  db: Db,
  userId: string,
  orderId: string,
  query: DeliveryEstimateQuery,
): Promise<DeliveryEstimate> {
  const order = await orderById(db, orderId);
  if (order.status !== 'unpaid') throw onlyUnpaid();
  return db.transaction(async (tx) => {
    const shipTo = await estimateShipTo(tx, userId, query);
    const goods = await orderGoods(tx, order.id);
    return estimateDelivery(tx, userId, {
      shipTo,
      lines: goods.lines.map(lineOut),
      goods,
      methodId: query.shippingMethodId,
      company: await orderCompany(tx, order),
    });
  });
}
