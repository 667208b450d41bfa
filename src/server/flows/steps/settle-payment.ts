import { centsToDollars, formatDollars } from '../../../contract/money.ts';
import { recordAudit } from '../../audit/record.ts';
import { AppError } from '../../errors.ts';
import type { RefundReason } from '../../modules/payments/mails.ts';
import { markOrderPaid } from '../../modules/orders/holds.ts';
import { paymentReceivedMail } from '../../modules/orders/mails.ts';
import { isPaid } from '../../modules/orders/present.ts';
import { findOrder } from '../../modules/orders/repository.ts';
import { mailCustomer, SYSTEM_ACTOR, type PaymentDeps, type Settlement } from './payment-deps.ts';
import { invoicePaidOrder } from './invoice-payment.ts';
import { refundStrayPayment } from './refund.ts';
import { limitExceeded, sendBackForApproval } from './spending-limit.ts';

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
  // The card is charged the grand total: goods, shipping and tax.
  if (intent.amountCents !== order.grandTotalCents || intent.currency !== 'usd') {
    throw new AppError('bad_request', 'The amount paid does not match the order total.');
  }
  const paid = await db.transaction(async (tx) => {
    // The buyer's limit as it is when the money is recorded, held until this commits: over it
    // and not approved, the order waits for approval again and the money goes back.
    const limit = order.status === 'unpaid' ? await limitExceeded(tx, order) : undefined;
    if (limit !== undefined) {
      await sendBackForApproval(tx, order, limit, deps.approvalHoldHours);
      return 'over_limit' as const;
    }
    const row = await markOrderPaid(tx, order.id, {
      transactionId: intent.id,
      amountTotalCents: intent.amountCents,
    });
    if (!row) return row;
    // Found by the expiry sweep rather than reported: the shop records it, so the trail says so.
    if (atHoldEnd) {
      await recordAudit(tx, SYSTEM_ACTOR, {
        action: 'payment.record',
        targetType: 'order',
        targetId: row.id,
        summary: `Recorded ${formatDollars(centsToDollars(intent.amountCents))} (payment ${intent.id}) from ${row.email} as the order's hold ended: it had gone through while the order was held, so the order is paid`,
      });
    }
    return invoicePaidOrder(tx, row);
  });
  if (paid === 'over_limit') {
    const now = await findOrder(db, order.id);
    return refundStrayPayment(deps, intent, now, 'over_limit');
  }
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
