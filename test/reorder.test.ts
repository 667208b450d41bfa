import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReorderResult } from '../src/contract/cart.ts';
import type { Order } from '../src/contract/orders.ts';
import { products } from '../src/server/db/schema.ts';
import { signUp } from './support/auth.ts';
import { insertProduct } from './support/fixtures.ts';
import { asCustomer } from './support/requests.ts';
import { makeTestApp } from './support/test-app.ts';

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let alice: ReturnType<typeof asCustomer>;
let bob: ReturnType<typeof asCustomer>;
const ADMIN = 'reorder-admin@example.com';

beforeAll(async () => {
  ctx = await makeTestApp({ ADMIN_EMAILS: ADMIN, MAX_UNPAID_ORDERS: '100' });
  alice = asCustomer(ctx.app, await signUp(ctx.app, { name: 'Alice Wheel' }));
  bob = asCustomer(ctx.app, await signUp(ctx.app, { name: 'Bob Brake' }));
});
afterAll(() => ctx.app.close());

async function pastOrder() {
  const checker = await insertProduct(ctx.db, { name: 'Chain Wear Checker', priceCents: 333 });
  const key15 = await insertProduct(ctx.db, { name: 'Spoke Key', priceCents: 705 });
  const pads = await insertProduct(ctx.db, { name: 'Brake Pads', priceCents: 210 });
  await alice.setLine(checker.id, 20);
  await alice.setLine(key15.id, 10);
  await alice.setLine(pads.id, 30);
  const order = (await alice.checkout(randomUUID())).json<Order>();
  return { order, checker, key15, pads };
}

describe('order again', () => {
  it("puts the order's lines into the cart at today's prices", async () => {
    const { order, checker } = await pastOrder();
    await ctx.db
      .update(products)
      .set({ priceCents: 300, tiers: [{ minQuantity: 10, priceCents: 300 }] })
      .where(eq(products.id, checker.id));
    const res = await alice.reorder(order._id);
    expect(res.statusCode).toBe(200);
    const { cart, skipped } = res.json<ReorderResult>();
    expect(skipped).toEqual([]);
    expect(cart.lines.map((l) => [l.name, l.quantity, l.unitPrice])).toEqual([
      ['Chain Wear Checker', 20, 3],
      ['Spoke Key', 10, 7.05],
      ['Brake Pads', 30, 2.1],
    ]);
    await alice.emptyCart();
  });

  it('says which lines could not go in, and adds the rest', async () => {
    const { order, key15, pads } = await pastOrder();
    await ctx.db.delete(products).where(eq(products.id, key15.id));
    await ctx.db.update(products).set({ stock: 0 }).where(eq(products.id, pads.id));
    const { cart, skipped } = (await alice.reorder(order._id)).json<ReorderResult>();
    expect(skipped).toEqual([
      expect.objectContaining({
        name: 'Spoke Key',
        quantity: 10,
        message: 'This part is no longer sold',
      }),
      expect.objectContaining({ name: 'Brake Pads', quantity: 30, message: 'Out of stock' }),
    ]);
    expect(cart.lines.map((l) => [l.name, l.quantity])).toEqual([['Chain Wear Checker', 20]]);
    await alice.emptyCart();
  });

  it("raises a line to today's minimum and pack", async () => {
    const { order, checker } = await pastOrder();
    await ctx.db
      .update(products)
      .set({ moq: 25, packSize: 25, tiers: [{ minQuantity: 25, priceCents: 333 }] })
      .where(eq(products.id, checker.id));
    const { cart } = (await alice.reorder(order._id)).json<ReorderResult>();
    expect(cart.lines.find((l) => l.name === 'Chain Wear Checker')?.quantity).toBe(25);
    await alice.emptyCart();
  });

  it("is refused for another customer's order, even to an admin, and for an unknown one", async () => {
    const { order } = await pastOrder();
    expect((await bob.reorder(order._id)).statusCode).toBe(403);
    expect((await alice.reorder(randomUUID())).statusCode).toBe(404);
  });
});
