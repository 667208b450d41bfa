import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Order } from '../src/contract/orders.ts';
import type { StockMovementList } from '../src/contract/stock.ts';
import { signUp } from './support/auth.ts';
import { insertProduct } from './support/fixtures.ts';
import { inject } from './support/inject.ts';
import { payOrder } from './support/payments.ts';
import { asCustomer } from './support/requests.ts';
import { checkoutOneLine, tradeAppForFile } from './support/trade.ts';

// Stock movements name the order by its number and say what became of it (issue 35): a
// cancelled order's stock reads "cancelled", a deleted one's "deleted", with the number kept.

const ctx = tradeAppForFile('movements-admin@example.com');

const movementsOf = async (productId: string) => {
  const res = await inject(ctx.app, 'GET /api/tools/:id/stock-movements', {
    params: { id: productId },
    query: { page: 1, limit: 20 },
    as: ctx.shopAdmin,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<StockMovementList>().data;
};

async function placed() {
  const buyer = await signUp(ctx.app, { name: `Mo ${randomUUID().slice(0, 6)}` });
  const part = await insertProduct(ctx.db, { name: 'Brake cable', moq: 1, stock: 50 });
  const res = await checkoutOneLine(ctx.app, buyer, part.id, 10);
  expect(res.statusCode, res.body).toBe(201);
  return { buyer, part, order: res.json<Order>() };
}

describe('stock movements name their order', () => {
  it('by number, and as cancelled when the order was cancelled', async () => {
    const { buyer, part, order } = await placed();
    expect((await payOrder(ctx.app, buyer, order._id)).statusCode).toBe(200);
    const cancel = await inject(ctx.app, 'POST /api/orders/:id/cancel', {
      params: { id: order._id },
      body: { reason: 'Customer changed their mind' },
      as: ctx.shopAdmin,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const [released, reserved] = await movementsOf(part.id);
    expect(released).toMatchObject({
      reason: 'released',
      delta: 10,
      orderId: order._id,
      orderNumber: order.number,
      orderState: 'cancelled',
    });
    expect(reserved).toMatchObject({ reason: 'reserved', orderNumber: order.number });
  });

  it('by the number it had, and as deleted once the order is gone', async () => {
    const { buyer, part, order } = await placed();
    expect((await asCustomer(ctx.app, buyer).deleteOrder(order._id)).statusCode).toBe(200);
    const [released, reserved] = await movementsOf(part.id);
    expect(released).toMatchObject({
      reason: 'released',
      orderNumber: order.number,
      orderState: 'deleted',
    });
    expect(reserved).toMatchObject({ orderNumber: order.number, orderState: 'deleted' });
  });

  it('and a movement of no order names none', async () => {
    const { part } = await placed();
    const opening = (await movementsOf(part.id)).at(-1);
    expect(opening).toMatchObject({ orderId: null, orderNumber: null, orderState: null });
  });
});
