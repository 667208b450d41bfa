import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Order } from '../src/contract/orders.ts';
import { stockMovements, testPaymentIntents } from '../src/server/db/schema.ts';
import { signUp, type Account } from './support/auth.ts';
import {
  CALIFORNIA,
  CALIFORNIA_TAX,
  givenShippingMethod,
  givenShipTo,
  givenTaxRate,
} from './support/delivery.ts';
import { insertProduct, ladderInCents } from './support/fixtures.ts';
import { inject } from './support/inject.ts';
import { chargeCard, payOrder, startPayment } from './support/payments.ts';
import { asCustomer } from './support/requests.ts';
import { tradeAppForFile } from './support/trade.ts';

// Issue 34: the buyer may cancel pieces of an order while it is unpaid. Nothing was charged or
// invoiced, so no credit note: the lines become smaller, priced again at the smaller quantity's
// tier (ordering 100 for the 100-piece price and keeping 10 pays the 10-piece price), shipping
// and tax are priced again, and what the pieces held goes back to the shelf through the ledger.

const ctx = tradeAppForFile('unpaid-cancel-admin@example.com');

let taxed: Promise<{ methodId: string }> | undefined;
/** California taxes at 8.875%; "Parcel" costs $9 up to $500 of goods and nothing above. */
const delivery = () =>
  (taxed ??= (async () => {
    await givenTaxRate(ctx.app, ctx.shopAdmin, CALIFORNIA_TAX);
    const method = await givenShippingMethod(ctx.app, ctx.shopAdmin, {
      name: 'Parcel',
      countries: ['*'],
      rate: { kind: 'flat', price: 9 },
      freeOver: 500,
      deliveryDays: { min: 2, max: 4 },
    });
    return { methodId: method._id };
  })());

/**
 * A buyer in California checks out 100 spoke nipples (10c each, 6c from 100) and 4 chain
 * checkers at $15 by Parcel, and does not pay yet.
 */
async function unpaidOrder() {
  const buyer = await signUp(ctx.app, { name: `Una ${randomUUID().slice(0, 6)}` });
  const { methodId } = await delivery();
  const nipples = await insertProduct(ctx.db, {
    name: 'Spoke nipple',
    tiers: ladderInCents([1, 10], [100, 6]),
    stock: 500,
  });
  const checker = await insertProduct(ctx.db, {
    name: 'Chain checker',
    priceCents: 1_500,
    moq: 1,
    stock: 50,
  });
  const shop = asCustomer(ctx.app, buyer);
  expect((await shop.setLine(nipples.id, 100)).statusCode).toBe(200);
  expect((await shop.setLine(checker.id, 4)).statusCode).toBe(200);
  const placed = await shop.checkout(`unpaid-${randomUUID()}`, {
    shippingAddressId: await givenShipTo(ctx.app, buyer, CALIFORNIA),
    shippingMethodId: methodId,
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return { buyer, nipples, checker, order: placed.json<Order>() };
}

const cancel = (
  id: string,
  lines: { productId: string; quantity: number }[],
  as: Account,
  reason?: string,
) =>
  inject(ctx.app, 'POST /api/orders/:id/cancel', { params: { id }, body: { lines, reason }, as });

const orderNow = async (id: string) =>
  (
    await inject(ctx.app, 'GET /api/order/:id', { params: { id }, as: ctx.shopAdmin })
  ).json<Order>();

const releasedOf = async (orderId: string, productId: string) =>
  (
    await ctx.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.orderId, orderId), eq(stockMovements.productId, productId)))
  )
    .filter((m) => m.reason === 'released')
    .map((m) => m.delta);

const stockNow = async (id: string) =>
  (await inject(ctx.app, 'GET /api/tools/:id', { params: { id } })).json<{ stock: number }>().stock;

describe('cancelling pieces of an unpaid order', () => {
  it('keeps 10 of 100 nipples at the 10-piece price, prices shipping and tax again, and gives 90 back to the shelf', async () => {
    const { buyer, nipples, checker, order } = await unpaidOrder();
    // $6.00 + $60.00 of goods, $9 shipping, tax on both at 8.875% (rounded once per line).
    expect(order).toMatchObject({ subtotal: 66, shipping: 9, status: 'unpaid' });
    const shelf = await stockNow(nipples.id);

    const res = await cancel(order._id, [{ productId: nipples.id, quantity: 90 }], buyer);
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<Order>();
    expect(after.status).toBe('unpaid');
    expect(after.lines.find((l) => l.productId === nipples.id)).toMatchObject({
      quantity: 10,
      unitPrice: 0.1,
      lineTotal: 1,
      reserved: 10,
    });
    expect(after.lines.find((l) => l.productId === checker.id)).toMatchObject({ quantity: 4 });
    // $1 + $60 of goods; shipping $9; tax: $0.09 + $5.33 + $0.80 (on the shipping).
    expect(after.subtotal).toBe(61);
    expect(after.shipping).toBe(9);
    const taxCents = Math.round(after.taxTotal * 100);
    expect(Math.round(after.grandTotal * 100)).toBe(6_100 + 900 + taxCents);
    expect(after.grandTotal).toBeLessThan(order.grandTotal);
    expect(after.creditNotes).toEqual([]);
    expect(after.timeline.at(-1)).toMatchObject({ event: 'pieces_cancelled' });
    expect(after.timeline.at(-1)!.detail).toContain('90 × Spoke nipple cancelled');

    expect(await releasedOf(order._id, nipples.id)).toEqual([90]);
    expect(await stockNow(nipples.id)).toBe(shelf + 90);
  });

  it('removes a line cancelled whole, so the order is of one part', async () => {
    const { buyer, checker, nipples, order } = await unpaidOrder();
    const res = await cancel(order._id, [{ productId: checker.id, quantity: 4 }], buyer);
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<Order>();
    expect(after.lines.map((l) => l.productId)).toEqual([nipples.id]);
    expect(after).toMatchObject({ subtotal: 6, quantity: 100, name: 'Spoke nipple' });
    expect(await releasedOf(order._id, checker.id)).toEqual([4]);
  });

  it('refuses every piece, more than a line has, or a quantity the part is not sold in, and changes nothing', async () => {
    const { buyer, checker, nipples, order } = await unpaidOrder();
    const all = await cancel(
      order._id,
      [
        { productId: nipples.id, quantity: 100 },
        { productId: checker.id, quantity: 4 },
      ],
      buyer,
    );
    expect(all.statusCode).toBe(400);
    expect(all.json().message).toBe(
      'That is every piece of this order: delete the order from My Orders instead.',
    );
    const tooMany = await cancel(order._id, [{ productId: checker.id, quantity: 5 }], buyer);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(
      `Line 2 (${checker.sku}, Chain checker): only 4 can be cancelled, not 5.`,
    );

    const packed = await insertProduct(ctx.db, { name: 'Brake pad', moq: 10, packSize: 5 });
    const shop = asCustomer(ctx.app, buyer);
    await shop.setLine(packed.id, 20);
    const other = (await shop.checkout(`pads-${randomUUID()}`)).json<Order>();
    const offPack = await cancel(other._id, [{ productId: packed.id, quantity: 3 }], buyer);
    expect(offPack.statusCode).toBe(400);
    expect(offPack.json().message).toBe(
      `Line 1 (${packed.sku}, Brake pad): 17 would be left. Sold in packs of 5: try 15 or 20.`,
    );

    const now = await orderNow(order._id);
    expect(now.grandTotal).toBe(order.grandTotal);
    expect(now.lines.map((l) => l.quantity)).toEqual([100, 4]);
    expect(await releasedOf(order._id, nipples.id)).toEqual([]);
  });

  it('cancels a payment started for the old total, so only the new one can be charged', async () => {
    const { buyer, checker, order } = await unpaidOrder();
    const started = await startPayment(ctx.app, buyer, order._id);
    expect(started.statusCode, started.body).toBe(200);
    const res = await cancel(order._id, [{ productId: checker.id, quantity: 3 }], buyer);
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<Order>();

    const stale = await chargeCard(ctx.app, buyer, started.json().clientSecret);
    expect(stale.json().status).not.toBe('succeeded');
    const paid = await payOrder(ctx.app, buyer, order._id);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json<Order>()).toMatchObject({ status: 'paid', grandTotal: after.grandTotal });
    const [intent] = await ctx.db
      .select()
      .from(testPaymentIntents)
      .where(
        and(eq(testPaymentIntents.orderId, order._id), eq(testPaymentIntents.status, 'succeeded')),
      );
    expect(intent!.amountCents).toBe(Math.round(after.grandTotal * 100));
  });

  it("lets an admin cancel pieces of a buyer's unpaid order, and nobody else", async () => {
    const { buyer, checker, order } = await unpaidOrder();
    const stranger = await signUp(ctx.app, { name: 'Olly Other' });
    const theirs = await cancel(order._id, [{ productId: checker.id, quantity: 1 }], stranger);
    expect(theirs.statusCode).toBe(403);
    const res = await cancel(
      order._id,
      [{ productId: checker.id, quantity: 1 }],
      ctx.shopAdmin,
      'One checker is discontinued',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Order>().lines[1]).toMatchObject({ quantity: 3 });
    expect(res.json<Order>().timeline.at(-1)!.detail).toContain('One checker is discontinued');
    const mine = await inject(ctx.app, 'GET /api/order/:id', {
      params: { id: order._id },
      as: buyer,
    });
    expect(mine.json<Order>().lines[1]).toMatchObject({ quantity: 3 });
  });

  it('takes backordered pieces off first, so only what the shelf gave goes back to it', async () => {
    const buyer = await signUp(ctx.app, { name: 'Bo Backorder' });
    const hub = await insertProduct(ctx.db, {
      name: 'Hub tool',
      priceCents: 4_000,
      moq: 1,
      stock: 4,
    });
    const allowed = await inject(ctx.app, 'PATCH /api/tools/:id', {
      params: { id: hub.id },
      body: { backorder: { allowed: true } },
      as: ctx.shopAdmin,
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    const shop = asCustomer(ctx.app, buyer);
    expect((await shop.setLine(hub.id, 10)).statusCode).toBe(200);
    const order = (await shop.checkout(`hub-${randomUUID()}`)).json<Order>();
    const { reserved, backordered } = order.lines[0]!;
    expect(reserved + backordered).toBe(10);

    const res = await cancel(order._id, [{ productId: hub.id, quantity: backordered + 1 }], buyer);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Order>().lines[0]).toMatchObject({
      quantity: reserved - 1,
      reserved: reserved - 1,
      backordered: 0,
    });
    expect(await releasedOf(order._id, hub.id)).toEqual([1]);
  });

  it('still refuses to cancel an unpaid order as a whole', async () => {
    const { buyer, order } = await unpaidOrder();
    const whole = await inject(ctx.app, 'POST /api/orders/:id/cancel', {
      params: { id: order._id },
      body: { reason: 'Changed my mind' },
      as: buyer,
    });
    expect(whole.statusCode).toBe(409);
    expect(whole.json().message).toBe(
      'An unpaid order is not cancelled as a whole: delete it from My Orders, or cancel some of its pieces.',
    );
  });
});
