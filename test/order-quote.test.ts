import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryEstimate } from '../src/contract/order-totals.ts';
import type { Order } from '../src/contract/orders.ts';
import { products } from '../src/server/db/schema.ts';
import { signUp } from './support/auth.ts';
import {
  CALIFORNIA,
  givenShippingMethod,
  givenTaxRate,
  LIGHT_POST,
  STANDARD_BY_WEIGHT,
} from './support/delivery.ts';
import { insertProduct } from './support/fixtures.ts';
import { inject, type Sender } from './support/inject.ts';
import { payOrder, placeOrder } from './support/payments.ts';
import { makeTestApp } from './support/test-app.ts';

// GET /orders/{id}/delivery: the payment page prices a one-line order that waits for a ship-to
// before the buyer saves one, and the prices it shows are the ones saving then charges.

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let methods: Record<'standard' | 'express' | 'lightPost', string>;

beforeAll(async () => {
  ctx = await makeTestApp({ ADMIN_EMAILS: 'chief@example.com', ORDER_RATE_LIMIT: '1000' });
  const admin = await signUp(ctx.app, { email: 'chief@example.com', name: 'Chief Admin' });
  const method = async (body: Parameters<typeof givenShippingMethod>[2]) =>
    (await givenShippingMethod(ctx.app, admin, body))._id;
  methods = {
    standard: await method(STANDARD_BY_WEIGHT),
    express: await method({
      name: 'Express',
      countries: ['US'],
      rate: { kind: 'flat', price: 25 },
      deliveryDays: 1,
    }),
    lightPost: await method(LIGHT_POST),
  };
  await givenTaxRate(ctx.app, admin, {
    country: 'US',
    region: 'CA',
    rate: 7.25,
    name: 'California sales tax',
  });
});
afterAll(() => ctx.app.close());

const quoteOf = (who: Sender, orderId: string, query: Record<string, string> = {}) =>
  inject(ctx.app, 'GET /api/orders/:id/delivery', { params: { id: orderId }, query, as: who });

const addAddress = async (who: Sender, address: Record<string, string>) => {
  const res = await inject(ctx.app, 'POST /api/addresses', { body: address as never, as: who });
  expect(res.statusCode, res.body).toBe(201);
  return res.json()._id;
};

/** A new customer with no address and a one-line order of 10 × $10.00 at 150 g: it waits. */
async function waitingOrder() {
  const account = await signUp(ctx.app);
  const part = await insertProduct(ctx.db, { priceCents: 1000, weightGrams: 150, moq: 1 });
  const placed = await placeOrder(ctx.app, account, part.id, 10);
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json<Order>();
  expect(order.shippingAddress).toBeNull();
  return { account, part, order };
}

describe("an unpaid order's quote", () => {
  it('prices each method by the parcel weighed today at the prices the order was placed with, as saving the shipping then charges', async () => {
    const { account, part, order } = await waitingOrder();
    // Nowhere to ship yet: nothing offered, no tax, the goods alone.
    const none = await quoteOf(account, order._id);
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json<DeliveryEstimate>()).toMatchObject({
      subtotal: 100,
      shippingOptions: [],
      shipping: null,
      tax: [],
      grandTotal: 100,
    });

    // The part is lighter and dearer today: 10 × 80 g fits the first bands; the order keeps $10.00.
    await ctx.db
      .update(products)
      .set({ weightGrams: 80, priceCents: 2000, tiers: [{ minQuantity: 1, priceCents: 2000 }] })
      .where(eq(products.id, part.id));
    const addressId = await addAddress(account, CALIFORNIA);
    const res = await quoteOf(account, order._id, { shippingAddressId: addressId });
    expect(res.statusCode, res.body).toBe(200);
    const quote = res.json<DeliveryEstimate>();
    expect(quote.lines).toEqual([
      expect.objectContaining({ quantity: 10, unitPrice: 10, lineTotal: 100 }),
    ]);
    expect(quote.shippingOptions.map((o) => [o.name, o.price, o.deliveryDays])).toEqual([
      ['Light post', 3, { min: 5, max: 10 }],
      ['Standard', 5, { min: 3, max: 5 }],
      ['Express', 25, { min: 1, max: 1 }],
    ]);
    // The cheapest, taxed at 7.25%: $7.25 on the goods and $0.2175 on $3.00, rounded once.
    expect(quote).toMatchObject({
      subtotal: 100,
      shipping: { methodId: methods.lightPost, name: 'Light post', price: 3 },
      tax: [{ name: 'California sales tax', rate: 7.25, amount: 7.47 }],
      grandTotal: 110.47,
    });
    // The account's default address is the one quoted when none is named.
    expect((await quoteOf(account, order._id)).json<DeliveryEstimate>()).toEqual(quote);

    // Each method as quoted is what the order is charged once it is saved.
    for (const option of quote.shippingOptions) {
      const priced = (
        await quoteOf(account, order._id, {
          shippingAddressId: addressId,
          shippingMethodId: option._id,
        })
      ).json<DeliveryEstimate>();
      expect(priced.shipping).toEqual({
        methodId: option._id,
        name: option.name,
        price: option.price,
      });
      const saved = await inject(ctx.app, 'PUT /api/orders/:id/shipping', {
        params: { id: order._id },
        body: { shippingAddressId: addressId, shippingMethodId: option._id },
        as: account,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json<Order>()).toMatchObject({
        subtotal: priced.subtotal,
        shippingMethod: { name: option.name, price: option.price },
        tax: priced.tax,
        taxTotal: priced.taxTotal,
        grandTotal: priced.grandTotal,
      });
    }
  });

  it("refuses another customer's order, an address not the caller's and a method not offered there", async () => {
    const { account, order } = await waitingOrder();
    const addressId = await addAddress(account, CALIFORNIA);
    const other = await signUp(ctx.app);
    const othersAddress = await addAddress(other, { ...CALIFORNIA, name: 'Other Rider' });

    const notYours = await quoteOf(other, order._id, { shippingAddressId: othersAddress });
    expect(notYours.statusCode).toBe(403);
    expect(notYours.json().message).toBe('This order belongs to another customer.');
    const theirAddress = await quoteOf(account, order._id, { shippingAddressId: othersAddress });
    expect(theirAddress.statusCode).toBe(404);
    // 10 × 150 g outweighs Light post's one band.
    const tooHeavy = await quoteOf(account, order._id, {
      shippingAddressId: addressId,
      shippingMethodId: methods.lightPost,
    });
    expect(tooHeavy.statusCode).toBe(400);
    expect(tooHeavy.json().message).toBe(
      'Light post ships up to 1 kg; this order weighs 1.5 kg: choose another method',
    );
  });

  it('answers 409 for a paid order, whose shipping can no longer change', async () => {
    const { account, order } = await waitingOrder();
    const paid = await payOrder(ctx.app, account, order._id);
    expect(paid.statusCode, paid.body).toBe(200);
    const res = await quoteOf(account, order._id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Only an unpaid order can change where it ships or how.');
  });
});
