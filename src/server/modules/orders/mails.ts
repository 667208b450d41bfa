import { centsToDollars, formatDollars } from '../../../contract/money.ts';
import type { Order, OrderLine } from '../../../contract/orders.ts';
import { composeMail, orderRef } from '../../mail/compose.ts';
import { describeOrder } from './present.ts';
import type { OrderRow } from './repository.ts';

/** "20 × Chain whip", or "3 parts: …" for an order of several. */
const orderTitle = (order: Order) =>
  order.price === null ? order.name : `${order.quantity} × ${order.name}`;

const customer = (order: Order) => ({ email: order.email, name: order.userName });

const lineText = (line: OrderLine) =>
  `${line.quantity} × ${line.name} (${line.sku}) at ${formatDollars(line.unitPrice)} each: ${formatDollars(line.lineTotal)}`;

const quoteIt = (order: Order) =>
  `Your order number is #${order.number}: quote it when you write to us about this order.`;

export const orderPlacedMail = (order: Order) =>
  composeMail(customer(order), `${orderRef(order.number)} placed: ${orderTitle(order)}`, [
    `We have reserved ${order.lines.map(lineText).join('; ')}. ${formatDollars(order.totalPrice)} in all.`,
    'Pay for it from My Orders in your dashboard; we ship once it is paid.',
    quoteIt(order),
  ]);

export const orderShippedMail = (order: Order) =>
  composeMail(customer(order), `${orderRef(order.number)} shipped: ${orderTitle(order)}`, [
    `${orderRef(order.number)} has left our warehouse: ${order.lines.map(lineText).join('; ')}.`,
    'My Orders in your dashboard shows it as Shipped.',
    quoteIt(order),
  ]);

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
