import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { OrderShippingInput } from '../../../contract/order-delivery.ts';
import type { DeliveryEstimateQuery } from '../../../contract/order-totals.ts';
import type { Order } from '../../../contract/orders.ts';
import type { TestCardInput } from '../../../contract/payments.ts';
import { savedCardKeys } from './saved-cards-api.ts';
import { call } from '../../lib/api-client.ts';
import { orderKeys } from '../orders/api.ts';

// Kept apart from orderKeys: invalidating the orders after a payment must not ask for a new
// intent for the order that was just paid.
export const paymentKeys = {
  intent: (orderId: string) => ['payment-intent', orderId] as const,
  // Apart too: once the order is paid there is nothing to quote (409), so a refresh of the
  // orders must not ask again.
  quote: (orderId: string, query: DeliveryEstimateQuery) =>
    ['order-quote', orderId, query] as const,
};

export const createPaymentIntent = (order: Pick<Order, '_id' | 'totalPrice'>) =>
  call('POST /api/create-payment-intent', {
    body: { orderId: order._id, totalPrice: order.totalPrice },
  });

/**
 * The server answers the same open intent for the same order and amount, so asking again
 * (a reload, a second tab) never starts a second charge.
 */
export const paymentIntentQuery = (order: Pick<Order, '_id' | 'totalPrice'>) =>
  queryOptions({
    queryKey: paymentKeys.intent(order._id),
    queryFn: () => createPaymentIntent(order),
    staleTime: Infinity,
    gcTime: 0,
  });

export const usePaymentIntent = (order: Order) =>
  useQuery({ ...paymentIntentQuery(order), enabled: !order.paid });

/** The built-in test processor (provider 'test'): Stripe's test cards, no network. */
export const confirmTestCard = (input: TestCardInput) =>
  call('POST /api/payments/test/confirm', { body: input });

/** The test processor's 3-D Secure page, completed or failed by the buyer. */
export const authenticateTestCard = (clientSecret: string, outcome: 'complete' | 'fail') =>
  call('POST /api/payments/test/authenticate', { body: { clientSecret, outcome } });

/**
 * PATCH /order/{id}: the server checks with the provider before it marks the order paid;
 * `keepCard`, and the card was confirmed to be kept, keeps it for the buyer.
 */
export const recordPayment = (
  order: Pick<Order, '_id' | 'totalPrice'>,
  { id: transactionId, keepCard }: PaidIntent,
) =>
  call('PATCH /api/order/:id', {
    params: { id: order._id },
    body: { orderId: order._id, transactionId, amountTotal: order.totalPrice, keepCard },
  });

/** The intent a card form confirmed, and whether the buyer asked to keep the card. */
export type PaidIntent = { id: string; keepCard?: boolean };

/** What a card form hands over: confirm the card with the provider, answer the intent. */
export type ConfirmCard = () => Promise<PaidIntent>;

/**
 * Pays an order: the card form confirms with the provider, then the server records it. One
 * mutation for both, so the form shows one pending state and one error line.
 */
export function usePayOrder(order: Order) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (confirmCard: ConfirmCard) => recordPayment(order, await confirmCard()),
    onSuccess: (paid) => {
      queryClient.setQueryData(orderKeys.detail(paid._id), paid);
      queryClient.removeQueries({ queryKey: paymentKeys.intent(paid._id) });
      // A card kept with this payment shows in My Profile and on the next order.
      void queryClient.invalidateQueries({ queryKey: savedCardKeys.all });
    },
    // Paid or not, the lists (My Orders, the payment badge) must show the server's answer.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}

/** GET /orders/{id}/delivery: the unpaid order priced for an address and a method, before saving. */
export const orderDeliveryQuery = (orderId: string, query: DeliveryEstimateQuery) =>
  queryOptions({
    queryKey: paymentKeys.quote(orderId, query),
    queryFn: ({ signal }) =>
      call('GET /api/orders/:id/delivery', { params: { id: orderId }, query, signal }),
  });

/** `keep`: while another choice is priced, the last quote stays on screen. */
export const useOrderQuote = (orderId: string, query: DeliveryEstimateQuery, keep = false) =>
  useQuery({
    ...orderDeliveryQuery(orderId, query),
    enabled: Boolean(query.shippingAddressId),
    placeholderData: keep ? keepPreviousData : undefined,
  });

/** PUT /orders/{id}/shipping: where an unpaid order goes and how; it is priced again. */
export const setOrderShipping = ({ orderId, ...body }: { orderId: string } & OrderShippingInput) =>
  call('PUT /api/orders/:id/shipping', { params: { id: orderId }, body });

/** The order comes back priced again; an intent asked for before is for the old amount. */
export function useSetOrderShipping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setOrderShipping,
    onSuccess: (order) => {
      queryClient.removeQueries({ queryKey: paymentKeys.intent(order._id) });
      queryClient.setQueryData(orderKeys.detail(order._id), order);
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}
