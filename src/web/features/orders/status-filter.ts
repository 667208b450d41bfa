import { isOneOf, type FilterOption } from '../../components/segmented-filter.tsx';
import type { OrderStatus } from './all-orders-api.ts';

/** Manage All Orders' filter, and the statuses its address may name. */
export const orderStatuses: FilterOption<OrderStatus>[] = [
  { value: 'all', label: 'All' },
  { value: 'unpaid', label: 'Unpaid' },
  { value: 'paid', label: 'Paid' },
  { value: 'partially_shipped', label: 'Partly shipped' },
  { value: 'shipped', label: 'Shipped' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'expired', label: 'Expired' },
];

export const isOrderStatus = isOneOf(orderStatuses);
