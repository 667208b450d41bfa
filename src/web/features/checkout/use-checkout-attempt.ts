import { useRef } from 'react';
import { useNavigate } from 'react-router';
import type { Cart } from '../../../contract/cart.ts';
import type { Order } from '../../../contract/orders.ts';
import { sitePaths, toPath } from '../../../contract/site-paths.ts';
import { ApiError } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';
import { useCheckout, type Delivery } from '../cart/api.ts';
import { newIdempotencyKey } from '../../lib/idempotency-key.ts';

/**
 * What one attempt orders: the same lines and quantities, shipped to the same address by the
 * same method and billed to the same address, are the same attempt.
 */
const contentsOf = (cart: Cart, delivery: Delivery) =>
  [
    cart.lines.map((line) => `${line.productId}:${line.quantity}`).join(','),
    delivery.shippingAddressId,
    delivery.shippingMethodId,
    delivery.billingAddressId,
    delivery.paymentMethod,
    delivery.poNumber,
  ].join('|');

/**
 * Where a placed order goes next, and what the toast says: an unpaid one to its payment page;
 * one charged to the account, or waiting for approval, to its own page.
 */
export function placedAnswer(order: Pick<Order, '_id' | 'status' | 'paymentMethod'>) {
  if (order.status === 'awaiting_approval') {
    return {
      to: toPath(sitePaths.orderDetail, { orderid: order._id }),
      message:
        "Order placed: it is over your spending limit and waits for your company's approval.",
    };
  }
  if (order.status === 'unpaid') {
    return {
      to: toPath(sitePaths.payment, { orderid: order._id }),
      message: 'Order Placed Success',
    };
  }
  return {
    to: toPath(sitePaths.orderDetail, { orderid: order._id }),
    message:
      order.paymentMethod === 'account'
        ? 'Order placed and charged to your account.'
        : 'Order Placed Success',
  };
}

/**
 * Checkout with one Idempotency-Key per attempt. A second click, or a retry after a failure
 * whose outcome is unknown (the connection dropped), sends the key again, so the server
 * answers with the order it may already have placed instead of placing a second. A changed
 * cart is a new attempt with a new key. Success goes to the payment page of the order.
 * Used by the page itself, not the part showing the lines: an emptied cart unmounts that.
 */
export function useCheckoutAttempt() {
  const checkout = useCheckout();
  const navigate = useNavigate();
  const attempt = useRef<{ key: string; contents: string; delivery: Delivery } | null>(null);
  // Set at once, not on the next render: a double click's second click comes before that.
  const sending = useRef(false);

  const send = (key: string, delivery: Delivery) => {
    sending.current = true;
    checkout.mutate(
      { key, delivery },
      {
        onSettled: () => {
          sending.current = false;
        },
        onSuccess: (order) => {
          attempt.current = null;
          const { to, message } = placedAnswer(order);
          notify('success', message);
          void navigate(to);
        },
      },
    );
  };

  const start = (cart: Cart, delivery: Delivery) => {
    if (sending.current) return;
    const contents = contentsOf(cart, delivery);
    if (attempt.current?.contents !== contents) {
      attempt.current = { key: newIdempotencyKey(), contents, delivery };
    }
    send(attempt.current.key, delivery);
  };

  /** The last attempt again, whatever the cart shows now: its key finds the order if placed. */
  const retry = () => {
    if (sending.current || !attempt.current) return;
    send(attempt.current.key, attempt.current.delivery);
  };

  const { error } = checkout;

  return {
    start,
    pending: checkout.isPending,
    /** Placed: the cart is now empty and the payment page is on its way. */
    placed: checkout.isSuccess,
    error,
    /**
     * The last try got no answer (connection lost, server error): the order may exist. Its
     * cart then reads empty, and only sending the same key again tells.
     */
    unconfirmed: error instanceof ApiError && (error.status === 0 || error.status >= 500),
    retry,
  };
}
