import { dollarsToCents, centsToDollars, formatDollars } from '../../../contract/money.ts';
import type { Shipment } from '../../../contract/order-delivery.ts';
import type { Order } from '../../../contract/orders.ts';
import { sitePaths, toPath } from '../../../contract/site-paths.ts';
import { composeMail, orderRef, type MailTable } from '../../mail/compose.ts';
import { describeOrder } from './present.ts';
import type { OrderRow } from './repository.ts';

/** "20 × Chain whip", or "3 parts: …" for an order of several. */
export const orderTitle = (order: Order) =>
  order.price === null ? order.name : `${order.quantity} × ${order.name}`;

export const customer = (order: Order) => ({ email: order.email, name: order.userName });

/** "12 × Torque wrench (TW-1)": a line as the mails' tables and sentences name it. */
const partText = (line: { quantity: number; name: string; sku: string }) =>
  `${line.quantity} × ${line.name} (${line.sku})`;

/** An order's lines as a mail's table, with what is on backorder under each, and its totals. */
export function orderTable(order: Order, { totals = true } = {}): MailTable {
  const rows = order.lines.map((line) => [
    partText(line) +
      (line.backordered > 0
        ? `\n(${line.reserved} in stock, ${line.backordered} on backorder: we write when they arrive)`
        : ''),
    formatDollars(line.unitPrice),
    formatDollars(line.lineTotal),
  ]);
  const charges =
    totals && order.shippingMethod
      ? [
          [`Shipping (${order.shippingMethod.name})`, '', formatDollars(order.shipping)],
          ['Tax', '', formatDollars(order.taxTotal)],
        ]
      : [];
  return {
    columns: ['Part', 'Each', 'Amount'],
    rows: [...rows, ...charges],
    total: totals
      ? [
          order.shippingMethod ? 'Total' : 'Parts',
          '',
          formatDollars(order.shippingMethod ? order.grandTotal : order.totalPrice),
        ]
      : undefined,
    numeric: [1, 2],
  };
}

/** The button of a mail about an order: its page in My Orders (the mailer adds PUBLIC_URL). */
export const seeOrder = (orderId: string) => ({
  label: 'See your order',
  url: toPath(sitePaths.orderDetail, { orderid: orderId }),
});

/** An unpaid card order's button: straight to paying it. */
const payOrder = (orderId: string) => ({
  label: 'Pay for your order',
  url: toPath(sitePaths.payment, { orderid: orderId }),
});

export const quoteIt = (order: Order) =>
  `Your order number is #${order.number}: quote it when you write to us about this order.`;

export const orderPlacedMail = (order: Order) =>
  composeMail(customer(order), `${orderRef(order.number)} placed: ${orderTitle(order)}`, {
    heading: `Thank you for ${orderRef(order.number)}`,
    paragraphs: [`We have reserved the parts of ${orderRef(order.number)} for you:`],
    table: orderTable(order),
    after: [
      order.shippingMethod
        ? `With ${order.shippingMethod.name} shipping (${formatDollars(order.shipping)}) and tax (${formatDollars(order.taxTotal)}): ${formatDollars(order.grandTotal)} in all.`
        : `${formatDollars(order.totalPrice)} for the parts; choose where to ship it, and shipping and tax are added.`,
      order.paymentMethod === 'account' && order.invoiceNumber
        ? `It is charged to your company's account: invoice ${order.invoiceNumber}${order.poNumber ? ` (PO ${order.poNumber})` : ''}, due ${order.dueAt?.slice(0, 10) ?? ''}. We ship it soon.`
        : order.status === 'awaiting_approval'
          ? "It is over your spending limit, so it waits for your company's owner or an admin to approve it; we hold the parts meanwhile and write to you once they decide."
          : 'Pay for it from My Orders in your dashboard; we ship once it is paid.',
      quoteIt(order),
    ],
    action:
      order.status === 'unpaid' && order.shippingMethod ? payOrder(order._id) : seeOrder(order._id),
  });

/** One parcel on its way: what it carries, the carrier, the tracking number and link. */
export const shipmentMail = (order: Order, shipment: Shipment) => {
  const all = order.status === 'shipped' && order.shipments.length === 1;
  const parcels = order.shipments.length;
  const first = shipment.lines[0];
  // The subject names the parcel in a few words; its contents are the mail's table.
  const what =
    shipment.lines.length === 1 && first ? partText(first) : `${shipment.lines.length} parts`;
  return composeMail(
    customer(order),
    all
      ? `${orderRef(order.number)} shipped: ${orderTitle(order)}`
      : order.status === 'shipped'
        ? `${orderRef(order.number)} has shipped: ${parcels} parcels`
        : `${orderRef(order.number)} parcel shipped: ${what}`,
    {
      heading: all
        ? `${orderRef(order.number)} is on its way`
        : `A parcel of ${orderRef(order.number)} is on its way`,
      paragraphs: [
        `${all ? orderRef(order.number) : `A parcel of ${orderRef(order.number)}`} has left our warehouse with ${shipment.carrier}.`,
        // The shop's own van has no tracking number ('—'): no line then.
        ...(/\w/.test(shipment.trackingNumber)
          ? [`Tracking number: ${shipment.trackingNumber}`]
          : []),
      ],
      table: {
        columns: ['In this parcel'],
        rows: shipment.lines.map((l) => [partText(l)]),
      },
      after: [
        order.status === 'shipped'
          ? 'That is everything you ordered: My Orders in your dashboard shows it as Shipped.'
          : 'The rest follows in another parcel; My Orders in your dashboard shows what has shipped.',
        quoteIt(order),
      ],
      action: shipment.trackingUrl
        ? { label: 'Track your parcel', url: shipment.trackingUrl }
        : seeOrder(order._id),
    },
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
    {
      heading: `Thank you: ${orderRef(order.number)} is paid`,
      paragraphs: [
        `We have received ${formatDollars(centsToDollars(order.amountTotalCents ?? order.grandTotalCents))} for ${orderRef(order.number)}, ${describeOrder(order)}.`,
        ...(atHoldEnd
          ? [
              'Your payment went through while the order was still held for you, so the order is paid and its parts stay reserved; it does not expire.',
            ]
          : []),
        `Transaction: ${order.transactionId ?? ''}`,
      ],
      action: seeOrder(order.id),
    },
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
  composeMail(customer(order), `${orderRef(order.number)} cancelled: ${orderTitle(order)}`, {
    heading: `${orderRef(order.number)} is cancelled`,
    paragraphs: [`We have cancelled ${orderRef(order.number)}:`],
    table: orderTable(order),
    after: [
      moneyBack(note.totalCents, refunded, note.totalCents === dollarsToCents(order.grandTotal)),
      `Credit note ${note.number}${order.invoiceNumber ? ` credits invoice ${order.invoiceNumber}` : ' is issued'}; download it from the order in My Orders.`,
      quoteIt(order),
    ],
    action: seeOrder(order._id),
  });

/** Some pieces of an order cancelled before they shipped: which, and the money going back. */
export const linesCancelledMail = (
  order: Order,
  note: { number: string; totalCents: number },
  refunded: boolean | 'account',
) => {
  const cancelled = order.creditNotes.find((n) => n.number === note.number);
  const contents = (cancelled?.lines ?? []).map(partText);
  return composeMail(
    customer(order),
    `${orderRef(order.number)}: ${contents.length === 1 ? contents[0] : `${contents.length} lines`} cancelled`,
    {
      heading: `Part of ${orderRef(order.number)} is cancelled`,
      paragraphs: [
        `We have cancelled these parts of ${orderRef(order.number)}; the rest of the order stands.`,
      ],
      table: { columns: ['Cancelled'], rows: contents.map((c) => [c]) },
      after: [
        moneyBack(note.totalCents, refunded, false),
        `Credit note ${note.number}${order.invoiceNumber ? ` credits invoice ${order.invoiceNumber}` : ' is issued'}; download it from the order in My Orders.`,
        quoteIt(order),
      ],
      action: seeOrder(order._id),
    },
  );
};

/** What a receipt allocated to one line of an order: `quantity` of the line's `ordered`. */
export type BackorderArrival = {
  orderId: string;
  number: number;
  email: string;
  userName: string;
  productName: string;
  quantity: number;
  ordered: number;
  /** Still awaited on the line after this receipt. */
  left: number;
  shipTogether: boolean;
};

/** "3 of your 12 × Torque Wrench are in": the buyer hears of each allocation to their order. */
export const backorderArrivedMail = (a: BackorderArrival) => {
  const said = `${a.quantity} of your ${a.ordered} × ${a.productName} ${a.quantity === 1 ? 'is' : 'are'} in`;
  return composeMail({ email: a.email, name: a.userName }, `${orderRef(a.number)}: ${said}`, {
    heading: `Parts for ${orderRef(a.number)} have arrived`,
    paragraphs: [
      `${said}: we have put them aside for ${orderRef(a.number)}.`,
      a.left > 0
        ? `${a.left} more ${a.left === 1 ? 'is' : 'are'} still on backorder; we write again when they arrive.`
        : 'That is all of them.',
      a.shipTogether
        ? 'You asked for the order to ship together, so it ships once every part is in.'
        : 'We ship what is in as soon as the order is paid.',
      `Your order number is #${a.number}: quote it when you write to us about this order.`,
    ],
    action: seeOrder(a.orderId),
  });
};
