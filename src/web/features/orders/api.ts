import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Order, OrderInput } from '../../../contract/orders.ts';
import { authApi, call, type Call } from '../../lib/api-client.ts';
import type { FormRule } from '../../lib/form-action.ts';
import { readAccessToken } from '../../lib/auth-client.ts';
import { completeSignIn } from '../../lib/session.ts';
import { toolKeys } from '../catalog/api.ts';
import { companyKeys } from '../company/company-api.ts';

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
export type PlaceOrderInput = OrderInput &
  Pick<Order, 'name' | 'price' | 'totalPrice' | 'userName'>;

/** Place Order's one rule (lib/form-action.ts): the purchase page's action submits it too. */
export const placeOrderRule: FormRule<OrderInput, Order> = {
  schema: async () => (await import('../../../contract/orders.ts')).placeOrderForm,
  submit: (api, input) => api.call('POST /api/orders', { body: input }),
};

export const placeOrder = (input: PlaceOrderInput) =>
  placeOrderRule.submit({ call, authApi }, input);

export const fetchOrder = (id: string, signal?: AbortSignal, via = call) =>
  via('GET /api/order/:id', { params: { id }, signal });

export const orderQuery = (id: string, via: Call = call) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => fetchOrder(id, signal, via),
  });

export const useOrder = (id: string) => useQuery(orderQuery(id));

/**
 * A request that places an order, by whichever way (the purchase page, checkout, a quote
 * accepted), and the one list of what that changes: what the way itself changes (`also`, the
 * cart's or the quotes' keys), then the stock shown, the orders, and the company's credit (a charge to
 * its account). A refusal may mean the stock moved, so these are refreshed either way. Not
 * awaited, so the page moves on without waiting for the refetch.
 */
export function useOrderPlacing<Input, Result>(
  mutationFn: (input: Input) => Promise<Result>,
  also?: { all: readonly unknown[] },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => {
      for (const keys of [also, toolKeys, orderKeys, companyKeys]) {
        if (keys) void queryClient.invalidateQueries({ queryKey: keys.all });
      }
    },
  });
}

export const usePlaceOrder = () => useOrderPlacing(placeOrder);

/**
 * Spec §5 wants the stored accessToken on this call and a sign-out when it is missing. Our
 * token is short-lived and renewable, so a missing one is fetched again the way every sign-in
 * does (POST /api/login); if the session behind it is gone, that call answers 401 and the
 * central handler signs the user out and sends them to /login.
 */
async function bearerFor(email: string) {
  const stored = readAccessToken();
  if (stored) return stored;
  await completeSignIn(email);
  return readAccessToken();
}

export async function fetchMyOrders(email: string, signal?: AbortSignal) {
  const token = await bearerFor(email);
  // Storage switched off leaves no token; the session cookie still proves who is asking.
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  return call('GET /api/orders', { query: { email }, signal, headers });
}

export const myOrdersQuery = (email: string) =>
  queryOptions({
    queryKey: orderKeys.mine(email),
    queryFn: ({ signal }) => fetchMyOrders(email, signal),
  });

export const useMyOrders = (email: string) => useQuery(myOrdersQuery(email));

export const deleteOrder = (id: string) => call('DELETE /api/orders/:id', { params: { id } });

/** Shared by My Orders and Manage All Orders: a deleted unpaid order gives its stock back. */
export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrder,
    // A refusal (already paid, already gone) also means the list on screen is out of date.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      void queryClient.invalidateQueries({ queryKey: toolKeys.all });
    },
  });
}
