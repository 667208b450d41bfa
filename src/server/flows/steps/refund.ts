import { centsToDollars, formatDollars } from '../../../contract/money.ts';
import { recordAudit } from '../../audit/record.ts';
import { AppError } from '../../errors.ts';
import type { OrderRow } from '../../modules/orders/repository.ts';
import {
  paymentRefundedMail,
  refundNextStep,
  refundReasonText,
  type RefundReason,
} from '../../modules/payments/mails.ts';
import type { VerifiedIntent } from '../../modules/payments/providers/provider.ts';
import { claimRefundRecord } from '../../modules/payments/repository.ts';
import { mailCustomer, SYSTEM_ACTOR, type PaymentDeps, type Settlement } from './payment-deps.ts';

/** What the customer hears when the payment they report went back to them. */
export const refundedRefusal = (reason: RefundReason) =>
  new AppError(
    'conflict',
    `Your payment has been refunded in full: ${refundReasonText[reason]}. ${refundNextStep[reason]}`,
  );

/**
 * Gives back a payment that has no order to pay for: refunded through the provider first (it
 * refunds once however often it is asked), then recorded in the audit trail and mailed once.
 */
export async function refundStrayPayment(
  deps: PaymentDeps,
  intent: VerifiedIntent,
  order: OrderRow | undefined,
  reason: RefundReason,
): Promise<Settlement> {
  await deps.provider.refund(intent.id);
  const orderId = order?.id ?? intent.orderId ?? '';
  const email = order?.email ?? intent.customerEmail;
  const amount = formatDollars(centsToDollars(intent.amountCents));
  const first = await deps.db.transaction(async (tx) => {
    if (!(await claimRefundRecord(tx, intent.id))) return false;
    await recordAudit(tx, SYSTEM_ACTOR, {
      action: 'payment.refund',
      targetType: 'order',
      targetId: orderId,
      summary: `Refunded ${amount} (payment ${intent.id}) to ${email ?? 'the customer'}: ${refundReasonText[reason]}`,
    });
    return true;
  });
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
