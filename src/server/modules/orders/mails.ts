import { formatDollars } from '../../../contract/money.ts';
import type { Order, OrderLine } from '../../../contract/orders.ts';
import { composeMail } from '../../mail/compose.ts';

/** "20 × Chain whip", or "3 parts: …" for an order of several. */
const orderTitle = (order: Order) =>
  order.price === null ? order.name : `${order.quantity} × ${order.name}`;

const customer = (order: Order) => ({ email: order.email, name: order.userName });

const lineText = (line: OrderLine) =>
  `${line.quantity} × ${line.name} (${line.sku}) at ${formatDollars(line.unitPrice)} each: ${formatDollars(line.lineTotal)}`;

export const orderPlacedMail = (order: Order) =>
  composeMail(customer(order), `Order placed: ${orderTitle(order)}`, [
    `We have reserved ${order.lines.map(lineText).join('; ')}. ${formatDollars(order.totalPrice)} in all.`,
    'Pay for it from My Orders in your dashboard; we ship once it is paid.',
    `Order number: ${order._id}`,
  ]);
