// Issue 33, webhooks: every path that changes what an event names writes its event with the
// change. These are the paths the first round missed: imports (products, prices, stock), a
// company's new credit limit, an unpaid order deleted by its customer, an order rejected, and a
// product's picture following its uploaded images.
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ImportPreview } from '../src/contract/imports.ts';
import type { Order } from '../src/contract/orders.ts';
import type { ProductImage } from '../src/contract/product-images.ts';
import { createReadCache } from '../src/server/cache/read-cache.ts';
import { webhookDeliveries, webhookEvents } from '../src/server/db/schema.ts';
import { expireHeldOrders } from '../src/server/flows/steps/expire-held-orders.ts';
import { signUp } from './support/auth.ts';
import { givenCompany, givenMember } from './support/companies.ts';
import { givenDelivery } from './support/delivery.ts';
import { endHolds, insertProduct } from './support/fixtures.ts';
import { imageForm, testImage } from './support/images.ts';
import { inject } from './support/inject.ts';
import { placeOrder } from './support/payments.ts';
import { checkoutOneLine, tradeAppForFile } from './support/trade.ts';
import { startReceiver } from './support/webhook-receiver.ts';
import { applyImport, sendImportFile } from './support/import-files.ts';

const ctx = tradeAppForFile('events-admin@example.com', {
  WEBHOOK_ALLOW_PRIVATE: '1',
  WEBHOOK_SWEEP_MS: '100',
});
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const registered: string[] = [];

beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());
// Each test listens with an endpoint of its own, gone after it (its deliveries with it).
afterEach(async () => {
  for (const id of registered.splice(0)) {
    await inject(ctx.app, 'DELETE /api/webhooks/:id', { params: { id }, as: ctx.shopAdmin });
  }
});

async function listen(events: string[]) {
  const res = await inject(ctx.app, 'POST /api/webhooks', {
    body: { url: receiver.url(`/${randomUUID()}`), events: events as never },
    as: ctx.shopAdmin,
  });
  expect(res.statusCode, res.body).toBe(201);
  const { _id } = res.json<{ _id: string }>();
  registered.push(_id);
  return _id;
}

/** The events the endpoint was given a delivery of, oldest first. */
const eventsFor = async (endpointId: string) =>
  (
    await ctx.db
      .select({ type: webhookEvents.type, data: webhookEvents.data })
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .where(eq(webhookDeliveries.endpointId, endpointId))
      .orderBy(asc(webhookEvents.createdAt), asc(webhookEvents.id))
  ).map((e) => ({ type: e.type, data: e.data as Record<string, unknown> }));

const eventCount = async () => (await ctx.db.select().from(webhookEvents)).length;

/** A product as GET /api/tools/{id} answers it, without the family the detail adds. */
async function productAnswer(id: string) {
  const res = await inject(ctx.app, 'GET /api/tools/:id', { params: { id } });
  expect(res.statusCode).toBe(200);
  const product = res.json<Record<string, unknown>>();
  delete product.family;
  return product;
}

async function imported(kind: string, file: string) {
  const checked = await sendImportFile(ctx.app, ctx.shopAdmin, { kind }, file);
  expect(checked.statusCode, checked.body).toBe(201);
  const preview = checked.json<ImportPreview>();
  expect(preview.status, JSON.stringify(preview.errors.slice(0, 3))).toBe('valid');
  const job = await applyImport(ctx.app, ctx.shopAdmin, preview._id);
  if (job.status === 'failed') throw new Error(`the apply failed: ${job.error}`);
  return job;
}

const IMG = '/images/products/bb-tool.svg';
const sku = () => `EV-${randomUUID().slice(0, 8).toUpperCase()}`;

describe('a products import', () => {
  it('tells of each part it adds and changes, as the API answers it', async () => {
    const endpoint = await listen(['product.created', 'product.updated']);
    const existing = await insertProduct(ctx.db, { priceCents: 500 });
    const added = sku();
    await imported(
      'products',
      `sku,name,price,brand,image_url\n${added},Chain checker,4.50,Park Tool,${IMG}\n${existing.sku},Renamed by the ERP,7.00,,\n`,
    );
    const events = await eventsFor(endpoint);
    expect(events.map((e) => e.type).sort()).toEqual(['product.created', 'product.updated']);
    const created = events.find((e) => e.type === 'product.created')!.data;
    const updated = events.find((e) => e.type === 'product.updated')!.data;
    expect(created).toMatchObject({ sku: added, name: 'Chain checker', price: 4.5, stock: 0 });
    // The brand the import made is named in the event, as the API names it.
    expect(created).toEqual(await productAnswer(String(created._id)));
    expect(updated).toEqual(await productAnswer(existing.id));
    expect(updated).toMatchObject({ name: 'Renamed by the ERP', price: 7 });
  });

  it('writes one event per part across batches, and none at all when nobody listens', async () => {
    const rows = (n: number, price: string) =>
      Array.from(
        { length: n },
        (_, i) => `BULK-${String(i).padStart(5, '0')},Spoke ${i},${price},${IMG}`,
      );
    // Nobody listens: the import writes no event.
    const before = await eventCount();
    await imported('products', ['sku,name,price,image_url', ...rows(1200, '1.00')].join('\n'));
    expect(await eventCount()).toBe(before);
    // Listened to: each of 1,200 changed parts (two batches of the apply) is one event.
    const endpoint = await listen(['product.updated']);
    await imported('products', ['sku,name,price,image_url', ...rows(1200, '1.25')].join('\n'));
    const events = await eventsFor(endpoint);
    expect(events).toHaveLength(1200);
    expect(new Set(events.map((e) => e.data.sku)).size).toBe(1200);
    expect(events.every((e) => e.type === 'product.updated' && e.data.price === 1.25)).toBe(true);
  });
});

describe('a prices import', () => {
  it('tells of each part whose price it changes', async () => {
    const endpoint = await listen(['product.updated']);
    const part = await insertProduct(ctx.db, { priceCents: 900, moq: 1 });
    const same = await insertProduct(ctx.db, { priceCents: 300, moq: 1 });
    await imported(
      'prices',
      `sku,price,tiers\n${part.sku},8.00,1:8.00|20:7.00\n${same.sku},3.00,\n`,
    );
    const events = await eventsFor(endpoint);
    expect(events.map((e) => e.data._id)).toEqual([part.id]);
    expect(events[0]!.data).toEqual(await productAnswer(part.id));
    expect(events[0]!.data).toMatchObject({
      price: 8,
      tiers: [
        { minQuantity: 1, price: 8 },
        { minQuantity: 20, price: 7 },
      ],
    });
  });
});

describe('a stock import', () => {
  it('tells of each count that changed the stock', async () => {
    const endpoint = await listen(['stock.changed']);
    const part = await insertProduct(ctx.db, { stock: 12 });
    await imported('stock', `sku,stock\n${part.sku},30\n`);
    const events = await eventsFor(endpoint);
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({
      productId: part.id,
      stock: 30,
      movements: [{ delta: 18, reason: 'counted', stockAfter: 30 }],
    });
  });
});

describe("a company's credit limit", () => {
  it('is company.credit_changed when an admin changes it, and nothing when it stays', async () => {
    const endpoint = await listen(['company.credit_changed']);
    const { company } = await givenCompany(ctx.app, `Credit ${randomUUID().slice(0, 6)}`);
    const terms = (body: object) =>
      inject(ctx.app, 'PATCH /api/companies/:id', {
        params: { id: company._id },
        body: body as never,
        as: ctx.shopAdmin,
      });
    expect((await terms({ terms: { netDays: 30 }, creditLimit: 5000 })).statusCode).toBe(200);
    // The terms alone change, the limit stays: no event.
    expect((await terms({ terms: { netDays: 60 } })).statusCode).toBe(200);
    expect((await terms({ creditLimit: 2500.5 })).statusCode).toBe(200);
    const events = await eventsFor(endpoint);
    expect(events.map((e) => e.data)).toEqual([
      { companyId: company._id, name: company.name, creditLimit: 5000, balance: 0, entry: null },
      { companyId: company._id, name: company.name, creditLimit: 2500.5, balance: 0, entry: null },
    ]);
  });
});

describe('an unpaid order that ends without being paid', () => {
  it("is order.cancelled when its customer deletes it, with the order as it was and its stock's return", async () => {
    const endpoint = await listen(['order.cancelled', 'stock.changed']);
    const part = await insertProduct(ctx.db, { stock: 100, moq: 1 });
    const buyer = await signUp(ctx.app, { name: 'Dora Deleter' });
    await givenDelivery(ctx.app, buyer);
    const placed = await placeOrder(ctx.app, buyer, part.id, 4);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<Order>();
    const deleted = await inject(ctx.app, 'DELETE /api/orders/:id', {
      params: { id: order._id },
      as: buyer,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const events = await eventsFor(endpoint);
    const cancelled = events.filter((e) => e.type === 'order.cancelled');
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]!.data).toMatchObject({
      _id: order._id,
      number: order.number,
      status: 'cancelled',
      lines: order.lines,
      grandTotal: order.grandTotal,
    });
    const stock = events.filter((e) => e.type === 'stock.changed').at(-1);
    expect(stock?.data).toMatchObject({ productId: part.id, stock: 100 });
  });

  it('is order.cancelled, its status expired, when its hold ends; deleting it then tells nobody again', async () => {
    const buyer = await signUp(ctx.app, { name: 'Eli Expired' });
    await givenDelivery(ctx.app, buyer);
    const part = await insertProduct(ctx.db, { stock: 50, moq: 1 });
    const placed = await placeOrder(ctx.app, buyer, part.id, 2);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<Order>();
    const endpoint = await listen(['order.cancelled']);
    await endHolds(ctx.db, order._id);
    expect(await expireHeldOrders(ctx.db, createReadCache())).toBeGreaterThanOrEqual(1);
    const deleted = await inject(ctx.app, 'DELETE /api/orders/:id', {
      params: { id: order._id },
      as: buyer,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const events = await eventsFor(endpoint);
    expect(events.map((e) => e.data)).toEqual([
      expect.objectContaining({ _id: order._id, status: 'expired' }),
    ]);
  });

  it('is order.cancelled, its status rejected, when the approver rejects it', async () => {
    const { owner } = await givenCompany(ctx.app, `Velo ${randomUUID().slice(0, 6)}`);
    const { account: buyer } = await givenMember(ctx.app, owner, { spendingLimit: 50 });
    const part = await insertProduct(ctx.db, { priceCents: 2500, moq: 1, stock: 100 });
    const placed = await checkoutOneLine(ctx.app, buyer, part.id, 4);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<Order>();
    expect(order.status).toBe('awaiting_approval');
    const endpoint = await listen(['order.cancelled']);
    const rejected = await inject(ctx.app, 'POST /api/orders/:id/reject', {
      params: { id: order._id },
      body: { reason: 'Over budget' },
      as: owner,
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const events = await eventsFor(endpoint);
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({ _id: order._id, status: 'rejected' });
    // Deleting the rejected order afterwards tells nobody again.
    const deleted = await inject(ctx.app, 'DELETE /api/orders/:id', {
      params: { id: order._id },
      as: buyer,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await eventsFor(endpoint)).toHaveLength(1);
  });
});

describe("a part's uploaded image", () => {
  it('is product.updated, the picture now the image', async () => {
    const endpoint = await listen(['product.updated']);
    const part = await insertProduct(ctx.db, {});
    const form = imageForm(await testImage('jpeg', 900, 600));
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/tools/${part.id}/images`,
      payload: form.payload,
      headers: { ...form.headers, cookie: ctx.shopAdmin.cookie, origin: 'http://localhost:3000' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json<ProductImage>();
    const events = await eventsFor(endpoint);
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({ _id: part.id, img: image.url });
    expect(events[0]!.data).toEqual(await productAnswer(part.id));
  });
});
