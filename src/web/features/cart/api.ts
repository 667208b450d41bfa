import {
  queryOptions,
  useMutation,
  useMutationState,
  useQuery,
  useQueryClient,
  type MutationKey,
} from '@tanstack/react-query';
import type {
  AddToCartForm,
  Cart,
  CartLinesInput,
  CartLinesResult,
  QuickAddMode,
  QuickAddResult,
} from '../../../contract/cart.ts';
import type { CheckoutForm, Order } from '../../../contract/orders.ts';
import type { FormRule } from '../../lib/form-action.ts';
import { authApi, call, type Call } from '../../lib/api-client.ts';
import { useOrderPlacing } from '../orders/api.ts';

/**
 * The cart is one per account and lives on the server: one key, refreshed after every change.
 * The writes of one line carry keys of their own, so the cart page can tell which lines are
 * on their way (useLinesInFlight).
 */
export const cartKeys = {
  all: ['cart'] as const,
  setLine: ['cart', 'set-line'] as const,
  removeLine: ['cart', 'remove-line'] as const,
};

export const fetchCart = (signal?: AbortSignal, via = call) => via('GET /api/cart', { signal });

/** `via`: a loader's own calls (lib/page-context.ts); the browser's by default. */
export const cartQuery = (via: Call = call) =>
  queryOptions({ queryKey: cartKeys.all, queryFn: ({ signal }) => fetchCart(signal, via) });

/** The signed-in customer's cart; pass false while nobody is signed in. */
export const useCart = (enabled = true) => useQuery({ ...cartQuery(), enabled });

export const setCartLine = ({ productId, quantity }: { productId: string; quantity: number }) =>
  call('PUT /api/cart/lines/:productId', { params: { productId }, body: { quantity } });

/** Adds on top of what the cart holds, in one step on the server: no read, nothing overwritten. */
/** Add to cart's one rule (lib/form-action.ts): the product page's action submits it too. */
export const addToCartRule: FormRule<AddToCartForm, Cart> = {
  schema: async () => (await import('../../../contract/cart.ts')).addToCartForm,
  submit: (api, { productId, quantity }) =>
    api.call('PATCH /api/cart/lines/:productId', {
      params: { productId },
      body: { add: quantity },
    }),
};

export const removeCartLine = (productId: string) =>
  call('DELETE /api/cart/lines/:productId', { params: { productId } });

export const emptyCart = () => call('DELETE /api/cart');

/** The quick order's one rule (lib/form-action.ts): its page's action submits it too. */
export const quickAddRule: FormRule<{ text: string; mode: QuickAddMode }, QuickAddResult> = {
  schema: async () => (await import('../../../contract/cart.ts')).quickAddInput,
  submit: (api, input) => api.call('POST /api/cart/quick-add', { body: input }),
};

export const quickAdd = (input: { text: string; mode: QuickAddMode }) =>
  quickAddRule.submit({ call, authApi }, input);

/**
 * A size grid's one rule (lib/form-action.ts): every filled box a line of POST /cart/lines, each
 * going in on its own. The product page's action submits it too.
 */
export const sizeGridRule: FormRule<CartLinesInput, CartLinesResult> = {
  schema: async () => (await import('../../../contract/cart.ts')).sizeGridForm,
  submit: (api, input) => api.call('POST /api/cart/lines', { body: input }),
};

/** One checkout attempt: the same key is sent again when the same attempt is retried. */
/** Checkout's one rule (lib/form-action.ts): the cart page's action submits it too. */
export const checkoutRule: FormRule<CheckoutForm, Order> = {
  schema: async () => (await import('../../../contract/orders.ts')).checkoutForm,
  submit: (api, { attempt, ...delivery }) => sendCheckout(api.call, attempt, delivery),
};

export type Delivery = Partial<Omit<CheckoutForm, 'attempt'>>;

// Without a ship-to address the shop answers 400 "Choose where to ship".
const sendCheckout = (send: Call, attempt: string, delivery: Delivery) =>
  send('POST /api/checkout', { headers: { 'idempotency-key': attempt }, body: delivery });

export const checkout = (idempotencyKey: string, delivery: Delivery = {}) =>
  sendCheckout(call, idempotencyKey, delivery);

export const reorder = (orderId: string) =>
  call('POST /api/orders/:id/reorder', { params: { id: orderId } });

/** Every cart write answers with the whole cart: it goes straight into the cache. */
function useCartWrite<I, R>(
  write: (input: I) => Promise<R>,
  cartOf: (result: R) => Cart,
  mutationKey?: MutationKey,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey,
    mutationFn: write,
    onSuccess: (result) => queryClient.setQueryData(cartKeys.all, cartOf(result)),
    // A refusal may mean the cart changed on another device: read it again.
    onError: () => void queryClient.invalidateQueries({ queryKey: cartKeys.all }),
  });
}

const itself = (cart: Cart) => cart;

export const useSetCartLine = () => useCartWrite(setCartLine, itself, cartKeys.setLine);
export const useRemoveCartLine = () => useCartWrite(removeCartLine, itself, cartKeys.removeLine);
export const useEmptyCart = () => useCartWrite(emptyCart, itself);
export const useQuickAdd = () => useCartWrite(quickAdd, (result) => result.cart);
export const useReorder = () => useCartWrite(reorder, (result) => result.cart);
export const useAddCartLines = () =>
  useCartWrite(
    (input: CartLinesInput) => sizeGridRule.submit({ call, authApi }, input),
    (result) => result.cart,
  );

/**
 * Add to cart from a product card or page: on top of what the cart already holds of it, added
 * by the server, so an add from another tab or device at the same moment is kept too.
 */
export const useAddToCart = () =>
  useCartWrite((input: AddToCartForm) => addToCartRule.submit({ call, authApi }, input), itself);

/**
 * The lines whose change or removal is on its way to the server, by product: until it has
 * landed, the cart the server would check out is not the one on screen.
 */
export function useLinesInFlight() {
  const saving = useMutationState({
    filters: { mutationKey: cartKeys.setLine, status: 'pending' },
    select: (mutation) => (mutation.state.variables as Parameters<typeof setCartLine>[0]).productId,
  });
  const removing = useMutationState({
    filters: { mutationKey: cartKeys.removeLine, status: 'pending' },
    select: (mutation) => mutation.state.variables as string,
  });
  return { saving: new Set(saving), removing: new Set(removing) };
}

/** Checkout empties the cart and places an order holding stock. */
export const useCheckout = () =>
  useOrderPlacing(
    ({ key, delivery }: { key: string; delivery: Delivery }) => checkout(key, delivery),
    cartKeys,
  );
