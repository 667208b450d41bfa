import type { CurrentUser } from '../../auth/current-user.ts';
import { notFound } from '../../errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { rememberIntent } from '../../modules/orders/holds.ts';
import { isPaid } from '../../modules/orders/present.ts';
import { findOrder, type OrderRow } from '../../modules/orders/repository.ts';
import { orderById } from '../../modules/orders/service.ts';
import {
  chooseShipToFirst,
  orderAlreadyPaid,
  orderAwaitingApproval,
  orderCancelled,
  orderExpired,
  orderRejected,
  orderRepriced,
} from '../../modules/payments/refusals.ts';
import type { PaymentDeps } from '../steps/payment-deps.ts';
import { refundedRefusal, refundStrayPayment } from '../steps/refund.ts';
import { settle } from '../steps/settle-payment.ts';
import { awaitingRefusal, refuseOverLimit } from '../steps/spending-limit.ts';

const holdEnded = (order: OrderRow) =>
  order.status === 'expired' || order.holdUntil.getTime() <= Date.now();

/** Starts paying an order: the provider's intent for its total, noted on the order. */
export async function startPayment(
  { db, provider }: Pick<PaymentDeps, 'db' | 'provider'>,
  orderId: string,
) {
  // Only the customer who placed the order pays for it: its entry `owns` the order.
  const order = await orderById(db, orderId);
  // Checked before the provider is asked: with Stripe an intent is real, even one cancelled.
  if (order.status === 'cancelled') throw orderCancelled();
  if (isPaid(order)) throw orderAlreadyPaid();
  if (order.status === 'rejected') throw orderRejected();
  if (holdEnded(order)) throw orderExpired();
  if (order.status === 'awaiting_approval') {
    throw await awaitingRefusal(db, order, orderAwaitingApproval);
  }
  if (!order.shippingAddress) throw chooseShipToFirst();
  const overLimit = await refuseOverLimit(db, order);
  if (overLimit) throw overLimit;
  // The card is charged the grand total as the row says it now; the intent is noted only if
  // it still says so (a ship-to chosen meanwhile re-prices the order).
  const amountCents = order.grandTotalCents;
  const intent = await provider.createIntent({
    orderId: order.id,
    amountCents,
    customerEmail: order.email,
    current: order.paymentIntentId,
  });
  if (!(await rememberIntent(db, order.id, intent.id, amountCents))) {
    // Deleted, expired, paid or re-priced while the intent was made. Nobody has its secret yet:
    // cancel it so it can never take money (a payment that already did keeps its order's state).
    await provider.cancelIntent(intent.id);
    const now = await findOrder(db, order.id);
    if (!now) throw notFound('Order');
    if (isPaid(now)) throw orderAlreadyPaid();
    throw holdEnded(now) ? orderExpired() : orderRepriced();
  }
  return { id: intent.id, clientSecret: intent.clientSecret, amountCents };
}

/**
 * The customer reports a payment. It is recorded only after the provider confirms that this
 * intent succeeded, for this order and this exact amount; reporting it again changes nothing.
 * A payment that went through for an order that is gone or expired is refunded, and the answer
 * (409) says so.
 */
export async function recordPayment(
  deps: PaymentDeps,
  user: CurrentUser,
  orderId: string,
  transactionId: string,
) {
  const order = isUuid(orderId) ? await findOrder(deps.db, orderId) : undefined;
  if (!order) {
    const intent = isUuid(orderId) ? await deps.provider.retrieveIntent(transactionId) : null;
    const strayPayment =
      intent?.status === 'succeeded' &&
      intent.orderId === orderId &&
      intent.customerEmail === user.email;
    if (!strayPayment) throw notFound('Order');
    await refundStrayPayment(deps, intent, undefined, 'gone');
    throw refundedRefusal('gone');
  }
  if (isPaid(order) && order.transactionId === transactionId) return order;
  if (isPaid(order)) throw orderAlreadyPaid();
  if (order.status === 'expired') {
    // Money taken for it goes back; otherwise there is simply nothing to pay any more.
    const intent = await deps.provider.retrieveIntent(transactionId);
    if (intent?.status !== 'succeeded' || intent.orderId !== order.id) throw orderExpired();
  }
  const settled = await settle(deps, order.id, transactionId);
  if (settled.outcome === 'refunded') throw refundedRefusal(settled.reason);
  return settled.order;
}
