import { assertOwnEmail } from '../../auth/ownership.ts';
import type { ReadCache } from '../../cache/read-cache.ts';
import type { Db } from '../../db/client.ts';
import type { Handlers } from '../../http/handler.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { ShopEvents } from '../../metrics/shop-metrics.ts';
import type { PaymentProvider } from '../../payments/provider.ts';
import { orderPlacedMail } from './mails.ts';
import {
  browseAllOrders,
  deleteOrder,
  orderFor,
  ordersOf,
  placeOrder,
  presentOrder,
  shipOrder,
} from './service.ts';
import type { OrderLimits } from './repository.ts';

type OrderEndpoints =
  'placeOrder' | 'myOrders' | 'getOrder' | 'deleteOrder' | 'allOrders' | 'shipOrder';

type Deps = {
  db: Db;
  cache: ReadCache;
  mailer: Mailer;
  provider: PaymentProvider;
  limits: OrderLimits;
  events: ShopEvents;
};

export const orderHandlers = ({
  db,
  cache,
  mailer,
  provider,
  limits,
  events,
}: Deps): Handlers<OrderEndpoints> => ({
  placeOrder: async ({ user, body, request }) => {
    const placed = await placeOrder({ db, cache, limits, events }, user, body);
    // The order stands even if the mail cannot go out; the log says so.
    mailer.send(orderPlacedMail(placed)).catch((err: unknown) => {
      request.log.error({ err, orderId: placed._id }, 'order mail failed');
    });
    return placed;
  },
  myOrders: async ({ user, query }) => {
    // The email names whose list is asked for; the account decides which orders are in it.
    assertOwnEmail(user, query.email);
    return { data: await ordersOf(db, user.id) };
  },
  getOrder: async ({ user, params }) => presentOrder(db, await orderFor(db, user, params.id)),
  deleteOrder: async ({ user, params, request }) => {
    const deps = { db, cache, provider, mailer, log: request.log, events };
    const row = await deleteOrder(deps, user, params.id);
    return { deleted: true as const, _id: row.id, name: row.productName };
  },
  allOrders: ({ query }) => browseAllOrders(db, query),
  shipOrder: ({ user, params, request }) =>
    shipOrder({ db, mailer, log: request.log }, user, params.id),
});
