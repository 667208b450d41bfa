import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Cart } from '../../../contract/cart.ts';
import { call } from '../../lib/api-client.ts';
import { toolKeys } from '../catalog/api.ts';
import { orderKeys } from '../orders/api.ts';

/** The cart is one per account and lives on the server: one key, refreshed after every change. */
export const cartKeys = { all: ['cart'] as const };

export const fetchCart = (signal?: AbortSignal) => call('GET /api/cart', { signal });

export const cartQuery = queryOptions({
  queryKey: cartKeys.all,
  queryFn: ({ signal }) => fetchCart(signal),
});

/** The signed-in customer's cart; pass false while nobody is signed in. */
export const useCart = (enabled = true) => useQuery({ ...cartQuery, enabled });

export const setCartLine = ({ productId, quantity }: { productId: string; quantity: number }) =>
  call('PUT /api/cart/lines/:productId', { params: { productId }, body: { quantity } });

/** Adds on top of what the cart holds, in one step on the server: no read, nothing overwritten. */
export const addToCartLine = ({ productId, quantity }: { productId: string; quantity: number }) =>
  call('PATCH /api/cart/lines/:productId', { params: { productId }, body: { add: quantity } });

export const removeCartLine = (productId: string) =>
  call('DELETE /api/cart/lines/:productId', { params: { productId } });

export const emptyCart = () => call('DELETE /api/cart');

export const quickAdd = (text: string) => call('POST /api/cart/quick-add', { body: { text } });

/** One checkout attempt: the same key is sent again when the same attempt is retried. */
export const checkout = (idempotencyKey: string) =>
  call('POST /api/checkout', { headers: { 'idempotency-key': idempotencyKey } });

export const reorder = (orderId: string) =>
  call('POST /api/orders/:id/reorder', { params: { id: orderId } });

/** Every cart write answers with the whole cart: it goes straight into the cache. */
function useCartWrite<I, R>(write: (input: I) => Promise<R>, cartOf: (result: R) => Cart) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (result) => queryClient.setQueryData(cartKeys.all, cartOf(result)),
    // A refusal may mean the cart changed on another device: read it again.
    onError: () => void queryClient.invalidateQueries({ queryKey: cartKeys.all }),
  });
}

const itself = (cart: Cart) => cart;

export const useSetCartLine = () => useCartWrite(setCartLine, itself);
export const useRemoveCartLine = () => useCartWrite(removeCartLine, itself);
export const useEmptyCart = () => useCartWrite(emptyCart, itself);
export const useQuickAdd = () => useCartWrite(quickAdd, (result) => result.cart);
export const useReorder = () => useCartWrite(reorder, (result) => result.cart);

/**
 * Add to cart from a product card or page: on top of what the cart already holds of it, added
 * by the server, so an add from another tab or device at the same moment is kept too.
 */
export const useAddToCart = () => useCartWrite(addToCartLine, itself);

/** Checkout empties the cart and places an order holding stock: refresh all three. */
export function useCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkout,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: cartKeys.all });
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      void queryClient.invalidateQueries({ queryKey: toolKeys.all });
    },
  });
}
