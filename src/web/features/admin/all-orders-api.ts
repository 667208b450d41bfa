import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { AllOrdersList, Order, orderStatuses } from '../../../contract/orders.ts';
import { api } from '../../lib/api-client.ts';
import { orderKeys } from '../orders/api.ts';
import { toQueryString } from './list-params.ts';

// Manage All Orders: GET /allorders and PATCH /orders/{id}/ship (admins). Deleting an order
// is the customer's call too, so it lives in features/orders/api.ts.

export type OrderStatus = (typeof orderStatuses)[number];
export type OrderSearch = { status: OrderStatus; page: number; limit: number };

const allOrdersQuery = (search: OrderSearch) =>
  queryOptions({
    queryKey: orderKeys.everyone(search),
    queryFn: ({ signal }) => api<AllOrdersList>(`/allorders${toQueryString(search)}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const useAllOrders = (search: OrderSearch) => useQuery(allOrdersQuery(search));

export function useShipOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<Order>(`/orders/${encodeURIComponent(id)}/ship`, { method: 'PATCH' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
