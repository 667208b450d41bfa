import type { Db, Executor } from '../../db/client.ts';
import type { Handlers } from '../../http/handler.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { presentOrder } from './present.ts';
import type { OrderRow } from './repository.ts';
import { browseAllOrders, orderById, ordersOf } from './service.ts';
import { addShipment, shipEverythingLeft } from './ship.ts';
import { shipMany } from './bulk-ship.ts';

type OrderEndpoints =
  'myOrders' | 'getOrder' | 'allOrders' | 'shipOrder' | 'addShipment' | 'shipManyOrders';

export const orderHandlers = ({
  db,
  mailer,
  companyOf = async () => undefined,
  shipped,
}: {
  db: Db;
  mailer: Mailer;
  /** The company the account belongs to now (the companies module's, wired in by the app). */
  companyOf?: (userId: string) => Promise<string | undefined>;
  /** Run in a parcel's transaction (the app's webhook event, a flow this module cannot import). */
  shipped?: (tx: Executor, order: OrderRow) => Promise<void>;
}): Handlers<OrderEndpoints> => ({
  // The email names whose list is asked for (the guard checks it is the caller's); the account
  // decides which orders are in it: its own, and its company's while it is a member.
  myOrders: async ({ user }) => ({
    data: await ordersOf(db, user.id, await companyOf(user.id)),
  }),
  getOrder: async ({ params }) => presentOrder(db, await orderById(db, params.id)),
  allOrders: ({ query }) => browseAllOrders(db, query),
  shipOrder: ({ user, params, body, request }) =>
    shipEverythingLeft({ db, mailer, log: request.log, shipped }, user, params.id, body),
  addShipment: ({ user, params, body, request }) =>
    addShipment({ db, mailer, log: request.log, shipped }, user, params.id, body),
  shipManyOrders: ({ user, body, request }) =>
    shipMany({ db, mailer, log: request.log, shipped }, user, body),
});
