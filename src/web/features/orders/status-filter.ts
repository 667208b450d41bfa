import type { OrderPayment } from '../../../contract/orders.ts';
import type { OrderStatus } from './all-orders-api.ts';

type Option<T> = { value: T; label: string };

/** The desk's Status filter, and the statuses its address may name (?status=…). */
export const deskStatuses: Option<OrderStatus>[] = [
  { value: 'all', label: 'All' },
  { value: 'to_ship', label: 'To ship' },
  { value: 'ready_to_ship', label: 'Ready to ship' },
  { value: 'backordered', label: 'Backordered' },
  { value: 'awaiting_approval', label: 'Awaiting approval' },
  { value: 'unpaid', label: 'Unpaid' },
  { value: 'paid', label: 'Paid' },
  { value: 'partially_shipped', label: 'Partly shipped' },
  { value: 'shipped', label: 'Shipped' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'expired', label: 'Expired' },
  { value: 'rejected', label: 'Rejected' },
];

/** The desk's Payment filter (?payment=…). */
export const deskPayments: Option<OrderPayment>[] = [
  { value: 'card', label: 'Card' },
  { value: 'account', label: 'Account' },
  { value: 'unpaid', label: 'Unpaid' },
];
