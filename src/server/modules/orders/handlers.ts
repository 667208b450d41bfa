import { assertOwnEmail } from '../../auth/ownership.ts';
import type { Db } from '../../db/client.ts';
import type { Handlers } from '../../http/handler.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { presentOrder } from './present.ts';
import { browseAllOrders, orderFor, ordersOf, shipOrder } from './service.ts';

type OrderEndpoints = 'myOrders' | 'getOrder' | 'allOrders' | 'shipOrder';

export const orderHandlers = ({
  db,
  mailer,
}: {
  db: Db;
  mailer: Mailer;
}): Handlers<OrderEndpoints> => ({
  myOrders: async ({ user, query }) => {
    // The email names whose list is asked for; the account decides which orders are in it.
    assertOwnEmail(user, query.email);
    return { data: await ordersOf(db, user.id) };
  },
  getOrder: async ({ user, params }) => presentOrder(db, await orderFor(db, user, params.id)),
  allOrders: ({ query }) => browseAllOrders(db, query),
  shipOrder: ({ user, params, request }) =>
    shipOrder({ db, mailer, log: request.log }, user, params.id),
});
