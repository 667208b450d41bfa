import type { DeliveryEstimateQuery } from '../../../contract/order-totals.ts';
import type { CurrentUser } from '../../auth/current-user.ts';
import type { ReadCache } from '../../cache/read-cache.ts';
import type { Db } from '../../db/client.ts';
import type { Handlers } from '../../http/handler.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { ShopEvents } from '../../metrics/shop-metrics.ts';
import type { OrderLimits } from '../../modules/orders/repository.ts';
import type { PaymentProvider } from '../../modules/payments/providers/provider.ts';
import { afterOrderPlaced } from '../steps/after-order-placed.ts';
import { mailApprovers } from '../steps/hold-for-approval.ts';
import { estimateCartDelivery } from './cart-delivery.ts';
import { checkout } from './checkout.ts';
import { deleteOrder } from './delete-order.ts';
import { estimateOrderDelivery } from './order-delivery.ts';
import { orderOneLine } from './order-one-line.ts';
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
  | 'cartDelivery'
  | 'cartQuote'
  | 'orderDelivery'
  | 'orderQuote'
  | 'setOrderShipping'
> => {
  // Each under its name and under the old one ("quote"), kept for one release.
  type Asked = { user: CurrentUser; query: DeliveryEstimateQuery };
  const cartDelivery = ({ user, query }: Asked) =>
    estimateCartDelivery(deps.db, user.id, query, deps.limits);
  const orderDelivery = ({ user, params, query }: Asked & { params: { id: string } }) =>
    estimateOrderDelivery(deps.db, user.id, params.id, query);
  return {
    placeOrder: async ({ user, body, request }) => {
      const placed = await orderOneLine(deps, user, body);
      afterOrderPlaced(deps, request.log, placed);
      return placed;
    },
    deleteOrder: async ({ user, params, request }) => {
      const row = await deleteOrder(
        { ...deps, log: request.log, approvalHoldHours: deps.limits.approvalHoldHours },
        user,
        params.id,
      );
      return { deleted: true as const, _id: row.id, name: row.productName };
    },
    checkout: async ({ user, headers, body, request }) => {
      const { order, placedNow } = await checkout(deps, user, headers['idempotency-key'], body);
      // A repeated key answers with the order again, but the mail went out once.
      if (placedNow) afterOrderPlaced(deps, request.log, order);
      return order;
    },
    reorder: ({ user, params }) => reorder(deps.db, user, params.id, deps.limits),
    cartDelivery,
    cartQuote: cartDelivery,
    orderDelivery,
    orderQuote: orderDelivery,
    setOrderShipping: async ({ user, params, body, request }) => {
      const log = request.log;
      const approvalHoldHours = deps.limits.approvalHoldHours;
      const order = await setOrderShipping(
        { ...deps, log, approvalHoldHours },
        user,
        params.id,
        body,
      );
      // Sent back for approval: the company's approvers hear of it, as of a new one.
      mailApprovers({ ...deps, log }, order);
      return order;
    },
  };
};
