import { centsToDollars, formatDollars } from '../../../contract/money.ts';
import { composeMail } from '../../mail/compose.ts';
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
    `Payment received for ${order.productName}`,
    [
      `We have received ${dollars(order.amountTotalCents ?? order.totalCents)} for ${describeOrder(order)}.`,
      ...(atHoldEnd
        ? [
            'Your payment went through while the order was still held for you, so the order is paid and its parts stay reserved; it does not expire.',
          ]
        : []),
      `Transaction: ${order.transactionId ?? ''}`,
      `Order number: ${order.id}`,
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

/** To the customer whose payment we gave back; the order may be gone, so only what we know. */
export const paymentRefundedMail = (refund: {
  email: string;
  name: string | null;
  orderId: string;
  amountCents: number;
  paymentIntentId: string;
  reason: RefundReason;
}) =>
  composeMail(
    { email: refund.email, name: refund.name ?? 'there' },
    `Payment refunded: ${dollars(refund.amountCents)}`,
    [
      `We have refunded your payment of ${dollars(refund.amountCents)} in full, because ${why[refund.reason]}.`,
      'The money goes back to the card you paid with; banks usually show it within 5 to 10 days.',
      'To buy these parts, place a new order from the shop.',
      `Payment: ${refund.paymentIntentId}`,
      `Order number: ${refund.orderId}`,
    ],
  );

export const refundReasonText = why;
