import { idParams, noContent } from '../common.ts';
import { endpoint, MINUTE } from '../endpoint.ts';
import {
  stockAlert,
  stockAlertList,
  unsubscribeQuery,
  unsubscribeResult,
} from '../stock-alerts.ts';

/**
 * Back-in-stock alerts (issue 34): a signed-in buyer asks to hear when an out-of-stock part is
 * received again; the mail goes once, then the alert is done. The mail's unsubscribe link
 * carries a signed token and works signed out.
 */
export const stockAlertsEndpoints = {
  createStockAlert: endpoint({
    method: 'POST',
    path: '/api/tools/:id/stock-alerts',
    access: 'user',
    tag: 'stock alerts',
    summary:
      'Mail me once when this out-of-stock part is received again. Asking twice is one alert; 409 when the part is in stock, or the account waits for too many parts already',
    params: idParams,
    status: 201,
    response: stockAlert,
    refusals: [409],
    rateLimit: { max: 120, windowSeconds: 10 * MINUTE, per: 'user' },
  }),
  deleteStockAlert: endpoint({
    method: 'DELETE',
    path: '/api/tools/:id/stock-alerts',
    access: 'user',
    tag: 'stock alerts',
    summary: "End the caller's alert for this part (nothing to end is no error)",
    params: idParams,
    status: 204,
    response: noContent,
  }),
  listStockAlerts: endpoint({
    method: 'GET',
    path: '/api/me/stock-alerts',
    access: 'user',
    tag: 'stock alerts',
    summary: 'The parts the caller waits for, as they are sold today, newest first',
    response: stockAlertList,
  }),
  unsubscribeStockAlerts: endpoint({
    method: 'POST',
    path: '/api/stock-alerts/unsubscribe',
    access: 'anyone',
    tag: 'stock alerts',
    summary:
      "The one-click unsubscribe of a back-in-stock mail (RFC 8058): ends every alert the token's account still waits for. The token is signed; 400 when it is not the shop's",
    query: unsubscribeQuery,
    ignoresFormBody: true,
    response: unsubscribeResult,
    rateLimit: { max: 30, windowSeconds: 10 * MINUTE, per: 'ip' },
  }),
} as const;
