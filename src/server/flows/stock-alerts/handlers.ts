import type { Db } from '../../db/client.ts';
import type { Handlers } from '../../http/handler.ts';
import {
  alertsOf,
  subscribe,
  unsubscribe,
  unsubscribeByToken,
} from '../../modules/stock-alerts/service.ts';

export type StockAlertEndpoints =
  'createStockAlert' | 'deleteStockAlert' | 'listStockAlerts' | 'unsubscribeStockAlerts';

/** Back-in-stock alerts: asked for by a signed-in buyer, ended by them or a mail's link. */
export const stockAlertHandlers = ({
  db,
  secret,
  view,
}: {
  db: Db;
  secret: string;
  view: { lowStockAt: number };
}): Handlers<StockAlertEndpoints> => ({
  createStockAlert: ({ user, params }) => subscribe(db, user.id, params.id, view.lowStockAt),
  deleteStockAlert: ({ user, params }) => unsubscribe(db, user.id, params.id),
  listStockAlerts: ({ user }) => alertsOf(db, user.id, view.lowStockAt),
  unsubscribeStockAlerts: ({ query }) => unsubscribeByToken(db, secret, query.token),
});
