import type { App } from '../../src/server/app.ts';
import { ORIGIN } from './auth.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Requests as one signed-in customer sends them from the shop's own pages. */
export function asCustomer(app: App, who: { cookie: string }) {
  const send = (method: Method, url: string, payload?: object, headers = {}) =>
    app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload }),
      headers: { origin: ORIGIN, cookie: who.cookie, ...headers },
    });
  return {
    send,
    cart: () => send('GET', '/api/cart'),
    setLine: (productId: string, quantity: number) =>
      send('PUT', `/api/cart/lines/${productId}`, { quantity }),
    addToLine: (productId: string, add: number) =>
      send('PATCH', `/api/cart/lines/${productId}`, { add }),
    removeLine: (productId: string) => send('DELETE', `/api/cart/lines/${productId}`),
    emptyCart: () => send('DELETE', '/api/cart'),
    quickAdd: (text: string) => send('POST', '/api/cart/quick-add', { text }),
    checkout: (key: string) => send('POST', '/api/checkout', undefined, { 'idempotency-key': key }),
    reorder: (orderId: string) => send('POST', `/api/orders/${orderId}/reorder`),
  };
}
