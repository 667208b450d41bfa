import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AllOrdersList, BulkShipResult, Order } from '../src/contract/orders.ts';
import { orders } from '../src/server/db/schema.ts';
import { signUp, type Account } from './support/auth.ts';
import { givenDelivery } from './support/delivery.ts';
import { insertProduct } from './support/fixtures.ts';
import { inject } from './support/inject.ts';
import { payOrder } from './support/payments.ts';
import { asCustomer } from './support/requests.ts';
import { makeTestApp } from './support/test-app.ts';

// The orders desk (issue 35): Manage All Orders filtered by what the URL says, 50 a page; "Ship
// all" on a selection, one answer per order; and the warehouse's papers, read back as text.

const ADMIN = 'desk-admin@example.com';

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let admin: Account;
let buyer: Account;

/** Four parts: two in bins (B-2 before B-10, as a person reads them), two without. */
let inB10: Awaited<ReturnType<typeof insertProduct>>;
let inB2: Awaited<ReturnType<typeof insertProduct>>;
let noBinZ: Awaited<ReturnType<typeof insertProduct>>;
let noBinA: Awaited<ReturnType<typeof insertProduct>>;
let waited: Awaited<ReturnType<typeof insertProduct>>;

/** Two lines (4 in B-10, 6 in B-2) with a PO number; paid. */
let twoLines: Order;
/** 10 of the part in B-10 and 10 of a part without a bin; paid. */
let sameParts: Order;
/** 10 of the other part without a bin; never paid. */
let unpaid: Order;
/** 5 of a part with little on the shelf: some allocated, the rest on backorder; paid. */
let backordered: Order;

async function checkout(lines: [string, number][], extra: Record<string, unknown> = {}) {
  const shop = asCustomer(ctx.app, buyer);
  for (const [productId, quantity] of lines) {
    const set = await shop.setLine(productId, quantity);
    expect(set.statusCode, set.body).toBe(200);
  }
  const body = { ...(await givenDelivery(ctx.app, buyer)), ...extra };
  const placed = await shop.checkout(`desk-${randomUUID()}`, body);
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json<Order>();
}

async function paid(order: Order) {
  const res = await payOrder(ctx.app, buyer, order._id);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Order>();
}

beforeAll(async () => {
  ctx = await makeTestApp({ ADMIN_EMAILS: ADMIN, MAX_UNPAID_ORDERS: '100' });
  admin = await signUp(ctx.app, { name: 'Ada Admin', email: ADMIN });
  buyer = await signUp(ctx.app, { name: 'Dana Spokes' });
  const part = (sku: string, name: string, bin: string | null, stock = 100) =>
    insertProduct(ctx.db, { sku, name, bin, stock, moq: 1, priceCents: 1000 });
  inB10 = await part('DESK-WHIP', 'Chain whip', 'B-10');
  inB2 = await part('DESK-LEVER', 'Tyre lever', 'B-2');
  noBinZ = await part('DESK-ZZ-PADS', 'Brake pads', null);
  noBinA = await part('DESK-AA-CABLE', 'Brake cable', null);
  waited = await part('DESK-WRENCH', 'Torque wrench', null, 2);
  const allow = await inject(ctx.app, 'PATCH /api/tools/:id', {
    params: { id: waited.id },
    body: { backorder: { allowed: true } },
    as: admin,
  });
  expect(allow.statusCode, allow.body).toBe(200);

  twoLines = await paid(
    await checkout([
      [inB10.id, 4],
      [inB2.id, 6],
    ]),
  );
  // A card order's PO number, as a buyer on account types it at checkout.
  await ctx.db.update(orders).set({ poNumber: 'PO-7781' }).where(eq(orders.id, twoLines._id));
  sameParts = await paid(
    await checkout([
      [inB10.id, 10],
      [noBinZ.id, 10],
    ]),
  );
  unpaid = await checkout([[noBinA.id, 10]]);
  backordered = await paid(await checkout([[waited.id, 5]], { shipTogether: false }));
  await ctx.db
    .update(orders)
    .set({ buyerCompany: 'Spokes & Sons Bikes' })
    .where(eq(orders.id, sameParts._id));
});
afterAll(() => ctx.app.close());

const list = async (query: Record<string, string | number>) => {
  const res = await inject(ctx.app, 'GET /api/allorders', { query: query as never, as: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AllOrdersList>();
};
const numbers = (page: AllOrdersList) => page.data.map((o) => o.number).sort();

const pdfText = async (body: Buffer) => {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), {
    mergePages: true,
  });
  return text.replace(/\s+/g, ' ');
};

const pdfPages = async (body: Buffer) => (await getDocumentProxy(new Uint8Array(body))).numPages;

describe('the orders desk filters', () => {
  it('finds an order by its PO number, in part and in any case', async () => {
    expect(numbers(await list({ q: 'po-7781' }))).toEqual([twoLines.number]);
    expect(numbers(await list({ q: '7781' }))).toEqual([twoLines.number]);
  });

  it('finds the orders that have a SKU, typed in any case', async () => {
    expect(numbers(await list({ q: 'desk-whip' }))).toEqual(
      [twoLines.number, sameParts.number].sort(),
    );
    expect(numbers(await list({ q: 'DESK-ZZ-PADS' }))).toEqual([sameParts.number]);
  });

  it('filters by status, including backordered, to ship and awaiting payment', async () => {
    expect(numbers(await list({ status: 'unpaid' }))).toEqual([unpaid.number]);
    expect(numbers(await list({ status: 'backordered' }))).toEqual([backordered.number]);
    expect(numbers(await list({ status: 'to_ship' }))).toEqual(
      [twoLines.number, sameParts.number, backordered.number].sort(),
    );
    expect(numbers(await list({ status: 'ready_to_ship' }))).toEqual(
      [twoLines.number, sameParts.number].sort(),
    );
    expect(numbers(await list({ status: 'awaiting_approval' }))).toEqual([]);
  });

  it('filters by payment and by company', async () => {
    expect(numbers(await list({ payment: 'unpaid' }))).toEqual([unpaid.number]);
    expect(numbers(await list({ payment: 'card' }))).toEqual(
      [twoLines.number, sameParts.number, backordered.number].sort(),
    );
    expect(numbers(await list({ payment: 'account' }))).toEqual([]);
    expect(numbers(await list({ company: 'spokes & sons' }))).toEqual([sameParts.number]);
  });

  it('filters by the days the orders were placed', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect((await list({ from: today, to: today })).total).toBe(4);
    expect((await list({ from: tomorrow })).total).toBe(0);
    expect((await list({ to: yesterday })).total).toBe(0);
    const backwards = await inject(ctx.app, 'GET /api/allorders', {
      query: { from: today, to: yesterday } as never,
      as: admin,
    });
    expect(backwards.statusCode).toBe(400);
  });

  it('reads a blank field of a plain form as no filter', async () => {
    expect(
      (await list({ status: '', payment: '', from: '', to: '', company: '', q: '' })).total,
    ).toBe(4);
  });
});

describe('a desk of 50 a page', () => {
  it('pages 53 orders as 50 and 3, newest first', async () => {
    const [model] = await ctx.db.select().from(orders).where(eq(orders.id, unpaid._id));
    const copy = { ...model!, id: undefined, number: undefined, quoteId: undefined };
    const base = Date.now() - 10 * 86_400_000;
    await ctx.db.insert(orders).values(
      Array.from({ length: 49 }, (_, i) => ({
        ...copy,
        email: 'bulk@example.com',
        createdAt: new Date(base + i * 60_000),
        status: 'expired' as const,
      })),
    );
    const first = await list({ limit: 50, page: 1 });
    expect(first.data).toHaveLength(50);
    expect(first.total).toBe(53);
    expect(first.totalPages).toBe(2);
    const second = await list({ limit: 50, page: 2 });
    expect(second.data).toHaveLength(3);
    const times = [...first.data, ...second.data].map((o) => o.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect((await list({ status: 'expired', limit: 50 })).total).toBe(49);
  });
});

describe('the pick list', () => {
  it('sums each part over the orders, bins in order then SKUs, and names who takes how many', async () => {
    const res = await inject(ctx.app, 'GET /api/orders/pick-list', {
      query: {
        order: `${twoLines.number},${sameParts.number},${unpaid.number},${backordered.number}`,
      } as never,
      as: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    const text = await pdfText(res.rawPayload);
    // B-2 before B-10, then the parts without a bin by SKU (DESK-WRENCH before DESK-ZZ-PADS).
    const at = (s: string) => {
      const i = text.indexOf(s);
      expect(i, `${s} in ${text}`).toBeGreaterThan(-1);
      return i;
    };
    expect(at('DESK-LEVER')).toBeLessThan(at('DESK-WHIP'));
    expect(at('DESK-WHIP')).toBeLessThan(at('DESK-WRENCH'));
    expect(at('DESK-WRENCH')).toBeLessThan(at('DESK-ZZ-PADS'));
    expect(text).toContain(
      `B-10 DESK-WHIP Chain whip #${twoLines.number} × 4, #${sameParts.number} × 10 14`,
    );
    expect(text).toContain(`B-2 DESK-LEVER Tyre lever #${twoLines.number} × 6 6`);
    // Only the allocated pieces of the backordered order are picked.
    const [{ reserved }] = backordered.lines as [Order['lines'][number]];
    expect(reserved).toBeGreaterThan(0);
    expect(reserved).toBeLessThan(5);
    expect(text).toContain(
      `DESK-WRENCH Torque wrench #${backordered.number} × ${reserved} ${reserved}`,
    );
    expect(text).not.toContain('DESK-AA-CABLE');
    expect(text).toContain(`#${unpaid.number}: not paid (unpaid)`);
  });

  it('says which order number does not exist, and is for admins only', async () => {
    const missing = await inject(ctx.app, 'GET /api/orders/pick-list', {
      query: { order: '999999' } as never,
      as: admin,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toContain('#999999');
    const asBuyer = await inject(ctx.app, 'GET /api/orders/pick-list', {
      query: { order: String(twoLines.number) } as never,
      as: buyer,
    });
    expect(asBuyer.statusCode).toBe(403);
  });
});

describe('packing slips', () => {
  it('print a page per order: ship-to, order and PO number, quantities, no prices, the backorder', async () => {
    const res = await inject(ctx.app, 'GET /api/orders/packing-slips', {
      query: { order: `${twoLines.number},${backordered.number}` } as never,
      as: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await pdfPages(res.rawPayload)).toBe(2);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(`Order #${twoLines.number}`);
    expect(text).toContain('PO number: PO-7781');
    const shipTo = twoLines.shippingAddress!;
    expect(text).toContain(shipTo.line1);
    expect(text).toContain(shipTo.city);
    expect(text).toContain('DESK-WHIP Chain whip 4 0 4 0');
    const [{ reserved, backordered: awaited }] = backordered.lines as [Order['lines'][number]];
    expect(text).toContain(`DESK-WRENCH Torque wrench 5 0 ${reserved} ${awaited}`);
    expect(text).toContain(`Stays on backorder: ${awaited} × Torque wrench (DESK-WRENCH)`);
    expect(text).not.toMatch(/\$\d/);
  });
});

describe('ship all', () => {
  it('ships every paid order with its own tracking, and says why the unpaid one does not', async () => {
    const res = await inject(ctx.app, 'POST /api/orders/ship-many', {
      body: {
        orders: [
          { number: twoLines.number, trackingNumber: 'TRACK-1' },
          { number: sameParts.number },
          { number: unpaid.number, trackingNumber: 'TRACK-3' },
          { number: backordered.number, trackingNumber: 'TRACK-4' },
        ],
      },
      as: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { results, shipped } = res.json<BulkShipResult>();
    expect(shipped).toBe(3);
    expect(results.map((r) => [r.number, r.shipped, r.status])).toEqual([
      [twoLines.number, true, 'shipped'],
      [sameParts.number, true, 'shipped'],
      [unpaid.number, false, 'unpaid'],
      [backordered.number, true, 'partially_shipped'],
    ]);
    expect(results[2]!.message).toBe('Only a paid order can be shipped.');
    const order = async (id: string) =>
      (await inject(ctx.app, 'GET /api/order/:id', { params: { id }, as: admin })).json<Order>();
    expect((await order(twoLines._id)).shipments.map((s) => s.trackingNumber)).toEqual(['TRACK-1']);
    // Only what is allocated ships; the pieces awaited stay.
    const [{ reserved, backordered: awaited }] = backordered.lines as [Order['lines'][number]];
    const partly = await order(backordered._id);
    expect(partly.shipments[0]!.lines.map((l) => l.quantity)).toEqual([reserved]);
    expect(partly.lines[0]!.backordered).toBe(awaited);
  });

  it('answers a second time that they have shipped, and ships nothing twice', async () => {
    const res = await inject(ctx.app, 'POST /api/orders/ship-many', {
      body: { orders: [{ number: twoLines.number }, { number: backordered.number }] },
      as: admin,
    });
    const { results, shipped } = res.json<BulkShipResult>();
    expect(shipped).toBe(0);
    expect(results[0]!.message).toBe('Everything in this order has shipped already.');
    expect(results[1]!.message).toContain('Nothing of this order is in stock to ship yet');
  });

  it('exports only the selection as CSV', async () => {
    const res = await inject(ctx.app, 'GET /api/exports/:name.csv', {
      params: { name: 'orders' },
      query: { order: `${twoLines.number},${unpaid.number}` } as never,
      as: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.body.trim().split(/\r?\n/).slice(1);
    expect(rows.map((r) => r.split(',')[0])).toEqual([
      String(twoLines.number),
      String(twoLines.number),
      String(unpaid.number),
    ]);
  });
});

describe("a product's bin", () => {
  it('is set and cleared by an admin in the product form, and shown with the product', async () => {
    const set = await inject(ctx.app, 'PATCH /api/tools/:id', {
      params: { id: noBinA.id },
      body: { bin: ' A-01 ' },
      as: admin,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().bin).toBe('A-01');
    const cleared = await inject(ctx.app, 'PATCH /api/tools/:id', {
      params: { id: noBinA.id },
      body: { bin: '' },
      as: admin,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).not.toHaveProperty('bin');
    const tooLong = await inject(ctx.app, 'PATCH /api/tools/:id', {
      params: { id: noBinA.id },
      body: { bin: 'X'.repeat(41) },
      as: admin,
    });
    expect(tooLong.statusCode).toBe(400);
  });

  it("is the shop's own: an admin reads it, a visitor or a buyer does not", async () => {
    const set = await inject(ctx.app, 'PATCH /api/tools/:id', {
      params: { id: noBinA.id },
      body: { bin: 'Z-99' },
      as: admin,
    });
    expect(set.statusCode, set.body).toBe(200);
    const buyer = await signUp(ctx.app, { name: 'Bin Peeker' });
    for (const who of [undefined, buyer]) {
      const one = await inject(ctx.app, 'GET /api/tools/:id', {
        params: { id: noBinA.id },
        ...(who ? { as: who } : {}),
      });
      expect(one.statusCode).toBe(200);
      expect(one.json()).not.toHaveProperty('bin');
      expect(one.body).not.toContain('Z-99');
      const list = await inject(ctx.app, 'GET /api/tools', {
        query: { q: noBinA.sku },
        ...(who ? { as: who } : {}),
      });
      expect(list.body).not.toContain('Z-99');
    }
    const asAdmin = await inject(ctx.app, 'GET /api/tools/:id', {
      params: { id: noBinA.id },
      as: admin,
    });
    expect(asAdmin.json().bin).toBe('Z-99');
    expect(asAdmin.headers['cache-control']).toBe('private, no-store');
    const listed = await inject(ctx.app, 'GET /api/tools', {
      query: { q: noBinA.sku },
      as: admin,
    });
    expect(listed.body).toContain('Z-99');
  });
});
