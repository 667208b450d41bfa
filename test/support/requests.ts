import type { App } from '../../src/server/app.ts';
import type { CheckoutInput } from '../../src/contract/order-delivery.ts';
import { givenDelivery } from './delivery.ts';
import { inject, type Sender } from './inject.ts';

type CheckoutBody = Partial<CheckoutInput>;

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
    /** Unless told where and how, it ships to the customer's test address (support/delivery.ts). */
    checkout: async (key: string, body?: CheckoutBody) =>
      inject(app, 'POST /api/checkout', {
        headers: { 'idempotency-key': key },
        body: body ?? (await givenDelivery(app, as)),
        as,
      }),
    reorder: (orderId: string) =>
      inject(app, 'POST /api/orders/:id/reorder', { params: { id: orderId }, as }),
    deleteOrder: (orderId: string) =>
      inject(app, 'DELETE /api/orders/:id', { params: { id: orderId }, as }),
  };
}

/**
 * An admin saves a stock count from the product form: the stock counted, and the stock the form
 * showed when it opened (`stockWas`), which the shop checks against the database's.
 */
export const saveStockCount = (
  app: App,
  admin: Sender,
  productId: string,
  count: { stock: number; stockWas: number },
) => inject(app, 'PATCH /api/tools/:id', { params: { id: productId }, body: count, as: admin });
