import type { AllOrdersQuery } from '../../../contract/orders.ts';
import { call } from '../../lib/api-client.ts';
import { useListWrite, usePagedQuery } from '../../lib/paged-query.ts';
import { orderKeys } from './api.ts';

// Manage All Orders: GET /allorders and PATCH /orders/{id}/ship (admins). Deleting an order
// is the customer's call too, so it lives in features/orders/api.ts.

export type OrderStatus = AllOrdersQuery['status'];
export type OrderSearch = AllOrdersQuery;

export const useAllOrders = (search: OrderSearch) =>
  usePagedQuery(orderKeys.everyone(search), (signal) =>
    call('GET /api/allorders', { query: search, signal }),
  );

export const useShipOrder = () =>
  useListWrite(
    (id: string) => call('PATCH /api/orders/:id/ship', { params: { id } }),
    () => [orderKeys.all],
  );
