import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order } from '../src/contract/orders.ts';
import { formatDollars } from '../src/contract/money.ts';
import { orders, products, stockMovements, testPaymentIntents } from '../src/server/db/schema.ts';
import { outboxFor, signUp, type Account } from './support/auth.ts';
import { givenFreeShipping, givenShipTo } from './support/delivery.ts';
import { insertProduct } from './support/fixtures.ts';
import { inject } from './support/inject.ts';
import { payOrder, placeOrder } from './support/payments.ts';
import { asCustomer } from './support/requests.ts';
import { makeTestApp } from './support/test-app.ts';

// After the sale (issue 22): a paid order gets a numbered invoice, ships in one parcel or
// several with the carrier's tracking, or is cancelled with its stock back, the card refunded
// and a numbered credit note.

const ADMIN = 'after-sale-admin@example.com';

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let admin: Account;
let buyer: Account;
let other: Account;

beforeAll(async () => {
  ctx = await makeTestApp({ ADMIN_EMAILS: ADMIN, MAX_UNPAID_ORDERS: '100' });
  admin = await signUp(ctx.app, { name: 'Ada Admin', email: ADMIN });
  buyer = await signUp(ctx.app, { name: 'Dana Spokes' });
  other = await signUp(ctx.app, { name: 'Olly Other' });
});
afterAll(() => ctx.app.close());

const year = () => new Date().getUTCFullYear();

/** A paid order of `quantity` of one new product. */
async function paidOrder(quantity = 10, who = buyer) {
  const product = await insertProduct(ctx.db, { stock: 1000 });
  const placed = await placeOrder(ctx.app, who, product.id, quantity);
  expect(placed.statusCode, placed.body).toBe(201);
  const paid = await payOrder(ctx.app, who, placed.json()._id);
  expect(paid.statusCode, paid.body).toBe(200);
  return { order: paid.json<Order>(), product };
}

/** A paid order of two lines, checked out from the cart: 4 of one part, 6 of another. */
async function paidTwoLineOrder() {
  const brake = await insertProduct(ctx.db, { name: 'Disc brake caliper', stock: 100, moq: 1 });
  const chain = await insertProduct(ctx.db, { name: '11-speed chain', stock: 100, moq: 1 });
  const shop = asCustomer(ctx.app, buyer);
  expect((await shop.setLine(brake.id, 4)).statusCode).toBe(200);
  expect((await shop.setLine(chain.id, 6)).statusCode).toBe(200);
  const placed = await shop.checkout(`after-sale-${randomUUID()}`);
  expect(placed.statusCode, placed.body).toBe(201);
  const paid = await payOrder(ctx.app, buyer, placed.json()._id);
  expect(paid.statusCode, paid.body).toBe(200);
  return { order: paid.json<Order>(), brake, chain };
}

/** An order paid before invoices were numbered (its payment unknown to the test processor). */
async function paidBeforeInvoices() {
  const product = await insertProduct(ctx.db, { stock: 100 });
  const placed = (await placeOrder(ctx.app, buyer, product.id, 10)).json();
  await ctx.db
    .update(orders)
    .set({ status: 'paid', paidAt: new Date(), transactionId: `pi_old_${placed._id}` })
    .where(eq(orders.id, placed._id));
  return placed;
}

const getOrder = async (id: string) =>
  (await inject(ctx.app, 'GET /api/order/:id', { params: { id }, as: admin })).json<Order>();

const invoice = (id: string, as: Account = buyer) =>
  inject(ctx.app, 'GET /api/orders/:id/invoice', { params: { id }, as });

/** An admin ships these quantities with DHL, tracked at track.example. */
const ship = (
  id: string,
  lines: { productId: string; quantity: number }[],
  tracking = 'JD014600003828',
) =>
  inject(ctx.app, 'POST /api/orders/:id/shipments', {
    params: { id },
    body: {
      lines,
      carrier: 'DHL',
      trackingNumber: tracking,
      trackingUrl: `https://track.example/${tracking}`,
    },
    as: admin,
  });

async function pdfText(body: Buffer) {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), {
    mergePages: true,
  });
  return text.replace(/\s+/g, ' ');
}

const mailsAbout = (order: Order) =>
  outboxFor(ctx.config.dataDir, buyer.email).filter((m) =>
    m.subject.includes(`Order #${order.number}`),
  );

describe('invoices', () => {
  it('numbers invoices INV-YYYY-000001, then 000002, as orders are paid, and the timeline says paid and invoiced', async () => {
    const first = (await paidOrder()).order;
    const second = (await paidOrder()).order;
    expect(first.invoiceNumber).toBe(`INV-${year()}-000001`);
    expect(second.invoiceNumber).toBe(`INV-${year()}-000002`);
    expect((await getOrder(first._id)).timeline.map((e) => e.event)).toEqual(
      expect.arrayContaining(['paid', 'invoiced']),
    );
    const invoiced = (await getOrder(first._id)).timeline.find((e) => e.event === 'invoiced');
    expect(invoiced?.detail).toBe(first.invoiceNumber);
  });

  it('answers 404 "This order has no invoice yet" before the order is paid', async () => {
    const product = await insertProduct(ctx.db, { stock: 100 });
    const placed = (await placeOrder(ctx.app, buyer, product.id, 10)).json();
    const res = await invoice(placed._id);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('This order has no invoice yet');
  });

  it('is a PDF to download whose text has the invoice number, each line and the grand total', async () => {
    const { order } = await paidTwoLineOrder();
    const res = await invoice(order._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${order.invoiceNumber}.pdf"`,
    );
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Invoice');
    expect(text).toContain(order.invoiceNumber!);
    for (const line of order.lines) {
      expect(text).toContain(line.sku);
      expect(text).toContain(line.name);
    }
    expect(text).toContain(formatDollars(order.grandTotal));
    expect(text).toContain('Paid');
  });

  it('prints the bill-to and the ship-to company of a card order by a buyer of no company', async () => {
    const product = await insertProduct(ctx.db, { name: 'Cone wrench', stock: 100, moq: 1 });
    const shop = asCustomer(ctx.app, buyer);
    expect((await shop.setLine(product.id, 2)).statusCode).toBe(200);
    const shippingAddressId = await givenShipTo(ctx.app, buyer, {
      company: 'Rider Cycles Workshop',
    });
    const billingAddressId = await givenShipTo(ctx.app, buyer, {
      company: 'Rider Cycles Accounts',
      line1: '1 Ledger Lane',
    });
    const placed = await shop.checkout(`invoice-companies-${randomUUID()}`, {
      shippingAddressId,
      billingAddressId,
      shippingMethodId: await givenFreeShipping(ctx.db),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const paid = await payOrder(ctx.app, buyer, placed.json()._id);
    expect(paid.statusCode, paid.body).toBe(200);
    const text = await pdfText((await invoice(paid.json<Order>()._id)).rawPayload);
    const billTo = text.slice(text.indexOf('Bill to'), text.indexOf('Ship to'));
    expect(billTo).toContain('Rider Cycles Accounts');
    expect(billTo).toContain('1 Ledger Lane');
    expect(text.slice(text.indexOf('Ship to'))).toContain('Rider Cycles Workshop');
  });

  it('answers 404 for an order paid before invoices were numbered', async () => {
    const old = await paidBeforeInvoices();
    const res = await invoice(old._id);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('This order has no invoice yet');
  });

  it('is described as application/pdf in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject('/api/docs/json')).json<{
      paths: Record<string, { get: { responses: Record<string, { content: object }> } }>;
    }>();
    for (const path of ['/api/orders/{id}/invoice', '/api/orders/{id}/credit-note']) {
      expect(Object.keys(doc.paths[path]!.get.responses['200']!.content)).toEqual([
        'application/pdf',
      ]);
    }
  });

  it("is the buyer's and the admins': another customer gets 403", async () => {
    const { order } = await paidOrder();
    expect((await invoice(order._id, other)).statusCode).toBe(403);
    expect((await invoice(order._id, admin)).statusCode).toBe(200);
  });
});

describe('shipments', () => {
  it('ships part of an order, then the rest: partially shipped, then shipped, each parcel mailed with its tracking link', async () => {
    const { order, brake, chain } = await paidTwoLineOrder();
    const first = await ship(order._id, [
      { productId: brake.id, quantity: 4 },
      { productId: chain.id, quantity: 2 },
    ]);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      carrier: 'DHL',
      trackingNumber: 'JD014600003828',
      lines: [
        { productId: brake.id, quantity: 4 },
        { productId: chain.id, quantity: 2 },
      ],
    });
    expect(await getOrder(order._id)).toMatchObject({
      status: 'partially_shipped',
      shipped: false,
    });

    const rest = await ship(order._id, [{ productId: chain.id, quantity: 4 }], 'JD014600009999');
    expect(rest.statusCode, rest.body).toBe(201);
    const shipped = await getOrder(order._id);
    expect(shipped).toMatchObject({ status: 'shipped', shipped: true });
    expect(shipped.shipments.map((s) => s.trackingNumber)).toEqual([
      'JD014600003828',
      'JD014600009999',
    ]);
    expect(shipped.timeline.filter((e) => e.event === 'shipped')).toHaveLength(2);

    await vi.waitFor(() => expect(mailsAbout(order)).toHaveLength(4));
    const parcels = mailsAbout(order).filter((m) => m.text.includes('Tracking number'));
    // Mails are written as they are sent, so the outbox does not keep their order.
    const links = parcels.map((m) => m.text.match(/https:\/\/track\.example\/\S+/)?.[0]);
    expect(links.sort()).toEqual([
      'https://track.example/JD014600003828',
      'https://track.example/JD014600009999',
    ]);
    const dhl = parcels.find((m) => m.text.includes('JD014600003828'));
    expect(dhl?.text).toContain('DHL');
  });

  it('refuses to ship more than is left of a line (400 naming it) or a part not in the order', async () => {
    const { order, brake, chain } = await paidTwoLineOrder();
    expect((await ship(order._id, [{ productId: brake.id, quantity: 3 }])).statusCode).toBe(201);
    const over = await ship(order._id, [{ productId: brake.id, quantity: 2 }]);
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(
      `Line 1 (${brake.sku}, Disc brake caliper): only 1 is left to ship, not 2.`,
    );
    const stranger = await insertProduct(ctx.db, { stock: 10 });
    const notInIt = await ship(order._id, [{ productId: stranger.id, quantity: 1 }]);
    expect(notInIt.statusCode).toBe(400);
    expect(notInIt.json().message).toContain(stranger.id);
    // Nothing of the refused parcels was written.
    const now = await getOrder(order._id);
    expect(now.shipments).toHaveLength(1);
    expect(now.status).toBe('partially_shipped');
    expect(chain.id).toBeDefined();
  });

  it('ships a line once when two admins ship all of it at the same moment', async () => {
    const { order, product } = await paidOrder(10);
    const both = await Promise.all(
      ['JD0000000001', 'JD0000000002'].map((tracking) =>
        ship(order._id, [{ productId: product.id, quantity: 10 }], tracking),
      ),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const now = await getOrder(order._id);
    expect(now.shipments).toHaveLength(1);
    expect(now.status).toBe('shipped');
  });

  it('refuses to ship an unpaid order (409)', async () => {
    const product = await insertProduct(ctx.db, { stock: 100 });
    const placed = (await placeOrder(ctx.app, buyer, product.id, 10)).json();
    const res = await ship(placed._id, [{ productId: product.id, quantity: 1 }]);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Only a paid order can be shipped.');
  });

  it('ships everything left in one parcel from the old ship action, which sends no body', async () => {
    const { order, brake, chain } = await paidTwoLineOrder();
    expect((await ship(order._id, [{ productId: chain.id, quantity: 5 }])).statusCode).toBe(201);
    const res = await inject(ctx.app, 'PATCH /api/orders/:id/ship', {
      params: { id: order._id },
      as: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'shipped', shipped: true });
    const last = res.json().shipments.at(-1);
    expect(last?.lines).toEqual([
      expect.objectContaining({ productId: brake.id, quantity: 4 }),
      expect.objectContaining({ productId: chain.id, quantity: 1 }),
    ]);
  });
});

describe('cancelling', () => {
  const cancel = (id: string) =>
    inject(ctx.app, 'POST /api/orders/:id/cancel', {
      params: { id },
      body: { reason: 'The customer ordered the wrong size' },
      as: admin,
    });

  it('gives the stock back through the ledger, refunds the card, issues credit note CN-YYYY-000001 and cancels the order', async () => {
    const { order, product } = await paidOrder(12);
    const stockBefore = (
      await ctx.db.select().from(products).where(eq(products.id, product.id))
    )[0]!.stock;
    const res = await cancel(order._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'cancelled',
      creditNoteNumber: `CN-${year()}-000001`,
    });
    expect(res.json().timeline.map((e) => e.event)).toEqual(
      expect.arrayContaining(['cancelled', 'refunded']),
    );

    const [after] = await ctx.db.select().from(products).where(eq(products.id, product.id));
    expect(after?.stock).toBe(stockBefore + 12);
    const released = await ctx.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.orderId, order._id), eq(stockMovements.reason, 'released')));
    expect(released.map((m) => m.delta)).toEqual([12]);

    const [intent] = await ctx.db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.id, order.transactionId!));
    expect(intent?.refundedAt).not.toBeNull();

    const note = await inject(ctx.app, 'GET /api/orders/:id/credit-note', {
      params: { id: order._id },
      as: buyer,
    });
    expect(note.statusCode, note.body).toBe(200);
    expect(note.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(note.rawPayload);
    expect(text).toContain('Credit note');
    expect(text).toContain(`CN-${year()}-000001`);
    expect(text).toContain(order.invoiceNumber!);

    await vi.waitFor(() =>
      expect(mailsAbout(order).some((m) => m.subject.includes('cancelled'))).toBe(true),
    );
    // Cancelling again is refused: it is cancelled, and refunded.
    expect((await cancel(order._id)).statusCode).toBe(409);
  });

  it('refuses to cancel an order once something of it has shipped (409)', async () => {
    const { order, product } = await paidOrder();
    expect((await ship(order._id, [{ productId: product.id, quantity: 1 }])).statusCode).toBe(201);
    const res = await cancel(order._id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This order has shipped, in part or in full, so it cannot be cancelled as a whole; cancel the lines that have not shipped.',
    );
    expect((await getOrder(order._id)).creditNoteNumber).toBeNull();
  });

  it('keeps the order cancelled when the refund fails, says so in the audit trail, and tries again when cancelled again', async () => {
    const old = await paidBeforeInvoices();
    const res = await cancel(old._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('cancelled');
    expect(res.json().timeline.map((e) => e.event)).not.toContain('refunded');
    const trail = await inject(ctx.app, 'GET /api/audit', { as: admin });
    expect(trail.json().data.map((e) => e.action)).toContain('payment.refund_failed');
    // The refund is tried again, and still fails: the order stays as it is.
    const again = await cancel(old._id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().timeline.filter((e) => e.event === 'cancelled')).toHaveLength(1);
  });

  it('has no credit note before the order is cancelled (404)', async () => {
    const { order } = await paidOrder();
    const res = await inject(ctx.app, 'GET /api/orders/:id/credit-note', {
      params: { id: order._id },
      as: buyer,
    });
    expect(res.statusCode).toBe(404);
  });
});
