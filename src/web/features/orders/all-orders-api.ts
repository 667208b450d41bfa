import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { AllOrdersQuery } from '../../../contract/orders.ts';
import { call } from '../../lib/api-client.ts';
import { orderKeys } from './api.ts';

// Manage All Orders: GET /allorders and PATCH /orders/{id}/ship (admins). Deleting an order
// is the customer's call too, so it lives in features/orders/api.ts.

export type OrderStatus = AllOrdersQuery['status'];
export type OrderSearch = AllOrdersQuery;

const allOrdersQuery = (search: OrderSearch) =>
  queryOptions({
    queryKey: orderKeys.everyone(search),
    queryFn: ({ signal }) => call('GET /api/allorders', { query: search, signal }),
    placeholderData: keepPreviousData,
  });

export const useAllOrders = (search: OrderSearch) => useQuery(allOrdersQuery(search));

export function useShipOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call('PATCH /api/orders/:id/ship', { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
