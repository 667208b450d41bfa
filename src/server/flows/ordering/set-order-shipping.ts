import { centsToDollars, formatDollars } from '../../../contract/money.ts';
import type { OrderShippingInput } from '../../../contract/order-delivery.ts';
import type { CurrentUser } from '../../auth/current-user.ts';
import { retryTransaction } from '../../db/retry-transaction.ts';
import { AppError, notFound } from '../../errors.ts';
import { presentOrder } from '../../modules/orders/present.ts';
import { lockOrder, setOrderDelivery, type OrderRow } from '../../modules/orders/repository.ts';
import { orderById } from '../../modules/orders/service.ts';
import { addOrderEvent } from '../../modules/orders/timeline.ts';
import { orderExpired } from '../../modules/payments/refusals.ts';
import type { ReadCache } from '../../cache/read-cache.ts';
import type { PaymentDeps } from '../steps/payment-deps.ts';
import { limitExceeded, sendBackForApproval } from '../steps/spending-limit.ts';
import { orderGoods } from '../steps/order-goods.ts';
import { orderCompany } from '../steps/order-company.ts';
import { orderAddresses, ownAddress, priceOrderDelivery } from '../steps/price-delivery.ts';
import { stopPaymentOfUnpaid } from '../steps/unpaid-change.ts';

export const onlyUnpaid = () =>
  new AppError('conflict', 'Only an unpaid order can change where it ships or how.');

const paymentUnderWay = () =>
  new AppError(
    'conflict',
    'A payment for this order is under way, so its shipping can no longer change. Reload the order to see it.',
  );

/** "Express, $12.00, to Portland, US; $412.30 in all". */
const shippingSetDetail = (row: OrderRow) =>
  `${row.shippingMethodName}, ${formatDollars(centsToDollars(row.shippingCents))}, to ${row.shippingAddress?.city}, ${row.shippingAddress?.country}; ${formatDollars(centsToDollars(row.grandTotalCents))} in all`;

/**
 * Sets where an unpaid order goes and how, and prices it again. A payment started for the old
 * amount is cancelled first, so it can never take money for a price the order no longer has;
 * if it has taken money already the order stays as it was (409) and that payment settles it.
 * The re-pricing then runs on the locked row, only while no other payment has started: the
 * next intent is made for the new grand total.
 */
export async function setOrderShipping(
  deps: PaymentDeps & { cache: ReadCache },
  user: CurrentUser,
  orderId: string,
  input: OrderShippingInput,
) {
  const { db } = deps;
  const seen = await orderById(db, orderId);
  if (seen.status === 'expired') throw orderExpired();
  if (seen.status !== 'unpaid') throw onlyUnpaid();
  await stopPaymentOfUnpaid(deps, seen, paymentUnderWay);
  const row = await retryTransaction(() =>
    db.transaction(async (tx) => {
      const order = await lockOrder(tx, seen.id);
      if (!order) throw notFound('Order');
      if (order.status !== 'unpaid') throw onlyUnpaid();
      if (order.holdUntil.getTime() <= Date.now()) throw orderExpired();
      if (order.paymentIntentId !== seen.paymentIntentId) throw paymentUnderWay();
      const shipTo = await ownAddress(tx, user.id, input.shippingAddressId);
      const addresses = await orderAddresses(tx, user.id, shipTo);
      const goods = await orderGoods(tx, order.id);
      const values = await priceOrderDelivery(tx, user.id, goods, {
        // An order that has a billing copy keeps it; only where it ships changes.
        billing: order.billingAddress ?? addresses.billing,
        shipTo: addresses.shipTo,
        methodId: input.shippingMethodId,
        company: await orderCompany(tx, order),
      });
      if (!values) throw new Error('a named method is offered or refused, never absent');
      const changed = await setOrderDelivery(tx, order.id, values);
      if (!changed) throw onlyUnpaid();
      await addOrderEvent(tx, order.id, 'shipping_set', shippingSetDetail(changed));
      // Re-priced over the buyer's limit, it waits for approval (again, if it was approved).
      const limit = await limitExceeded(tx, { ...changed, approvedAt: null });
      if (limit === undefined) return changed;
      return (await sendBackForApproval(tx, changed, limit, deps.approvalHoldHours)) ?? changed;
    }),
  );
  return presentOrder(db, row);
}
