import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Order } from '../src/contract/orders.ts';
import { stockMovements, testPaymentIntents } from '../src/server/db/schema.ts';
import { signUp, type Account } from './support/auth.ts';
import { givenCompany } from './support/companies.ts';
import {
  CALIFORNIA,
  CALIFORNIA_TAX,
  givenShippingMethod,
  givenShipTo,
  givenTaxRate,
} from './support/delivery.ts';
import { insertProduct } from './support/fixtures.ts';
import { inject } from './support/inject.ts';
import { outboxFor } from './support/outbox.ts';
import { payOrder } from './support/payments.ts';
import { asCustomer } from './support/requests.ts';
import { givenTerms, tradeAppForFile } from './support/trade.ts';

// Partial cancel (issue 34): the pieces of an order that have not shipped are cancelled, their
// stock goes back through the ledger, and a numbered credit note gives back their price and tax:
// to the card, or to the company's account. The shipping comes back only when nothing shipped.

const ctx = tradeAppForFile('partial-cancel-admin@example.com');

type Setup = { buyer: Account; wrench: { id: string }; chain: { id: string } };

let taxed: Promise<{ methodId: string }> | undefined;
/** California taxes at 8.875% here, and "Courier" ships anywhere for $12.50 (made once). */
const taxedDelivery = () =>
  (taxed ??= (async () => {
    await givenTaxRate(ctx.app, ctx.shopAdmin, CALIFORNIA_TAX);
    const method = await givenShippingMethod(ctx.app, ctx.shopAdmin, {
      name: 'Courier',
      countries: ['*'],
      rate: { kind: 'flat', price: 12.5 },
      deliveryDays: { min: 1, max: 3 },
    });
    return { methodId: method._id };
  })());

/**
 * A buyer in California checks out 20 torque wrenches at $89.99 and 6 chains at $25 by Courier,
 * and pays by card (or on account, for a company's owner).
 */
async function paidOrder(
  buyer?: Account,
  paymentMethod: 'card' | 'account' = 'card',
): Promise<Setup & { order: Order }> {
  const who = buyer ?? (await signUp(ctx.app, { name: `Dana ${randomUUID().slice(0, 6)}` }));
  const { methodId } = await taxedDelivery();
  const wrench = await insertProduct(ctx.db, {
    name: 'Torque wrench',
    priceCents: 8_999,
    moq: 1,
    stock: 100,
  });
  const chain = await insertProduct(ctx.db, {
    name: '11-speed chain',
    priceCents: 2_500,
    moq: 1,
    stock: 100,
  });
  const shop = asCustomer(ctx.app, who);
  expect((await shop.setLine(wrench.id, 20)).statusCode).toBe(200);
  expect((await shop.setLine(chain.id, 6)).statusCode).toBe(200);
  const shippingAddressId = await givenShipTo(ctx.app, who, CALIFORNIA);
  const placed = await shop.checkout(`partial-${randomUUID()}`, {
    shippingAddressId,
    shippingMethodId: methodId,
    paymentMethod,
  });
  expect(placed.statusCode, placed.body).toBe(201);
  if (paymentMethod === 'account') return { buyer: who, wrench, chain, order: placed.json() };
  const paid = await payOrder(ctx.app, who, placed.json()._id);
  expect(paid.statusCode, paid.body).toBe(200);
  return { buyer: who, wrench, chain, order: paid.json() };
}

const cancel = (
  id: string,
  body: { lines?: { productId: string; quantity: number }[]; reason?: string },
  as: Account = ctx.shopAdmin,
) => inject(ctx.app, 'POST /api/orders/:id/cancel', { params: { id }, body, as });

const ship = (id: string, lines: { productId: string; quantity: number }[]) =>
  inject(ctx.app, 'POST /api/orders/:id/shipments', {
    params: { id },
    body: { lines, carrier: 'DHL', trackingNumber: `JD${randomUUID().slice(0, 8)}` },
    as: ctx.shopAdmin,
  });

const intentOf = async (order: Order) =>
  (
    await ctx.db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.id, order.transactionId!))
  )[0]!;

const cents = (dollars: number) => Math.round(dollars * 100);

describe('cancelling the pieces that have not shipped', () => {
  it('gives 12 unshipped torque wrenches back: stock through the ledger, a credit note with their tax, the card refunded that much, the shipping kept', async () => {
    const { order, wrench, buyer } = await paidOrder();
    expect(order).toMatchObject({ shipping: 12.5, status: 'paid' });
    expect((await ship(order._id, [{ productId: wrench.id, quantity: 8 }])).statusCode).toBe(201);

    const res = await cancel(order._id, {
      lines: [{ productId: wrench.id, quantity: 12 }],
      reason: 'Backorder too long',
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<Order>();
    expect(after.status).toBe('partially_shipped');
    expect(after.lines.find((l) => l.productId === wrench.id)).toMatchObject({ cancelled: 12 });
    expect(after.creditNotes).toHaveLength(1);
    const note = after.creditNotes[0]!;
    // The first 12 wrenches credited: tax(12 × $89.99) at 8.875% = $95.84 (of $1,079.88)
    expect(note).toMatchObject({
      kind: 'cancelled',
      reason: 'Backorder too long',
      subtotal: 1079.88,
      shipping: 0,
      tax: [{ name: 'CA sales tax', rate: 8.875, amount: 95.84 }],
      total: 1175.72,
      refund: 'card',
      lines: [{ productId: wrench.id, quantity: 12, lineTotal: 1079.88 }],
    });
    expect(note.number).toMatch(/^CN-\d{4}-\d{6}$/);
    expect(note.refundedAt).not.toBeNull();
    expect((await intentOf(order)).refundedCents).toBe(117_572);
    expect(after.timeline.map((e) => e.event)).toEqual(
      expect.arrayContaining(['credit_note', 'refunded']),
    );

    const released = await ctx.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.productId, wrench.id));
    expect(released.filter((m) => m.reason === 'released').map((m) => m.delta)).toEqual([12]);
    expect(released.at(-1)?.stockAfter).toBe(100 - 20 + 12);

    const pdf = await inject(ctx.app, 'GET /api/orders/:id/credit-notes/:number', {
      params: { id: order._id, number: note.number },
      as: buyer,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    await expect
      .poll(() => outboxFor(ctx.config.dataDir, buyer.email).map((m) => m.subject))
      .toContainEqual(
        `Order #${order.number}: 12 × Torque wrench (${note.lines[0]!.sku}) cancelled`,
      );

    // The other 0 wrenches and 6 chains can still ship; the wrenches cannot.
    const tooMany = await ship(order._id, [{ productId: wrench.id, quantity: 1 }]);
    expect(tooMany.statusCode).toBe(400);
  });

  it('refuses to cancel more than is left to ship with a 400 that says how many can be, and changes nothing', async () => {
    const { order, wrench } = await paidOrder();
    expect((await ship(order._id, [{ productId: wrench.id, quantity: 15 }])).statusCode).toBe(201);
    const res = await cancel(order._id, { lines: [{ productId: wrench.id, quantity: 6 }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      `Line 1 (${order.lines[0]!.sku}, Torque wrench): only 5 can be cancelled, not 6.`,
    );
    const now = await inject(ctx.app, 'GET /api/order/:id', {
      params: { id: order._id },
      as: ctx.shopAdmin,
    });
    expect(now.json<Order>().creditNotes).toEqual([]);
    expect((await intentOf(order)).refundedCents).toBe(0);
  });

  it('marks a partly shipped order shipped once what is left is cancelled, and keeps its shipping', async () => {
    const { order, wrench, chain } = await paidOrder();
    expect((await ship(order._id, [{ productId: chain.id, quantity: 6 }])).statusCode).toBe(201);
    const res = await cancel(order._id, { lines: [{ productId: wrench.id, quantity: 20 }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Order>()).toMatchObject({ status: 'shipped', shipped: true });
    expect(res.json<Order>().creditNotes[0]).toMatchObject({ shipping: 0 });
  });

  it('gives back exactly the grand total, shipping and tax too, when every piece is cancelled in steps before anything ships', async () => {
    const { order, wrench, chain } = await paidOrder();
    expect(
      (await cancel(order._id, { lines: [{ productId: wrench.id, quantity: 7 }] })).statusCode,
    ).toBe(200);
    expect(
      (await cancel(order._id, { lines: [{ productId: chain.id, quantity: 1 }] })).statusCode,
    ).toBe(200);
    const last = await cancel(order._id, {
      lines: [
        { productId: wrench.id, quantity: 13 },
        { productId: chain.id, quantity: 5 },
      ],
    });
    expect(last.statusCode, last.body).toBe(200);
    const done = last.json<Order>();
    expect(done.status).toBe('cancelled');
    expect(done.creditNotes).toHaveLength(3);
    expect(done.creditNotes.map((n) => n.shipping)).toEqual([0, 0, 12.5]);
    const given = done.creditNotes.reduce((sum, n) => sum + cents(n.total), 0);
    expect(given).toBe(cents(order.grandTotal));
    const intent = await intentOf(order);
    expect(intent.refundedCents).toBe(cents(order.grandTotal));
    expect(intent.refundedAt).not.toBeNull();
    // Cancelled in full: the whole-order cancel has nothing more to give back.
    expect((await cancel(order._id, { reason: 'Again' })).statusCode).toBe(409);
  });

  it('lets the shop cancel the rest as a whole after a partial cancel, refunding only what is left', async () => {
    const { order, wrench } = await paidOrder();
    expect(
      (await cancel(order._id, { lines: [{ productId: wrench.id, quantity: 2 }] })).statusCode,
    ).toBe(200);
    const whole = await cancel(order._id, { reason: 'Customer closed the shop' });
    expect(whole.statusCode, whole.body).toBe(200);
    const done = whole.json<Order>();
    expect(done.status).toBe('cancelled');
    expect(done.creditNoteNumber).toBe(done.creditNotes[1]!.number);
    expect(done.creditNotes.reduce((sum, n) => sum + cents(n.total), 0)).toBe(
      cents(order.grandTotal),
    );
    expect((await intentOf(order)).refundedCents).toBe(cents(order.grandTotal));
  });

  it('lets a buyer cancel none of a paid order that is not on backorder, and not the whole of it', async () => {
    const { order, wrench, buyer } = await paidOrder();
    const lines = await cancel(
      order._id,
      { lines: [{ productId: wrench.id, quantity: 1 }] },
      buyer,
    );
    expect(lines.statusCode).toBe(400);
    expect(lines.json().message).toContain('none can be cancelled');
    const whole = await cancel(order._id, { reason: 'Changed my mind' }, buyer);
    expect(whole.statusCode).toBe(403);
    const stranger = await signUp(ctx.app, { name: 'Olly Other' });
    const theirs = await cancel(
      order._id,
      { lines: [{ productId: wrench.id, quantity: 1 }] },
      stranger,
    );
    expect(theirs.statusCode).toBe(403);
  });

  it('refuses a line that is not in the order', async () => {
    const { order } = await paidOrder();
    const other = await insertProduct(ctx.db, { stock: 5, moq: 1 });
    const res = await cancel(order._id, { lines: [{ productId: other.id, quantity: 1 }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`${other.id} is not a line of this order.`);
  });
});

/** A part that allows backorders, with `stock` on the shelf. */
async function backorderPart(stock: number) {
  const part = await insertProduct(ctx.db, { name: 'Hub tool', priceCents: 4_000, moq: 1, stock });
  const res = await inject(ctx.app, 'PATCH /api/tools/:id', {
    params: { id: part.id },
    body: { backorder: { allowed: true, expectedAt: '2027-01-14' } },
    as: ctx.shopAdmin,
  });
  expect(res.statusCode, res.body).toBe(200);
  return part;
}

/** A buyer checks out and pays 10 of the part, taxed, by Courier. */
async function paidBackorder(partId: string) {
  const buyer = await signUp(ctx.app, { name: `Bo ${randomUUID().slice(0, 6)}` });
  const { methodId } = await taxedDelivery();
  const shop = asCustomer(ctx.app, buyer);
  expect((await shop.setLine(partId, 10)).statusCode).toBe(200);
  const placed = await shop.checkout(`bo-${randomUUID()}`, {
    shippingAddressId: await givenShipTo(ctx.app, buyer, CALIFORNIA),
    shippingMethodId: methodId,
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const paid = await payOrder(ctx.app, buyer, placed.json()._id);
  expect(paid.statusCode, paid.body).toBe(200);
  return { buyer, order: paid.json<Order>() };
}

const stockNow = async (id: string) =>
  (await inject(ctx.app, 'GET /api/tools/:id', { params: { id } })).json<{ stock: number }>().stock;

describe('cancelling pieces on backorder', () => {
  it('lets the buyer cancel pieces still awaited, no more: no stock moves, a credit note for them, the card refunded', async () => {
    const part = await backorderPart(4);
    const { buyer, order } = await paidBackorder(part.id);
    const [line] = order.lines;
    expect(line!.backordered).toBeGreaterThan(0);
    const awaited = line!.backordered;
    const shelf = await stockNow(part.id);

    const tooMany = await cancel(
      order._id,
      { lines: [{ productId: part.id, quantity: awaited + 1 }] },
      buyer,
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toContain(
      `only ${awaited} can be cancelled, not ${awaited + 1}`,
    );

    const res = await cancel(
      order._id,
      { lines: [{ productId: part.id, quantity: awaited }] },
      buyer,
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<Order>();
    expect(after.lines[0]).toMatchObject({
      reserved: line!.reserved,
      backordered: 0,
      cancelled: awaited,
    });
    expect(after.creditNotes[0]).toMatchObject({
      reason: 'Cancelled by the buyer',
      lines: [{ quantity: awaited }],
      shipping: 0,
    });
    expect(after.creditNotes[0]!.refundedAt).not.toBeNull();
    expect(await stockNow(part.id)).toBe(shelf);
    // What is reserved still ships; nothing is awaited any more, so a receipt passes it by.
    expect(after.status).toBe('paid');
    const received = await inject(ctx.app, 'POST /api/tools/:id/stock-movements', {
      params: { id: part.id },
      body: { delta: 5, reason: 'received' },
      as: ctx.shopAdmin,
    });
    expect(received.statusCode, received.body).toBe(201);
    expect(await stockNow(part.id)).toBe(shelf + 5);
  });

  it('lets the shop cancel awaited and reserved pieces together, giving back to stock only those reserved', async () => {
    const part = await backorderPart(4);
    const { order } = await paidBackorder(part.id);
    const [line] = order.lines;
    const shelf = await stockNow(part.id);
    const res = await cancel(order._id, {
      lines: [{ productId: part.id, quantity: line!.backordered + 1 }],
      reason: 'Supplier discontinued it',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Order>().lines[0]).toMatchObject({
      reserved: line!.reserved - 1,
      backordered: 0,
      cancelled: line!.backordered + 1,
    });
    expect(await stockNow(part.id)).toBe(shelf + 1);
  });
});

describe('cancelling pieces of an order on account', () => {
  it("credits the company's account with the credit note's amount and refunds no card", async () => {
    const { owner, company } = await givenCompany(ctx.app, `Velo ${randomUUID().slice(0, 6)}`);
    await givenTerms(ctx.app, ctx.shopAdmin, company._id, 30, 10_000);
    const { order, chain } = await paidOrder(owner, 'account');
    expect(order).toMatchObject({ status: 'paid', paymentMethod: 'account' });
    const res = await cancel(order._id, { lines: [{ productId: chain.id, quantity: 2 }] });
    expect(res.statusCode, res.body).toBe(200);
    const note = res.json<Order>().creditNotes[0]!;
    // The first 2 chains credited: $50 + tax($50) = $50 + $4.44 (8.875% of $50 is $4.4375)
    expect(note).toMatchObject({ subtotal: 50, total: 54.44, refund: 'account' });
    const ledger = await inject(ctx.app, 'GET /api/companies/:id/ledger', {
      params: { id: company._id },
      as: ctx.shopAdmin,
    });
    expect(ledger.statusCode, ledger.body).toBe(200);
    expect(ledger.json().data[0]).toMatchObject({
      type: 'credit_note',
      amount: -54.44,
      invoiceNumber: note.number,
      orderId: order._id,
    });
  });
});
