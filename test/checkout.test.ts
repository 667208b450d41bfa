import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Cart } from '../src/contract/cart.ts';
import type { Order } from '../src/contract/orders.ts';
import { createReadCache } from '../src/server/cache/read-cache.ts';
import { checkoutKeys, orderLines, orders, products } from '../src/server/db/schema.ts';
import { expireHeldOrders } from '../src/server/flows/steps/expire-held-orders.ts';
import { chargeCard, reportPayment } from './support/payments.ts';
import { signUp } from './support/auth.ts';
import { insertChainWearChecker, insertProduct, insertSpokes, lineOf } from './support/fixtures.ts';
import { asCustomer } from './support/requests.ts';
import { makeTestApp } from './support/test-app.ts';
import { inject } from './support/inject.ts';

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let alice: ReturnType<typeof asCustomer>;
let bob: ReturnType<typeof asCustomer>;

beforeAll(async () => {
  ctx = await makeTestApp({ MAX_UNPAID_ORDERS: '3', ORDER_RATE_LIMIT: '1000' });
  alice = asCustomer(ctx.app, await signUp(ctx.app, { name: 'Alice Wheel' }));
  bob = asCustomer(ctx.app, await signUp(ctx.app, { name: 'Bob Brake' }));
});
afterAll(() => ctx.app.close());

// Alice's earlier orders would count against the unpaid-order cap of 3.
beforeEach(async () => {
  await ctx.db.delete(orders);
  await alice.emptyCart();
  await bob.emptyCart();
});

const key = () => `test-${randomUUID()}`;

const stockOf = async (id: string) =>
  (await ctx.db.select().from(products).where(eq(products.id, id)))[0]!.stock;

/** Three parts with ladders: the cart's lines land on different tiers. */
async function threeParts() {
  const checker = await insertChainWearChecker(ctx.db, { stock: 500 });
  const key15 = await insertProduct(ctx.db, { name: 'Spoke Key', priceCents: 705, stock: 300 });
  const spokes = await insertSpokes(ctx.db, { stock: 3600 });
  return { checker, key15, spokes };
}

describe('checkout', () => {
  it('turns the whole cart into one order, priced line by line, and empties the cart', async () => {
    const { checker, key15, spokes } = await threeParts();
    await alice.setLine(checker.id, 50);
    await alice.setLine(key15.id, 13);
    await alice.setLine(spokes.id, 360);
    const res = await alice.checkout(key());
    expect(res.statusCode).toBe(201);
    const order = res.json<Order>();
    expect(order.lines).toEqual(
      [
        lineOf(checker, 50, 2.99, 149.5),
        lineOf(key15, 13, 7.05, 91.65),
        lineOf(spokes, 360, 0.39, 140.4),
        // All in stock: every piece reserved, none on backorder.
      ].map((line) => ({ ...line, reserved: line.quantity, backordered: 0, cancelled: 0 })),
    );
    expect(order).toMatchObject({
      name: '3 parts: Chain Wear Checker, Spoke Key, Spoke 2.0 x 262',
      productId: null,
      price: null,
      quantity: 423,
      totalPrice: 381.55,
      status: 'unpaid',
      paid: false,
    });
    expect(order.expiresAt).toBeDefined();
    expect([await stockOf(checker.id), await stockOf(key15.id), await stockOf(spokes.id)]).toEqual([
      450, 287, 3240,
    ]);
    expect((await alice.cart()).json()).toEqual({ lines: [], total: 0 });
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row!.totalCents).toBe(38155);
  });

  it('makes a one-line cart a one-line order with the spec’s name, price and total', async () => {
    const { checker } = await threeParts();
    await alice.setLine(checker.id, 200);
    const order = (await alice.checkout(key())).json<Order>();
    expect(order).toMatchObject({
      productId: checker.id,
      name: 'Chain Wear Checker',
      price: 2.49,
      quantity: 200,
      totalPrice: 498,
    });
  });

  it('answers the same key with the same order and places no second one, even at once', async () => {
    const { checker, key15 } = await threeParts();
    await alice.setLine(checker.id, 10);
    await alice.setLine(key15.id, 10);
    const k = key();
    const [first, second] = await Promise.all([alice.checkout(k), alice.checkout(k)]);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json<Order>()._id).toBe(first.json<Order>()._id);
    const third = await alice.checkout(k);
    expect(third.json<Order>()._id).toBe(first.json<Order>()._id);
    expect(await ctx.db.select().from(orders)).toHaveLength(1);
    expect(await stockOf(checker.id)).toBe(490);
  });

  it('reserves every line or none: a short line answers 409 naming it, and nothing moves', async () => {
    const { checker, key15, spokes } = await threeParts();
    await alice.setLine(checker.id, 100);
    await alice.setLine(key15.id, 20);
    await alice.setLine(spokes.id, 72);
    // Stock ran short after the lines were set (another customer's order, say).
    await ctx.db.update(products).set({ stock: 12 }).where(eq(products.id, key15.id));
    await ctx.db.update(products).set({ stock: 40 }).where(eq(products.id, spokes.id));
    const res = await alice.checkout(key());
    expect(res.statusCode).toBe(409);
    const { message } = res.json<{ message: string }>();
    expect(message).toContain(`${key15.sku} Spoke Key (12 left)`);
    expect(message).toContain(`${spokes.sku} Spoke 2.0 x 262 (40 left)`);
    expect(message).not.toContain(checker.sku);
    expect(message).toContain('Nothing was reserved');
    expect([await stockOf(checker.id), await stockOf(key15.id), await stockOf(spokes.id)]).toEqual([
      500, 12, 40,
    ]);
    expect(await ctx.db.select().from(orders)).toHaveLength(0);
    expect((await alice.cart()).json<Cart>().lines).toHaveLength(3);
  });

  it('refuses a line an admin’s new minimum left behind, naming it', async () => {
    const { checker } = await threeParts();
    await alice.setLine(checker.id, 20);
    await ctx.db
      .update(products)
      .set({ moq: 50, priceCents: 299, tiers: [{ minQuantity: 50, priceCents: 299 }] })
      .where(eq(products.id, checker.id));
    const res = await alice.checkout(key());
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain(
      `${checker.sku} Chain Wear Checker: The minimum for this part is 50`,
    );
  });

  it('refuses an empty cart and a missing or short key', async () => {
    const empty = await alice.checkout(key());
    expect(empty.statusCode).toBe(409);
    expect(empty.json().message).toBe('Your cart is empty.');
    const none = await inject(ctx.app, 'POST /api/checkout', { as: alice });
    expect(none.statusCode).toBe(400);
    expect((await alice.checkout('short')).statusCode).toBe(400);
  });

  it('counts toward the unpaid-order cap', async () => {
    const { checker } = await threeParts();
    for (let i = 0; i < 3; i++) {
      await alice.setLine(checker.id, 10);
      expect((await alice.checkout(key())).statusCode).toBe(201);
    }
    await alice.setLine(checker.id, 10);
    const res = await alice.checkout(key());
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'You have 3 unpaid orders. Pay or delete one before placing another.',
    );
    expect((await alice.cart()).json<Cart>().lines).toHaveLength(1);
  });

  it('keys are per customer: the same key from another customer places their own order', async () => {
    const { checker } = await threeParts();
    const k = key();
    await alice.setLine(checker.id, 10);
    await bob.setLine(checker.id, 20);
    const a = (await alice.checkout(k)).json<Order>();
    const b = (await bob.checkout(k)).json<Order>();
    expect(b._id).not.toBe(a._id);
    expect(b.quantity).toBe(20);
  });

  it('gives every line’s stock back when the order is deleted, or when its hold ends', async () => {
    const { checker, key15, spokes } = await threeParts();
    const fill = async () => {
      await alice.setLine(checker.id, 50);
      await alice.setLine(key15.id, 10);
      await alice.setLine(spokes.id, 36);
      return (await alice.checkout(key())).json<Order>();
    };
    const deleted = await fill();
    expect(
      (await inject(ctx.app, 'DELETE /api/orders/:id', { params: { id: deleted._id }, as: alice }))
        .statusCode,
    ).toBe(200);
    expect([await stockOf(checker.id), await stockOf(key15.id), await stockOf(spokes.id)]).toEqual([
      500, 300, 3600,
    ]);
    const expired = await fill();
    await ctx.db
      .update(orders)
      .set({ holdUntil: sql`now() - interval '1 second'` })
      .where(eq(orders.id, expired._id));
    const cache = createReadCache();
    expect(await expireHeldOrders(ctx.db, cache)).toBe(1);
    expect([await stockOf(checker.id), await stockOf(key15.id), await stockOf(spokes.id)]).toEqual([
      500, 300, 3600,
    ]);
    expect(
      await ctx.db.select().from(orderLines).where(eq(orderLines.orderId, expired._id)),
    ).toHaveLength(3);
  });

  it('is paid with one payment for the whole order', async () => {
    const { checker, key15 } = await threeParts();
    await alice.setLine(checker.id, 50);
    await alice.setLine(key15.id, 10);
    const order = (await alice.checkout(key())).json<Order>();
    const intent = await inject(ctx.app, 'POST /api/create-payment-intent', {
      body: { orderId: order._id },
      as: alice,
    });
    expect(intent.json().amountTotal).toBe(order.totalPrice);
    const confirmed = await chargeCard(ctx.app, alice, intent.json().clientSecret);
    expect(confirmed.statusCode).toBe(200);
    const paid = await reportPayment(ctx.app, alice, order._id, confirmed.json().paymentIntentId);
    expect(paid.statusCode).toBe(200);
    expect(paid.json<Order>()).toMatchObject({ paid: true, amountTotal: 220, lines: order.lines });
  });

  it('forgets keys after a day', async () => {
    const { forgetCheckoutKeys } = await import('../src/server/modules/cart/repository.ts');
    const { checker } = await threeParts();
    await alice.setLine(checker.id, 10);
    const old = key();
    await alice.checkout(old);
    await ctx.db.update(checkoutKeys).set({ createdAt: sql`now() - interval '25 hours'` });
    await alice.setLine(checker.id, 10);
    const fresh = key();
    await alice.checkout(fresh);
    expect(await forgetCheckoutKeys(ctx.db, 24)).toBeGreaterThanOrEqual(1);
    const left = await ctx.db
      .select({ key: checkoutKeys.key })
      .from(checkoutKeys)
      .where(inArray(checkoutKeys.key, [old, fresh]));
    expect(left).toEqual([{ key: fresh }]);
  });
});
