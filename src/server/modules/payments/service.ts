import type { FastifyBaseLogger } from 'fastify';
import { centsToDollars, formatDollars } from '../../../contract/money.ts';
import { recordAudit, type AuditActor } from '../../audit/record.ts';
import type { CurrentUser } from '../../auth/guards.ts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { ShopEvents } from '../../metrics/shop-metrics.ts';
import type { PaymentProvider, VerifiedIntent } from '../../payments/provider.ts';
import type { OrderRow } from '../orders/repository.ts';
import {
  orderAlreadyPaid,
  orderExpired,
  paidOrderUndeletable,
  paymentUnderWay,
} from '../orders/refusals.ts';
import {
  paymentReceivedMail,
  paymentRefundedMail,
  refundReasonText,
  type RefundReason,
} from './mails.ts';
import { claimRefundRecord, findOrder, markOrderPaid, rememberIntent } from './repository.ts';

/** What settling a payment needs: the provider to ask, and the mailer to tell the customer. */
export type PaymentDeps = {
  db: Db;
  provider: PaymentProvider;
  mailer: Mailer;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  events: ShopEvents;
};

/** Refunds nobody asked for by hand are made by the shop itself. */
export const SYSTEM_ACTOR: AuditActor = { id: 'system', email: 'system' };

export type Settlement =
  | { outcome: 'paid'; order: OrderRow; changed: boolean }
  | { outcome: 'refunded'; reason: RefundReason };

/** Only the customer who placed the order pays for it. */
async function ownOrder(db: Db, user: CurrentUser, id: string) {
  const row = isUuid(id) ? await findOrder(db, id) : undefined;
  if (!row) throw notFound('Order');
  if (row.userId !== user.id) {
    throw new AppError('forbidden', 'This order belongs to another customer.');
  }
  return row;
}

const isPaid = (order: OrderRow) => order.status === 'paid' || order.status === 'shipped';
const holdEnded = (order: OrderRow) =>
  order.status === 'expired' || order.holdUntil.getTime() <= Date.now();

export async function startPayment(
  { db, provider }: Pick<PaymentDeps, 'db' | 'provider'>,
  user: CurrentUser,
  orderId: string,
) {
  const order = await ownOrder(db, user, orderId);
  if (isPaid(order)) throw orderAlreadyPaid();
  if (holdEnded(order)) throw orderExpired();
  const intent = await provider.createIntent({
    orderId: order.id,
    amountCents: order.totalCents,
    customerEmail: order.email,
    current: order.paymentIntentId,
  });
  if (!(await rememberIntent(db, order.id, intent.id))) {
    // Deleted, expired or paid while the intent was made. Nobody has its secret yet: cancel
    // it so it can never take money (a payment that already did keeps its order's state).
    await provider.cancelIntent(intent.id);
    const now = await findOrder(db, order.id);
    if (!now) throw notFound('Order');
    throw isPaid(now) ? orderAlreadyPaid() : orderExpired();
  }
  return { clientSecret: intent.clientSecret, amountCents: order.totalCents };
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
  if (order.userId !== user.id) {
    throw new AppError('forbidden', 'This order belongs to another customer.');
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

const refundedRefusal = (reason: RefundReason) =>
  new AppError(
    'conflict',
    `Your payment has been refunded in full: ${refundReasonText[reason]}. Place a new order to buy these parts.`,
  );

/**
 * Settles a payment the provider says has succeeded, from the customer's report, the
 * provider's webhook, a delete that found the money already taken, or the expiry sweep
 * (`atHoldEnd`: then recording it is the shop's own act, and goes in the audit trail). The
 * order becomes paid if it still waits for the payment; if it is gone, expired or paid by
 * another payment, the money goes back to the customer. Either way the customer gets one
 * mail, however many of those paths arrive.
 */
export async function settle(
  deps: PaymentDeps,
  orderId: string,
  transactionId: string,
  { atHoldEnd = false } = {},
): Promise<Settlement> {
  const { db, provider } = deps;
  const intent = await provider.retrieveIntent(transactionId);
  if (!intent || intent.orderId !== orderId) {
    throw new AppError('bad_request', 'This payment does not belong to this order.');
  }
  if (intent.status !== 'succeeded') {
    throw new AppError('payment_failed', 'The payment has not gone through yet.');
  }
  // Found by the expiry sweep on an order another sweep expired first: the money was taken
  // while it was held, so the refund says the hold ended, not that the payment came late.
  const expired: RefundReason = atHoldEnd ? 'hold_ended' : 'expired';
  const order = await findOrder(db, orderId);
  if (!order) return refundStrayPayment(deps, intent, undefined, 'gone');
  if (order.status === 'expired') return refundStrayPayment(deps, intent, order, expired);
  if (intent.amountCents !== order.totalCents || intent.currency !== 'usd') {
    throw new AppError('bad_request', 'The amount paid does not match the order total.');
  }
  // Found by the expiry sweep rather than reported: the shop records it, so the trail says so.
  const audit = atHoldEnd
    ? (tx: Db, row: OrderRow) =>
        recordAudit(tx, SYSTEM_ACTOR, {
          action: 'payment.record',
          targetType: 'order',
          targetId: row.id,
          summary: `Recorded ${formatDollars(centsToDollars(intent.amountCents))} (payment ${intent.id}) from ${row.email} as the order's hold ended: it had gone through while the order was held, so the order is paid`,
        })
    : undefined;
  const paid = await markOrderPaid(
    db,
    order.id,
    { transactionId: intent.id, amountTotalCents: intent.amountCents },
    audit,
  );
  if (paid) {
    deps.events.count('paymentSucceeded');
    mailCustomer(deps, paymentReceivedMail(paid, { atHoldEnd }), paid.id);
    return { outcome: 'paid', order: paid, changed: true };
  }
  // Someone else changed the order between the read and the update: look again.
  const now = await findOrder(db, order.id);
  if (now?.transactionId === intent.id) return { outcome: 'paid', order: now, changed: false };
  if (!now) return refundStrayPayment(deps, intent, undefined, 'gone');
  if (now.status === 'expired') return refundStrayPayment(deps, intent, now, expired);
  if (isPaid(now)) return refundStrayPayment(deps, intent, now, 'paid_twice');
  throw new AppError(
    'conflict',
    'This order changed while the payment was recorded. Please try again.',
  );
}

/**
 * Gives back a payment that has no order to pay for: refunded through the provider first (it
 * refunds once however often it is asked), then recorded in the audit trail and mailed once.
 */
async function refundStrayPayment(
  deps: PaymentDeps,
  intent: VerifiedIntent,
  order: OrderRow | undefined,
  reason: RefundReason,
): Promise<Settlement> {
  await deps.provider.refund(intent.id);
  const orderId = order?.id ?? intent.orderId ?? '';
  const email = order?.email ?? intent.customerEmail;
  const amount = formatDollars(centsToDollars(intent.amountCents));
  const first = await claimRefundRecord(deps.db, intent.id, (tx) =>
    recordAudit(tx, SYSTEM_ACTOR, {
      action: 'payment.refund',
      targetType: 'order',
      targetId: orderId,
      summary: `Refunded ${amount} (payment ${intent.id}) to ${email ?? 'the customer'}: ${refundReasonText[reason]}`,
    }),
  );
  if (first && email) {
    const mail = paymentRefundedMail({
      email,
      name: order?.userName ?? null,
      orderNumber: order?.number ?? null,
      amountCents: intent.amountCents,
      paymentIntentId: intent.id,
      reason,
    });
    mailCustomer(deps, mail, orderId);
  }
  return { outcome: 'refunded', reason };
}

/**
 * Sent after the answer, not awaited: the payment stands whether or not the mail goes out (a
 * slow mail server must not hold up the customer), and the log says when it did not.
 */
function mailCustomer(
  { mailer, log }: PaymentDeps,
  mail: Parameters<Mailer['send']>[0],
  orderId: string,
) {
  mailer.send(mail).catch((err: unknown) => {
    log.error({ err, orderId, subject: mail.subject }, 'payment mail failed');
  });
}

/**
 * Makes sure the order's payment can never take money, before the order is deleted. The
 * provider cancels the intent unless it is past that: then a payment still in flight refuses
 * the delete, and one that went through is settled (the order becomes paid, or, if it had
 * expired, the money goes back and the delete may go on).
 */
export async function releasePayment(deps: PaymentDeps, order: OrderRow) {
  if (!order.paymentIntentId) return;
  const outcome = await deps.provider.cancelIntent(order.paymentIntentId);
  if (outcome.status === 'canceled') return;
  if (outcome.status !== 'succeeded') throw paymentUnderWay();
  if (outcome.refunded) return;
  const settled = await settle(deps, order.id, order.paymentIntentId);
  if (settled.outcome === 'paid') throw paidOrderUndeletable();
}
