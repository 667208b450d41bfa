import type { ReadCache } from '../../cache/read-cache.ts';
import type { Db } from '../../db/client.ts';
import type { Handlers } from '../../http/handler.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { ShopEvents } from '../../metrics/shop-metrics.ts';
import { orderPlacedMail } from '../../modules/orders/mails.ts';
import type { OrderLimits } from '../../modules/orders/repository.ts';
import type { PaymentProvider } from '../../modules/payments/providers/provider.ts';
import { mailApprovers } from '../steps/hold-for-approval.ts';
import { quoteCart } from './cart-delivery.ts';
import { checkout } from './checkout.ts';
import { deleteOrder } from './delete-order.ts';
import { quoteOrder } from './order-delivery.ts';
import { placeOrder } from '../steps/place-order.ts';
import { reorder } from './reorder.ts';
import { setOrderShipping } from './set-order-shipping.ts';

type Deps = {
  db: Db;
  cache: ReadCache;
  mailer: Mailer;
  provider: PaymentProvider;
  limits: OrderLimits;
  events: ShopEvents;
};

/** The endpoints whose work crosses modules: ordering, from the purchase page or the cart. */
export const orderFlowHandlers = (
  deps: Deps,
): Handlers<
  | 'placeOrder'
  | 'deleteOrder'
  | 'checkout'
  | 'reorder'
  | 'cartQuote'
  | 'orderQuote'
  | 'setOrderShipping'
> => ({
  placeOrder: async ({ user, body, request }) => {
    const placed = await placeOrder(deps, user, body);
    // The order stands even if the mail cannot go out; the log says so.
    deps.mailer.send(orderPlacedMail(placed)).catch((err: unknown) => {
      request.log.error({ err, orderId: placed._id }, 'order mail failed');
    });
    mailApprovers({ ...deps, log: request.log }, placed);
    return placed;
  },
  deleteOrder: async ({ user, params, request }) => {
    const row = await deleteOrder({ ...deps, log: request.log }, user, params.id);
    return { deleted: true as const, _id: row.id, name: row.productName };
  },
  checkout: async ({ user, headers, body, request }) => {
    const { order, placedNow } = await checkout(deps, user, headers['idempotency-key'], body);
    // A repeated key answers with the order again, but the mail went out once.
    if (placedNow) {
      deps.mailer.send(orderPlacedMail(order)).catch((err: unknown) => {
        request.log.error({ err, orderId: order._id }, 'order mail failed');
      });
      mailApprovers({ ...deps, log: request.log }, order);
    }
    return order;
  },
  reorder: ({ user, params }) => reorder(deps.db, user, params.id),
  cartQuote: ({ user, query }) => quoteCart(deps.db, user.id, query),
  orderQuote: ({ user, params, query }) => quoteOrder(deps.db, user.id, params.id, query),
  setOrderShipping: ({ user, params, body }) => setOrderShipping(deps, user, params.id, body),
});
