import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../src/contract/orders.ts';
import { signUp } from './support/auth.ts';
import { givenDelivery } from './support/delivery.ts';
import { insertChainWearChecker, insertProduct } from './support/fixtures.ts';
import { inject } from './support/inject.ts';
import { asCustomer } from './support/requests.ts';
import { makeTestApp } from './support/test-app.ts';

// A new order is answered from what its one insert wrote, not read back
// (src/server/modules/orders/insert-order.ts): the answer must be the order as stored.

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let who: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  ctx = await makeTestApp();
  who = await signUp(ctx.app, { name: 'Nora Newcomer' });
});
afterAll(() => ctx.app.close());

async function storedOrder(id: string) {
  const res = await inject(ctx.app, 'GET /api/orders', { query: { email: who.email }, as: who });
  return res.json<{ data: Order[] }>().data.find((order) => order._id === id);
}

describe('a new order', () => {
  it('is answered by a checkout exactly as My Orders shows it afterwards', async () => {
    const buyer = asCustomer(ctx.app, who);
    const checker = await insertChainWearChecker(ctx.db, { stock: 500 });
    const spokeKey = await insertProduct(ctx.db, { name: 'Spoke Key', stock: 300 });
    await buyer.setLine(checker.id, 50);
    await buyer.setLine(spokeKey.id, 20);
    const res = await buyer.checkout(`k-${randomUUID()}`, await givenDelivery(ctx.app, who));
    expect(res.statusCode).toBe(201);
    const answered = res.json<Order>();
    expect(answered.shippingAddress).not.toBeNull();
    expect(answered.timeline.map((entry) => entry.event)).toEqual(['placed']);
    expect(await storedOrder(answered._id)).toEqual(answered);
  });

  it('is answered by a one-line order exactly as My Orders shows it afterwards', async () => {
    const part = await insertProduct(ctx.db, { name: 'Cone Wrench', stock: 100 });
    const res = await inject(ctx.app, 'POST /api/orders', {
      body: { productId: part.id, quantity: 10, email: who.email },
      as: who,
    });
    expect(res.statusCode).toBe(201);
    const answered = res.json<Order>();
    expect(await storedOrder(answered._id)).toEqual(answered);
  });
});
