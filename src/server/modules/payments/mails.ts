import { centsToDollars, formatDollars } from '../../../contract/money.ts';
import { composeMail, orderRef } from '../../mail/compose.ts';

const dollars = (cents: number) => formatDollars(centsToDollars(cents));

export type RefundReason = 'expired' | 'hold_ended' | 'gone' | 'paid_twice' | 'over_limit';

const why: Record<RefundReason, string> = {
  expired: 'the order had expired before the payment went through, and its stock had gone back',
  hold_ended:
    "the order's hold ended before the payment could be recorded, and its stock had gone back",
  gone: 'the order had been deleted before the payment went through',
  paid_twice: 'the order had already been paid',
  over_limit:
    "the order is over your spending limit as it stands now, so it waits for your company's owner or an admin to approve it",
};

/** What to do next, once the money is back. */
const next: Record<RefundReason, string> = {
  expired: 'To buy these parts, place a new order from the shop.',
  hold_ended: 'To buy these parts, place a new order from the shop.',
  gone: 'To buy these parts, place a new order from the shop.',
  paid_twice: 'To buy these parts, place a new order from the shop.',
  over_limit: 'Once it is approved, you can pay the order again.',
};
export const refundNextStep = next;

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
    {
      heading: `We have refunded ${dollars(refund.amountCents)}`,
      paragraphs: [
        `We have refunded your payment of ${dollars(refund.amountCents)} in full, because ${why[refund.reason]}.`,
        'The money goes back to the card you paid with; banks usually show it within 5 to 10 days.',
        next[refund.reason],
        [
          `Payment: ${refund.paymentIntentId}`,
          ...(refund.orderNumber === null ? [] : [`Order number: #${refund.orderNumber}`]),
        ].join('\n'),
      ],
    },
  );

export const refundReasonText = why;
