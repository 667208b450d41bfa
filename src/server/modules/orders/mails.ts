import { formatDollars } from '../../../contract/money.ts';
import type { Order } from '../../../contract/orders.ts';
import { composeMail } from '../../mail/compose.ts';

const customer = (order: Order) => ({ email: order.email, name: order.userName });

export const orderPlacedMail = (order: Order) =>
  composeMail(customer(order), `Order placed: ${order.quantity} × ${order.name}`, [
    `We have reserved ${order.quantity} × ${order.name} at ${formatDollars(order.price)} each, ${formatDollars(order.totalPrice)} in all.`,
    'Pay for it from My Orders in your dashboard; we ship once it is paid.',
    `Order number: ${order._id}`,
  ]);
