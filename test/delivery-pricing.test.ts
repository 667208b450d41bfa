import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DeliveryEstimate } from '../src/contract/order-totals.ts';
import type { Order } from '../src/contract/orders.ts';
import { orders, testPaymentIntents, users } from '../src/server/db/schema.ts';
import { signUp, type Account } from './support/auth.ts';
import {
  CALIFORNIA,
  givenShippingMethod,
  givenTaxRate,
  LIGHT_POST,
  STANDARD_BY_WEIGHT,
  US_ADDRESS,
} from './support/delivery.ts';
import { insertProduct } from './support/fixtures.ts';
import { inject, type Sender } from './support/inject.ts';
import { chargeCard, placeOrder, reportPayment, startPaymentAsIs } from './support/payments.ts';
import { asCustomer } from './support/requests.ts';
import { makeTestApp } from './support/test-app.ts';

// Shipping and tax as the shop prices them: the quote, checkout, the one-line order, a ship-to
// chosen later, and the amount the card is charged. The shop is in Germany; methods, rates and
// the shop's details are set through the admin API, as an admin would.

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let admin: Sender;
let methods: Record<'standard' | 'express' | 'freight', string>;

const BERLIN = {
  name: 'Greta Speiche',
  line1: 'Torstraße 1',
  city: 'Berlin',
  region: '',
  postalCode: '10115',
  country: 'DE',
};
const PARIS = {
  ...BERLIN,
  name: 'Rémi Rayon',
  line1: '1 Rue de Rivoli',
  city: 'Paris',
  postalCode: '75001',
  country: 'FR',
};

async function asAdmin<R>(
  what: string,
  send: () => Promise<{ statusCode: number; body: string; json: () => R }>,
) {
  const res = await send();
  if (res.statusCode >= 300) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return res.json();
}

beforeAll(async () => {
  ctx = await makeTestApp({ ADMIN_EMAILS: 'chief@example.com', ORDER_RATE_LIMIT: '1000' });
  admin = await signUp(ctx.app, { email: 'chief@example.com', name: 'Chief Admin' });
  await asAdmin('shop', () =>
    inject(ctx.app, 'PUT /api/settings/shop', {
      body: {
        legalName: 'ECParts GmbH',
        address: { ...BERLIN, name: 'ECParts GmbH', company: 'ECParts GmbH' },
        vatId: 'DE136695976',
        invoicePrefix: 'INV',
        creditNotePrefix: 'CN',
      },
      as: admin,
    }),
  );
  const method = async (body: Parameters<typeof givenShippingMethod>[2]) =>
    (await givenShippingMethod(ctx.app, admin, body))._id;
  methods = {
    standard: await method({ ...STANDARD_BY_WEIGHT, freeOver: 500 }),
    express: await method({
      name: 'Express',
      countries: ['US', 'DE', 'FR'],
      rate: { kind: 'flat', price: 25 },
      deliveryDays: 1,
    }),
    freight: await method(LIGHT_POST),
  };
  const rate = (body: Parameters<typeof givenTaxRate>[2]) => givenTaxRate(ctx.app, admin, body);
  await rate({ country: 'US', rate: 5, name: 'US tax' });
  await rate({ country: 'US', region: 'CA', rate: 7.25, name: 'California sales tax' });
  await rate({ country: 'DE', rate: 19, name: 'MwSt' });
  await rate({ country: 'FR', rate: 20, name: 'TVA' });
});
afterAll(() => ctx.app.close());

beforeEach(async () => {
  await ctx.db.delete(orders);
});

/** A new customer with one address (their default) and a cart of `quantity` × a part. */
async function customerWith(
  address: Record<string, string>,
  { quantity = 10, priceCents = 1000, weightGrams = 150 } = {},
) {
  const account = await signUp(ctx.app);
  const part = await insertProduct(ctx.db, { priceCents, weightGrams, moq: 1, stock: 1000 });
  const added = await inject(ctx.app, 'POST /api/addresses', {
    body: address as never,
    as: account,
  });
  expect(added.statusCode, added.body).toBe(201);
  const me = asCustomer(ctx.app, account);
  expect((await me.setLine(part.id, quantity)).statusCode).toBe(200);
  return { account, me, part, addressId: added.json()._id as string };
}

const quote = (who: Sender, query: Record<string, string> = {}) =>
  inject(ctx.app, 'GET /api/cart/delivery', { query, as: who });

const userId = async (account: Account) =>
  (await ctx.db.select().from(users).where(eq(users.email, account.email)))[0]!.id;

const setVatId = (who: Sender, vatId: string) =>
  inject(ctx.app, 'PUT /api/users/me/tax', {
    body: { companyName: 'Rayon SARL', vatId },
    as: who,
  });

describe('the cart quote', () => {
  it("takes a US state's rate over its country's, on the lines and on the shipping", async () => {
    const { account } = await customerWith(CALIFORNIA);
    const res = await quote(account);
    expect(res.statusCode, res.body).toBe(200);
    const q = res.json<DeliveryEstimate>();
    // 10 × $10.00 weighs 1,500 g: Standard's second band; Light post carries 1,000 g at most.
    expect(q.shippingOptions.map((o) => [o.name, o.price])).toEqual([
      ['Standard', 9],
      ['Express', 25],
    ]);
    expect(q).toMatchObject({
      subtotal: 100,
      shipping: { methodId: methods.standard, name: 'Standard', price: 9 },
      // 7.25% of $100.00 is $7.25 and of $9.00 is $0.6525, rounded once: $0.65.
      tax: [{ name: 'California sales tax', rate: 7.25, amount: 7.9 }],
      taxTotal: 7.9,
      grandTotal: 116.9,
      reverseCharge: false,
    });
    const express = (
      await quote(account, { shippingMethodId: methods.express })
    ).json<DeliveryEstimate>();
    expect(express).toMatchObject({
      shipping: { name: 'Express', price: 25 },
      tax: [{ rate: 7.25, amount: 9.06 }],
      grandTotal: 134.06,
    });
  });

  it('lets the weight bands pick the price, and does not offer a method the cart outweighs', async () => {
    const light = await customerWith({ ...US_ADDRESS, region: 'OR' }, { quantity: 6 });
    const lightQuote = (await quote(light.account)).json<DeliveryEstimate>();
    expect(lightQuote.shippingOptions.map((o) => [o.name, o.price])).toEqual([
      ['Light post', 3],
      ['Standard', 5],
      ['Express', 25],
    ]);
    // Oregon has no rate of its own: the country's 5%.
    expect(lightQuote.tax).toEqual([{ name: 'US tax', rate: 5, amount: 3.15 }]);
    const heavy = await customerWith({ ...US_ADDRESS, region: 'OR' }, { quantity: 7 });
    const heavyQuote = await quote(heavy.account, { shippingMethodId: methods.freight });
    expect(heavyQuote.statusCode).toBe(400);
    expect(heavyQuote.json().message).toBe(
      'Light post ships up to 1 kg; this order weighs 1.05 kg: choose another method',
    );
    expect((await quote(heavy.account)).json<DeliveryEstimate>().shippingOptions[0]).toMatchObject({
      name: 'Standard',
      price: 9,
    });
  });

  it('still lists a method the cart outweighs, with why it cannot carry it', async () => {
    const heavy = await customerWith({ ...US_ADDRESS, region: 'OR' }, { quantity: 7 });
    const q = (await quote(heavy.account)).json<DeliveryEstimate>();
    expect(q.shippingOptions.map((o) => o.name)).toEqual(['Standard', 'Express']);
    expect(q.unavailableShipping).toEqual([
      {
        _id: methods.freight,
        name: 'Light post',
        reason: 'Light post ships up to 1 kg; this order weighs 1.05 kg',
        deliveryDays: { min: 5, max: 10 },
      },
    ]);
  });

  it('ships free from the free-over subtotal up', async () => {
    const { account } = await customerWith(
      { ...US_ADDRESS, region: 'OR' },
      { quantity: 5, priceCents: 10_000 },
    );
    const q = (await quote(account)).json<DeliveryEstimate>();
    expect(q.shipping).toMatchObject({ name: 'Standard', price: 0 });
    expect(q).toMatchObject({ subtotal: 500, taxTotal: 25, grandTotal: 525 });
  });

  it('charges no VAT to a business with a verified VAT ID in another EU country: reverse charge', async () => {
    const { account } = await customerWith(PARIS);
    expect((await setVatId(account, 'FR40303265045')).statusCode).toBe(200);
    const verified = await inject(ctx.app, 'PUT /api/users/:id/vat-verified', {
      params: { id: await userId(account) },
      body: { verified: true },
      as: admin,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const q = (await quote(account)).json<DeliveryEstimate>();
    expect(q).toMatchObject({ tax: [], taxTotal: 0, reverseCharge: true, subtotal: 100 });
    expect(q.grandTotal).toBe(100 + q.shipping!.price);
  });

  it('charges VAT to a business in the shop’s own EU country, VAT ID or not', async () => {
    const { account } = await customerWith(BERLIN);
    expect((await setVatId(account, 'DE812345673')).statusCode).toBe(200);
    const q = (await quote(account)).json<DeliveryEstimate>();
    // Standard at $9.00: 19% of $109.00.
    expect(q).toMatchObject({
      tax: [{ name: 'MwSt', rate: 19, amount: 20.71 }],
      grandTotal: 129.71,
      reverseCharge: false,
    });
  });

  it('charges no tax to an account an admin marked exempt', async () => {
    const { account } = await customerWith(CALIFORNIA);
    const exempt = await inject(ctx.app, 'PUT /api/users/:id/tax-exempt', {
      params: { id: await userId(account) },
      body: { exempt: true, certificate: 'CA-RESALE-123' },
      as: admin,
    });
    expect(exempt.statusCode, exempt.body).toBe(200);
    const q = (await quote(account)).json<DeliveryEstimate>();
    expect(q).toMatchObject({ tax: [], taxTotal: 0, grandTotal: 109 });
  });

  it('has nothing to ship to without an address, and refuses another account’s address', async () => {
    const account = await signUp(ctx.app);
    const part = await insertProduct(ctx.db, { priceCents: 1000, moq: 1 });
    await asCustomer(ctx.app, account).setLine(part.id, 3);
    expect((await quote(account)).json<DeliveryEstimate>()).toMatchObject({
      subtotal: 30,
      shippingOptions: [],
      shipping: null,
      tax: [],
      taxTotal: 0,
      grandTotal: 30,
      reverseCharge: false,
    });
    const other = await customerWith(CALIFORNIA);
    const res = await quote(account, { shippingAddressId: other.addressId });
    expect(res.statusCode).toBe(404);
  });
});

describe('checkout with delivery', () => {
  it('keeps copies of the addresses, the method and the totals, whatever is edited later', async () => {
    const { account, me, addressId } = await customerWith(CALIFORNIA);
    const res = await me.checkout(`k-${randomUUID()}`, {
      shippingAddressId: addressId,
      shippingMethodId: methods.express,
    });
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json<Order>();
    const expected = {
      shippingAddress: { name: 'Robin Rider', city: 'San Francisco', region: 'CA', country: 'US' },
      billingAddress: { city: 'San Francisco' },
      shippingMethod: { name: 'Express', price: 25 },
      subtotal: 100,
      totalPrice: 100,
      shipping: 25,
      tax: [{ name: 'California sales tax', rate: 7.25, amount: 9.06 }],
      taxTotal: 9.06,
      grandTotal: 134.06,
      reverseCharge: false,
    };
    expect(placed).toMatchObject(expected);
    expect(placed.timeline).toEqual([
      expect.objectContaining({ event: 'placed', detail: '1 line, $134.06 in all' }),
    ]);
    const edited = await inject(ctx.app, 'PUT /api/addresses/:id', {
      params: { id: addressId },
      body: { ...CALIFORNIA, city: 'Los Angeles', postalCode: '90001' } as never,
      as: account,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const later = await inject(ctx.app, 'GET /api/order/:id', {
      params: { id: placed._id },
      as: account,
    });
    expect(later.json<Order>()).toMatchObject(expected);
  });

  it('answers 400 "Choose where to ship" without a ship-to address, and reserves nothing', async () => {
    const { me, part } = await customerWith(CALIFORNIA);
    const res = await me.checkout(`k-${randomUUID()}`, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Choose where to ship');
    expect((await me.cart()).json().lines).toEqual([
      expect.objectContaining({ productId: part.id }),
    ]);
  });

  it('answers 400 for a method not offered for the address, or too heavy for the cart, saying why', async () => {
    const { me, addressId } = await customerWith(CALIFORNIA);
    const res = await me.checkout(`k-${randomUUID()}`, {
      shippingAddressId: addressId,
      shippingMethodId: methods.freight,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Light post ships up to 1 kg; this order weighs 1.5 kg: choose another method',
    );
    const elsewhere = await customerWith({ ...BERLIN, country: 'AT', postalCode: '1010' });
    const notServed = await elsewhere.me.checkout(`k-${randomUUID()}`, {
      shippingAddressId: elsewhere.addressId,
      shippingMethodId: methods.express,
    });
    expect(notServed.statusCode).toBe(400);
    expect(notServed.json().message).toBe('That shipping method is not offered for this address');
    expect(await ctx.db.select().from(orders)).toEqual([]);
  });
});

describe('the one-line order', () => {
  it('ships to the default address by the cheapest method offered', async () => {
    const { account, part } = await customerWith(CALIFORNIA, { quantity: 1 });
    const res = await placeOrder(ctx.app, account, part.id, 6);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Order>()).toMatchObject({
      shippingAddress: { city: 'San Francisco' },
      shippingMethod: { name: 'Light post', price: 3 },
      subtotal: 60,
      // 7.25% of $60.00 and of $3.00: $4.35 + $0.2175.
      taxTotal: 4.57,
      grandTotal: 67.57,
    });
  });

  it('waits for a ship-to without one, cannot be paid before, and is priced again when given one', async () => {
    const account = await signUp(ctx.app);
    const part = await insertProduct(ctx.db, { priceCents: 1000, weightGrams: 150, moq: 1 });
    const placed = (await placeOrder(ctx.app, account, part.id, 10)).json<Order>();
    expect(placed).toMatchObject({
      shippingAddress: null,
      shippingMethod: null,
      shipping: 0,
      tax: [],
      grandTotal: 100,
    });
    const refused = await startPaymentAsIs(ctx.app, account, placed._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Choose where to ship first');

    const added = await inject(ctx.app, 'POST /api/addresses', {
      body: PARIS as never,
      as: account,
    });
    const set = await inject(ctx.app, 'PUT /api/orders/:id/shipping', {
      params: { id: placed._id },
      body: { shippingAddressId: added.json()._id, shippingMethodId: methods.standard },
      as: account,
    });
    expect(set.statusCode, set.body).toBe(200);
    // 20% of $100.00 + $9.00.
    expect(set.json<Order>()).toMatchObject({
      shippingAddress: { city: 'Paris' },
      shippingMethod: { name: 'Standard', price: 9 },
      tax: [{ name: 'TVA', rate: 20, amount: 21.8 }],
      grandTotal: 130.8,
    });
    expect(set.json<Order>().timeline.map((e) => e.event)).toEqual(['placed', 'shipping_set']);
  });
});

describe('paying for delivery', () => {
  it('charges the card the grand total, and re-pricing cancels a payment started for the old one', async () => {
    const { account, part, addressId } = await customerWith(CALIFORNIA, { quantity: 1 });
    const placed = (await placeOrder(ctx.app, account, part.id, 6)).json<Order>();
    const first = await startPaymentAsIs(ctx.app, account, placed._id);
    expect(first.json().amountTotal).toBe(67.57);

    const set = await inject(ctx.app, 'PUT /api/orders/:id/shipping', {
      params: { id: placed._id },
      body: { shippingAddressId: addressId, shippingMethodId: methods.express },
      as: account,
    });
    // 7.25% of $60.00 and of $25.00: $4.35 + $1.8125.
    expect(set.json<Order>().grandTotal).toBe(91.16);
    // The intent for the old amount can no longer take money.
    const stale = await chargeCard(ctx.app, account, first.json().clientSecret);
    expect(stale.statusCode).toBe(409);

    const intent = await startPaymentAsIs(ctx.app, account, placed._id);
    expect(intent.json().amountTotal).toBe(91.16);
    const charged = await chargeCard(ctx.app, account, intent.json().clientSecret);
    const paid = await reportPayment(ctx.app, account, placed._id, charged.json().paymentIntentId);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json<Order>()).toMatchObject({ paid: true, amountTotal: 91.16, grandTotal: 91.16 });
    const [taken] = await ctx.db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.id, charged.json().paymentIntentId));
    expect(taken!.amountCents).toBe(9116);

    const again = await inject(ctx.app, 'PUT /api/orders/:id/shipping', {
      params: { id: placed._id },
      body: { shippingAddressId: addressId, shippingMethodId: methods.standard },
      as: account,
    });
    expect(again.statusCode).toBe(409);
  });

  it('keeps the price a card was already charged for: changing shipping then is a 409', async () => {
    const { account, part, addressId } = await customerWith(CALIFORNIA, { quantity: 1 });
    const placed = (await placeOrder(ctx.app, account, part.id, 6)).json<Order>();
    const intent = await startPaymentAsIs(ctx.app, account, placed._id);
    const charged = await chargeCard(ctx.app, account, intent.json().clientSecret);
    expect(charged.statusCode).toBe(200);
    const late = await inject(ctx.app, 'PUT /api/orders/:id/shipping', {
      params: { id: placed._id },
      body: { shippingAddressId: addressId, shippingMethodId: methods.express },
      as: account,
    });
    expect(late.statusCode).toBe(409);
    const paid = await reportPayment(ctx.app, account, placed._id, charged.json().paymentIntentId);
    expect(paid.json<Order>()).toMatchObject({ paid: true, grandTotal: 67.57, amountTotal: 67.57 });
  });
});

describe('heavy orders (issue 34)', () => {
  // Each test ships to a country of its own, served by its own methods and by the '*' ones.
  const AUSTRIA = {
    ...BERLIN,
    name: 'Anna Achse',
    city: 'Wien',
    postalCode: '1010',
    country: 'AT',
  };
  const SWISS = {
    ...BERLIN,
    name: 'Urs Umwerfer',
    city: 'Bern',
    postalCode: '3011',
    country: 'CH',
  };
  /** 100 parts of 412 g: 41.2 kg. */
  const heavyCart = { quantity: 100, weightGrams: 412 };

  it('are carried by a method with a per-kg rate above its last band, checked out at that price', async () => {
    const spedition = await givenShippingMethod(ctx.app, admin, {
      name: 'Spedition',
      countries: ['AT'],
      rate: { kind: 'weight', bands: [{ upToGrams: 30_000, price: 39 }], perKgAbove: 1.2 },
      deliveryDays: { min: 2, max: 4 },
    });
    // $200 in all: under Standard's $500 free-over amount, which would carry it free.
    const { account, me, addressId } = await customerWith(AUSTRIA, {
      ...heavyCart,
      priceCents: 200,
    });
    const q = (await quote(account)).json<DeliveryEstimate>();
    // 41.2 kg is 12 kg started above the 30 kg band: $39 + 12 × $1.20.
    expect(q.shippingOptions.map((o) => [o.name, o.price])).toEqual([['Spedition', 53.4]]);
    expect(q.unavailableShipping.map((o) => o.reason)).toEqual([
      'Light post ships up to 1 kg; this order weighs 41.2 kg',
      'Standard ships up to 5 kg; this order weighs 41.2 kg',
    ]);
    const refused = await me.checkout(`heavy-${randomUUID()}`, {
      shippingAddressId: addressId,
      shippingMethodId: methods.standard,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'Standard ships up to 5 kg; this order weighs 41.2 kg: choose another method',
    );
    const placed = await me.checkout(`heavy-${randomUUID()}`, {
      shippingAddressId: addressId,
      shippingMethodId: spedition._id,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json<Order>()).toMatchObject({
      shippingMethod: { name: 'Spedition', price: 53.4 },
      shipping: 53.4,
    });
  });

  it('ship free over the amount whatever the weight, unless the admin limits it by weight', async () => {
    const paket = await givenShippingMethod(ctx.app, admin, {
      name: 'Paket',
      countries: ['CH'],
      rate: { kind: 'weight', bands: [{ upToGrams: 30_000, price: 19 }] },
      freeOver: 300,
      deliveryDays: { min: 2, max: 3 },
    });
    // $4.12 × 100 = $412.00, over the $300 free-over amount, at 41.2 kg.
    const { account } = await customerWith(SWISS, { ...heavyCart, priceCents: 412 });
    const free = (await quote(account)).json<DeliveryEstimate>();
    // Standard's free-over amount ($500) is not reached: it stays too heavy.
    expect(free.shippingOptions.map((o) => [o.name, o.price])).toEqual([['Paket', 0]]);
    const limited = await inject(ctx.app, 'PUT /api/shipping-methods/:id', {
      params: { id: paket._id },
      body: {
        name: 'Paket',
        countries: ['CH'],
        rate: { kind: 'weight', bands: [{ upToGrams: 30_000, price: 19 }] },
        freeOver: 300,
        freeOverUpToGrams: 40_000,
        deliveryDays: { min: 2, max: 3 },
      },
      as: admin,
    });
    expect(limited.statusCode, limited.body).toBe(200);
    const after = (await quote(account)).json<DeliveryEstimate>();
    expect(after.shippingOptions).toEqual([]);
    expect(after.unavailableShipping.map((o) => o.reason)).toContain(
      'Paket ships up to 30 kg; this order weighs 41.2 kg',
    );
  });
});
