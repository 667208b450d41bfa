import type { Db } from '../../db/client.ts';
import type { Handlers } from '../../http/handler.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { presentOrder } from './present.ts';
import { browseAllOrders, orderById, ordersOf } from './service.ts';
import { addShipment, shipEverythingLeft } from './ship.ts';

type OrderEndpoints = 'myOrders' | 'getOrder' | 'allOrders' | 'shipOrder' | 'addShipment';

export const orderHandlers = ({
  db,
  mailer,
}: {
  db: Db;
  mailer: Mailer;
}): Handlers<OrderEndpoints> => ({
  // The email names whose list is asked for (the guard checks it is the caller's); the account
  // decides which orders are in it.
  myOrders: async ({ user }) => ({ data: await ordersOf(db, user.id) }),
  getOrder: async ({ params }) => presentOrder(db, await orderById(db, params.id)),
  allOrders: ({ query }) => browseAllOrders(db, query),
  shipOrder: ({ user, params, body, request }) =>
    shipEverythingLeft({ db, mailer, log: request.log }, user, params.id, body),
  addShipment: ({ user, params, body, request }) =>
    addShipment({ db, mailer, log: request.log }, user, params.id, body),
});
