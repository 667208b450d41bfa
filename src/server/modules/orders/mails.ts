import { dollarsToCents, centsToDollars, formatDollars } from '../../../contract/money.ts';
import type { Shipment } from '../../../contract/order-delivery.ts';
import type { Order, OrderLine } from '../../../contract/orders.ts';
import { composeMail, orderRef } from '../../mail/compose.ts';
import { describeOrder } from './present.ts';
import type { OrderRow } from './repository.ts';

/** "20 × Chain whip", or "3 parts: …" for an order of several. */
export const orderTitle = (order: Order) =>
  order.price === null ? order.name : `${order.quantity} × ${order.name}`;

export const customer = (order: Order) => ({ email: order.email, name: order.userName });

export const lineText = (line: OrderLine) =>
  `${line.quantity} × ${line.name} (${line.sku}) at ${formatDollars(line.unitPrice)} each: ${formatDollars(line.lineTotal)}`;

export const quoteIt = (order: Order) =>
  `Your order number is #${order.number}: quote it when you write to us about this order.`;

export const orderPlacedMail = (order: Order) =>
  composeMail(customer(order), `${orderRef(order.number)} placed: ${orderTitle(order)}`, [
    `We have reserved ${order.lines.map(lineText).join('; ')}.`,
    order.shippingMethod
      ? `With ${order.shippingMethod.name} shipping (${formatDollars(order.shipping)}) and tax (${formatDollars(order.taxTotal)}): ${formatDollars(order.grandTotal)} in all.`
      : `${formatDollars(order.totalPrice)} for the parts; choose where to ship it, and shipping and tax are added.`,
    order.paymentMethod === 'account' && order.invoiceNumber
      ? `It is charged to your company's account: invoice ${order.invoiceNumber}${order.poNumber ? ` (PO ${order.poNumber})` : ''}, due ${order.dueAt?.slice(0, 10) ?? ''}. We ship it soon.`
      : order.status === 'awaiting_approval'
        ? "It is over your spending limit, so it waits for your company's owner or an admin to approve it; we hold the parts meanwhile and write to you once they decide."
        : 'Pay for it from My Orders in your dashboard; we ship once it is paid.',
    quoteIt(order),
  ]);

/** One parcel on its way: what it carries, the carrier, the tracking number and link. */
export const shipmentMail = (order: Order, shipment: Shipment) => {
  const all = order.status === 'shipped' && order.shipments.length === 1;
  const contents = shipment.lines.map((l) => `${l.quantity} × ${l.name} (${l.sku})`).join('; ');
  return composeMail(
    customer(order),
    `${orderRef(order.number)} ${all ? 'shipped' : 'parcel shipped'}: ${all ? orderTitle(order) : contents}`,
    [
      `${all ? orderRef(order.number) : `A parcel of ${orderRef(order.number)}`} has left our warehouse with ${shipment.carrier}: ${contents}.`,
      // The shop's own van has no tracking number ('—'): no line then.
      ...(/\w/.test(shipment.trackingNumber)
        ? [`Tracking number: ${shipment.trackingNumber}`]
        : []),
      order.status === 'shipped'
        ? 'That is everything you ordered: My Orders in your dashboard shows it as Shipped.'
        : 'The rest follows in another parcel; My Orders in your dashboard shows what has shipped.',
      quoteIt(order),
    ],
    shipment.trackingUrl ? { label: 'Track your parcel', url: shipment.trackingUrl } : undefined,
  );
};

/**
 * The receipt. `atHoldEnd`: the shop found the payment itself as the order's hold ended (the
 * customer's page never reported it), so the mail says the order stands.
 */
export const paymentReceivedMail = (order: OrderRow, { atHoldEnd = false } = {}) =>
  composeMail(
    { email: order.email, name: order.userName },
    `Payment received for ${orderRef(order.number)}: ${order.productName}`,
    [
      `We have received ${formatDollars(centsToDollars(order.amountTotalCents ?? order.totalCents))} for ${orderRef(order.number)}, ${describeOrder(order)}.`,
      ...(atHoldEnd
        ? [
            'Your payment went through while the order was still held for you, so the order is paid and its parts stay reserved; it does not expire.',
          ]
        : []),
      `Transaction: ${order.transactionId ?? ''}`,
    ],
  );

/**
 * The money a credit note gives back. `refunded` false when the provider could not be reached:
 * the shop refunds it by hand, and the mail does not claim more than is done; 'account':
 * credited to the company.
 */
const moneyBack = (cents: number, refunded: boolean | 'account', whole: boolean) => {
  const amount = `${formatDollars(centsToDollars(cents))}${whole ? ' in full' : ''}`;
  if (refunded === 'account') {
    return `We have credited ${formatDollars(centsToDollars(cents))} to your company's account: it no longer counts against your credit.`;
  }
  return refunded
    ? `We have refunded ${amount} to the card you paid with; banks usually show it within 5 to 10 days.`
    : `We are refunding ${amount} to the card you paid with, and will write again if anything holds it up.`;
};

/** The order is cancelled: what it was, the money going back and the credit note. */
export const orderCancelledMail = (
  order: Order,
  note: { number: string; totalCents: number },
  refunded: boolean | 'account',
) =>
  composeMail(customer(order), `${orderRef(order.number)} cancelled: ${orderTitle(order)}`, [
    `We have cancelled ${orderRef(order.number)}: ${order.lines.map(lineText).join('; ')}.`,
    moneyBack(note.totalCents, refunded, note.totalCents === dollarsToCents(order.grandTotal)),
    `Credit note ${note.number}${order.invoiceNumber ? ` credits invoice ${order.invoiceNumber}` : ' is issued'}; download it from the order in My Orders.`,
    quoteIt(order),
  ]);

/** Some pieces of an order cancelled before they shipped: which, and the money going back. */
export const linesCancelledMail = (
  order: Order,
  note: { number: string; totalCents: number },
  refunded: boolean | 'account',
) => {
  const cancelled = order.creditNotes.find((n) => n.number === note.number);
  const contents = (cancelled?.lines ?? []).map((l) => `${l.quantity} × ${l.name} (${l.sku})`);
  return composeMail(
    customer(order),
    `${orderRef(order.number)}: ${contents.join(', ')} cancelled`,
    [
      `We have cancelled ${contents.join('; ')} of ${orderRef(order.number)}; the rest of the order stands.`,
      moneyBack(note.totalCents, refunded, false),
      `Credit note ${note.number}${order.invoiceNumber ? ` credits invoice ${order.invoiceNumber}` : ' is issued'}; download it from the order in My Orders.`,
      quoteIt(order),
    ],
  );
};
