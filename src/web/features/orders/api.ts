import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Order } from '../../../contract/orders.ts';
import { api } from '../../lib/api-client.ts';
import { toolKeys } from '../catalog/api.ts';

/**
 * Every order query lives under ['orders'], so one invalidation of `orderKeys.all` refreshes
 * the purchase flow, the payment page and the dashboard tables together.
 */
export const orderKeys = {
  all: ['orders'] as const,
  mine: (email: string) => ['orders', 'mine', email] as const,
  everyone: (filter: object = {}) => ['orders', 'everyone', filter] as const,
  detail: (id: string) => ['orders', 'detail', id] as const,
};

/** POST /orders as the spec's client sends it; the server recomputes name, price and totals. */
export type PlaceOrderInput = {
  productId: string;
  quantity: number;
  email: string;
  name: string;
  price: number;
  totalPrice: number;
  userName: string;
};

export const placeOrder = (input: PlaceOrderInput) =>
  api<Order>('/orders', { method: 'POST', body: input });

export const fetchOrder = (id: string, signal?: AbortSignal) =>
  api<Order>(`/order/${encodeURIComponent(id)}`, { signal });

export const orderQuery = (id: string) =>
  queryOptions({ queryKey: orderKeys.detail(id), queryFn: ({ signal }) => fetchOrder(id, signal) });

export const useOrder = (id: string) => useQuery(orderQuery(id));

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    // Placing reserves stock, and a refusal may mean the stock moved: refresh both either way.
    // Not awaited, so the page moves on without waiting for the refetch.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: toolKeys.all });
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}
