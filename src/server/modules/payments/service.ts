import type { CurrentUser } from '../../auth/guards.ts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { PaymentProvider } from '../../payments/provider.ts';
import { findOrder, markOrderPaid, rememberIntent } from './repository.ts';

/** Only the customer who placed the order pays for it. */
async function ownOrder(db: Db, user: CurrentUser, id: string) {
  const row = isUuid(id) ? await findOrder(db, id) : undefined;
  if (!row) throw notFound('Order');
  if (row.userId !== user.id) {
    throw new AppError('forbidden', 'This order belongs to another customer.');
  }
  return row;
}

export async function startPayment(
  db: Db,
  provider: PaymentProvider,
  user: CurrentUser,
  orderId: string,
) {
  const order = await ownOrder(db, user, orderId);
  if (order.paid) throw new AppError('conflict', 'This order is already paid.');
  const intent = await provider.createIntent({ orderId: order.id, amountCents: order.totalCents });
  await rememberIntent(db, order.id, intent.id);
  return { clientSecret: intent.clientSecret, amountCents: order.totalCents };
}

/**
 * Records a payment only after the provider confirms that this intent succeeded, for this
 * order and this exact amount. Reporting the same payment again changes nothing.
 */
export async function recordPayment(
  db: Db,
  provider: PaymentProvider,
  user: CurrentUser,
  orderId: string,
  transactionId: string,
) {
  const order = await ownOrder(db, user, orderId);
  if (order.paid) {
    if (order.transactionId === transactionId) return { order, changed: false };
    throw new AppError('conflict', 'This order is already paid.');
  }
  return settle(db, provider, order.id, transactionId);
}

/** Shared by the client's report and the provider's webhook. */
export async function settle(
  db: Db,
  provider: PaymentProvider,
  orderId: string,
  transactionId: string,
) {
  const intent = await provider.retrieveIntent(transactionId);
  const order = await findOrder(db, orderId);
  if (!order) throw notFound('Order');
  if (!intent || intent.orderId !== order.id) {
    throw new AppError('bad_request', 'This payment does not belong to this order.');
  }
  if (intent.status !== 'succeeded') {
    throw new AppError('payment_failed', 'The payment has not gone through yet.');
  }
  if (intent.amountCents !== order.totalCents || intent.currency !== 'usd') {
    throw new AppError('bad_request', 'The amount paid does not match the order total.');
  }
  const paid = await markOrderPaid(db, order.id, {
    transactionId: intent.id,
    amountTotalCents: intent.amountCents,
  });
  if (paid) return { order: paid, changed: true };
  const now = await findOrder(db, order.id);
  if (now?.transactionId === intent.id) return { order: now, changed: false };
  throw new AppError('conflict', 'This order is already paid.');
}
