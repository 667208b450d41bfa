import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category } from '../src/contract/taxonomy.ts';
import { companies, companyMembers, users } from '../src/server/db/schema.ts';
import { signUp, type Account } from './support/auth.ts';
import { insertProduct, ladderInCents } from './support/fixtures.ts';
import { inject } from './support/inject.ts';
import { makeTestApp } from './support/test-app.ts';

// The dealer-price table (issue 35, docs/decisions/0043): the catalogue a page at a time with a
// company's prices, searched and filtered on the server, and one row edited naming what it was.

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let admin: Account;
let member: Account;
let veloId: string;
let hubs: Category;
let wrench: { id: string; sku: string };
let hub: { id: string; sku: string };

const table = (query: Record<string, string | number> = {}, id = veloId) =>
  inject(ctx.app, 'GET /api/companies/:id/price-table', {
    params: { id },
    query: { page: 1, limit: 50, ...query },
    as: admin,
  });

const setRow = (productId: string, body: unknown, id = veloId) =>
  inject(ctx.app, 'PUT /api/companies/:id/prices/:productId', {
    params: { id, productId },
    payload: body,
    as: admin,
  });

beforeAll(async () => {
  ctx = await makeTestApp({ ADMIN_EMAILS: 'table-admin@example.com' });
  admin = await signUp(ctx.app, { email: 'table-admin@example.com', name: 'Tab Admin' });
  member = await signUp(ctx.app, { name: 'Mo Member' });
  const [company] = await ctx.db.insert(companies).values({ name: 'Velo Table' }).returning();
  veloId = company!.id;
  const [user] = await ctx.db.select().from(users).where(eq(users.email, member.email));
  await ctx.db
    .insert(companyMembers)
    .values({ userId: user!.id, companyId: veloId, role: 'owner' });
  const made = await inject(ctx.app, 'POST /api/categories', { as: admin, body: { name: 'Hubs' } });
  hubs = made.json<Category>();
  wrench = await insertProduct(ctx.db, {
    name: 'Table cone wrench',
    sku: 'TBL-WRENCH-15',
    tiers: ladderInCents([10, 1000], [50, 900]),
  });
  hub = await insertProduct(ctx.db, {
    name: 'Table front hub',
    sku: 'TBL-HUB-100',
    tiers: ladderInCents([10, 4500]),
    categoryId: hubs._id,
  });
  for (let i = 0; i < 3; i++) {
    await insertProduct(ctx.db, { name: `Table spacer ${i}`, sku: `TBL-SPACER-${i}` });
  }
});
afterAll(() => ctx.app.close());

describe('the dealer-price table', () => {
  it('lists the products at list price until the company has its own ladder', async () => {
    const res = await table({ q: 'table' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ companyName: 'Velo Table', discountPercent: 0, ownLadders: 0 });
    expect(body.total).toBe(5);
    expect(body.data.find((r) => r.sku === 'TBL-WRENCH-15')).toEqual({
      productId: wrench.id,
      sku: 'TBL-WRENCH-15',
      name: 'Table cone wrench',
      category: null,
      listTiers: [
        { minQuantity: 10, price: 10 },
        { minQuantity: 50, price: 9 },
      ],
      ownTiers: null,
      tiers: [
        { minQuantity: 10, price: 10 },
        { minQuantity: 50, price: 9 },
      ],
    });
  });

  it('pages on the server and finds a product by part of its SKU or name, in any case', async () => {
    const first = (await table({ q: 'tbl-spacer', limit: 2 })).json();
    expect(first).toMatchObject({ total: 3, totalPages: 2, page: 1 });
    expect(first.data.map((r) => r.sku)).toEqual(['TBL-SPACER-0', 'TBL-SPACER-1']);
    const second = (await table({ q: 'tbl-spacer', limit: 2, page: 2 })).json();
    expect(second.data.map((r) => r.sku)).toEqual(['TBL-SPACER-2']);
    expect((await table({ q: 'CONE wrench' })).json().data.map((r) => r.sku)).toEqual([
      'TBL-WRENCH-15',
    ]);
    expect((await table({ q: 'tbl-hub-100' })).json().data.map((r) => r.sku)).toEqual([
      'TBL-HUB-100',
    ]);
  });

  it('filters by category, and an unknown category lists nothing', async () => {
    const res = (await table({ category: hubs.slug })).json();
    expect(res.data.map((r) => [r.sku, r.category])).toEqual([['TBL-HUB-100', 'Hubs']]);
    expect((await table({ category: 'no-such-category' })).json().total).toBe(0);
  });

  it('sets one row, which the buyer of that company then pays', async () => {
    const res = await setRow(hub.id, {
      tiers: [
        { minQuantity: 10, price: 39.5 },
        { minQuantity: 100, price: 35 },
      ],
      tiersWas: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      ownTiers: [
        { minQuantity: 10, price: 39.5 },
        { minQuantity: 100, price: 35 },
      ],
      listTiers: [{ minQuantity: 10, price: 45 }],
    });
    const seen = await inject(ctx.app, 'GET /api/tools/:id', {
      params: { id: hub.id },
      as: member,
    });
    expect(seen.json().price).toBe(39.5);
    expect((await table({ q: 'hub' })).json()).toMatchObject({ ownLadders: 1 });
    const audit = (await inject(ctx.app, 'GET /api/audit', { as: admin })).json();
    expect(audit.data.map((e) => e.summary)).toContain(
      'Set the dealer price of TBL-HUB-100 for Velo Table: 10+ $39.50 · 100+ $35.00 (was the list price)',
    );
  });

  it('refuses a stale row with a 409 that says what the price is now, and changes nothing', async () => {
    const seen = [
      { minQuantity: 10, price: 39.5 },
      { minQuantity: 100, price: 35 },
    ];
    const other = await setRow(hub.id, { tiers: [{ minQuantity: 10, price: 38 }], tiersWas: seen });
    expect(other.statusCode, other.body).toBe(200);
    const stale = await setRow(hub.id, { tiers: [{ minQuantity: 10, price: 30 }], tiersWas: seen });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().message).toBe(
      'The dealer price of TBL-HUB-100 has changed since you opened it: it is now 10+ $38.00. Reload the row to see it, then make your change again.',
    );
    // Someone gave it its own ladder while this admin saw the list price: refused too.
    const fromList = await setRow(hub.id, {
      tiers: [{ minQuantity: 10, price: 30 }],
      tiersWas: null,
    });
    expect(fromList.statusCode).toBe(409);
    const row = (await table({ q: 'tbl-hub-100' })).json().data[0];
    expect(row?.ownTiers).toEqual([{ minQuantity: 10, price: 38 }]);
  });

  it('clears a row back to the list price', async () => {
    const res = await setRow(hub.id, { tiers: null, tiersWas: [{ minQuantity: 10, price: 38 }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ownTiers: null, tiers: [{ minQuantity: 10, price: 45 }] });
    const seen = await inject(ctx.app, 'GET /api/tools/:id', {
      params: { id: hub.id },
      as: member,
    });
    expect(seen.json().price).toBe(45);
  });

  it.each([
    [
      'a negative price',
      [{ minQuantity: 10, price: -1 }],
      'tiers.0.price: Price must be more than 0',
    ],
    [
      'a price in fractions of a cent',
      [{ minQuantity: 10, price: 1.234 }],
      'tiers.0.price: Price has at most 2 decimals',
    ],
    [
      'tiers out of order',
      [
        { minQuantity: 50, price: 9 },
        { minQuantity: 10, price: 8 },
      ],
      'tiers.1.minQuantity: Each tier starts above the one before (50)',
    ],
    [
      'a dearer larger quantity',
      [
        { minQuantity: 10, price: 8 },
        { minQuantity: 50, price: 9 },
      ],
      'tiers.1.price: A larger quantity cannot cost more per piece',
    ],
    ['no tier', [], 'tiers: A price ladder needs at least one tier'],
  ])('refuses %s with a 400 naming the field', async (_, tiers, message) => {
    const res = await setRow(wrench.id, { tiers, tiersWas: null });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('keeps the own ladders when the company page saves the discount alone', async () => {
    const own = await setRow(wrench.id, { tiers: [{ minQuantity: 10, price: 8 }], tiersWas: null });
    expect(own.statusCode, own.body).toBe(200);
    const res = await inject(ctx.app, 'PUT /api/companies/:id/prices', {
      params: { id: veloId },
      payload: { discountPercent: 10 },
      as: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      discountPercent: 10,
      products: [{ sku: 'TBL-WRENCH-15', tiers: [{ minQuantity: 10, price: 8 }] }],
    });
    // The rows without an own ladder are the list less the discount.
    const hubRow = (await table({ q: 'tbl-hub-100' })).json().data[0];
    expect(hubRow?.tiers).toEqual([{ minQuantity: 10, price: 40.5 }]);
    const audit = (await inject(ctx.app, 'GET /api/audit', { as: admin })).json();
    expect(audit.data.map((e) => e.summary)).toContain(
      'Set the dealer prices of Velo Table: discount 10% (was 0%); own ladders unchanged',
    );
  });

  it('answers 404 for an unknown product or company', async () => {
    const noProduct = await setRow('7d3f1c2e-0000-4000-8000-000000000000', {
      tiers: [{ minQuantity: 10, price: 1 }],
      tiersWas: null,
    });
    expect(noProduct.statusCode).toBe(404);
    expect(noProduct.json().message).toBe('Product not found');
    expect((await table({}, 'not-a-company')).statusCode).toBe(404);
  });
});
