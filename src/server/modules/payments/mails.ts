import { formatDollars } from '../../../contract/money.ts';
import type { Order } from '../../../contract/orders.ts';
import { composeMail } from '../../mail/compose.ts';

export const paymentReceivedMail = (order: Order) =>
  composeMail({ email: order.email, name: order.userName }, `Payment received for ${order.name}`, [
    `We have received ${formatDollars(order.amountTotal ?? order.totalPrice)} for ${order.quantity} × ${order.name}.`,
    `Transaction: ${order.transactionId ?? ''}`,
    `Order number: ${order._id}`,
  ]);
