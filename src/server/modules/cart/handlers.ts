import type { ReadCache } from '../../cache/read-cache.ts';
import type { Db } from '../../db/client.ts';
import type { Handlers } from '../../http/handler.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { ShopEvents } from '../../metrics/shop-metrics.ts';
import { orderPlacedMail } from '../orders/mails.ts';
import type { OrderLimits } from '../orders/repository.ts';
import { checkout } from './checkout.ts';
import { reorder } from './reorder.ts';
import {
  addToCartLine,
  cartOf,
  emptyCart,
  quickAdd,
  removeCartLine,
  setCartLine,
} from './service.ts';

type CartEndpoints =
  | 'getCart'
  | 'setCartLine'
  | 'addToCartLine'
  | 'removeCartLine'
  | 'emptyCart'
  | 'quickAdd'
  | 'checkout'
  | 'reorder';

type Deps = {
  db: Db;
  cache: ReadCache;
  mailer: Mailer;
  limits: OrderLimits;
  events: ShopEvents;
};

export const cartHandlers = (deps: Deps): Handlers<CartEndpoints> => {
  const { db } = deps;
  return {
    getCart: ({ user }) => cartOf(db, user.id),
    setCartLine: ({ user, params, body }) => setCartLine(db, user, params.productId, body.quantity),
    addToCartLine: ({ user, params, body }) => addToCartLine(db, user, params.productId, body.add),
    removeCartLine: ({ user, params }) => removeCartLine(db, user, params.productId),
    emptyCart: ({ user }) => emptyCart(db, user),
    quickAdd: ({ user, body }) => quickAdd(db, user, body),
    checkout: async ({ user, headers, request }) => {
      const { order, placedNow } = await checkout(deps, user, headers['idempotency-key']);
      // A repeated key answers with the order again, but the mail went out once.
      if (placedNow) {
        deps.mailer.send(orderPlacedMail(order)).catch((err: unknown) => {
          request.log.error({ err, orderId: order._id }, 'order mail failed');
        });
      }
      return order;
    },
    reorder: ({ user, params }) => reorder(db, user, params.id),
  };
};
