import type { App } from '../../src/server/app.ts';
import { inject } from './inject.ts';

/** Requests as one signed-in customer sends them from the shop's own pages. */
export function asCustomer(app: App, who: { cookie: string }) {
  const as = { cookie: who.cookie };
  return {
    ...as,
    cart: () => inject(app, 'GET /api/cart', { as }),
    setLine: (productId: string, quantity: number) =>
      inject(app, 'PUT /api/cart/lines/:productId', {
        params: { productId },
        body: { quantity },
        as,
      }),
    addToLine: (productId: string, add: number) =>
      inject(app, 'PATCH /api/cart/lines/:productId', { params: { productId }, body: { add }, as }),
    removeLine: (productId: string) =>
      inject(app, 'DELETE /api/cart/lines/:productId', { params: { productId }, as }),
    emptyCart: () => inject(app, 'DELETE /api/cart', { as }),
    quickAdd: (text: string) => inject(app, 'POST /api/cart/quick-add', { body: { text }, as }),
    checkout: (key: string) =>
      inject(app, 'POST /api/checkout', { headers: { 'idempotency-key': key }, as }),
    reorder: (orderId: string) =>
      inject(app, 'POST /api/orders/:id/reorder', { params: { id: orderId }, as }),
  };
}
