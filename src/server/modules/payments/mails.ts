import { centsToDollars, formatDollars } from '../../../contract/money.ts';
import { composeMail } from '../../mail/compose.ts';
import { orderRef } from '../orders/mails.ts';
import type { OrderRow } from '../orders/repository.ts';
import { describeOrder } from '../orders/service.ts';

const dollars = (cents: number) => formatDollars(centsToDollars(cents));

/**
 * The receipt. `atHoldEnd`: the shop found the payment itself as the order's hold ended (the
 * customer's page never reported it), so the mail says the order stands.
 */
export const paymentReceivedMail = (order: OrderRow, { atHoldEnd = false } = {}) =>
  composeMail(
    { email: order.email, name: order.userName },
    `Payment received for ${orderRef(order.number)}: ${order.productName}`,
    [
      `We have received ${dollars(order.amountTotalCents ?? order.totalCents)} for ${orderRef(order.number)}, ${describeOrder(order)}.`,
      ...(atHoldEnd
        ? [
            'Your payment went through while the order was still held for you, so the order is paid and its parts stay reserved; it does not expire.',
          ]
        : []),
      `Transaction: ${order.transactionId ?? ''}`,
    ],
  );

export type RefundReason = 'expired' | 'hold_ended' | 'gone' | 'paid_twice';

const why: Record<RefundReason, string> = {
  expired: 'the order had expired before the payment went through, and its stock had gone back',
  hold_ended:
    "the order's hold ended before the payment could be recorded, and its stock had gone back",
  gone: 'the order had been deleted before the payment went through',
  paid_twice: 'the order had already been paid',
};

/**
 * To the customer whose payment we gave back; the order may be gone, so only what we know: an
 * order deleted before the payment went through leaves no number to quote, only the payment.
 */
export const paymentRefundedMail = (refund: {
  email: string;
  name: string | null;
  orderNumber: number | null;
  amountCents: number;
  paymentIntentId: string;
  reason: RefundReason;
}) =>
  composeMail(
    { email: refund.email, name: refund.name ?? 'there' },
    `Payment refunded: ${dollars(refund.amountCents)}${refund.orderNumber === null ? '' : ` for ${orderRef(refund.orderNumber)}`}`,
    [
      `We have refunded your payment of ${dollars(refund.amountCents)} in full, because ${why[refund.reason]}.`,
      'The money goes back to the card you paid with; banks usually show it within 5 to 10 days.',
      'To buy these parts, place a new order from the shop.',
      `Payment: ${refund.paymentIntentId}`,
      ...(refund.orderNumber === null ? [] : [`Order number: #${refund.orderNumber}`]),
    ],
  );

export const refundReasonText = why;
