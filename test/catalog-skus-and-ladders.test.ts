import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Product } from '../src/contract/catalog.ts';
import { products } from '../src/server/db/schema.ts';
import type * as SkuModule from '../src/server/modules/catalog/sku.ts';
import { signUp } from './support/auth.ts';
import { insertProduct, ladderInCents, ladderInDollars } from './support/fixtures.ts';
import { makeTestApp } from './support/test-app.ts';
import { inject } from './support/inject.ts';

// Made-up SKUs are random: a test can line up the next ones to make them clash.
const madeUp = vi.hoisted(() => ({ next: [] as string[] }));
vi.mock('../src/server/modules/catalog/sku.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof SkuModule>();
  return { ...actual, makeSku: (name: string) => madeUp.next.shift() ?? actual.makeSku(name) };
});

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let admin: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  ctx = await makeTestApp({ ADMIN_EMAILS: 'ladders@example.com' });
  admin = await signUp(ctx.app, { email: 'ladders@example.com', name: 'Ladder Admin' });
});
afterAll(() => ctx.app.close());
const add = (payload: object) => inject(ctx.app, 'POST /api/tools', { payload, as: admin });
const patch = (id: string, payload: object) =>
  inject(ctx.app, 'PATCH /api/tools/:id', { params: { id }, body: payload, as: admin });
const read = async (id: string) =>
  (await inject(ctx.app, 'GET /api/tools/:id', { params: { id }, as: admin })).json<Product>();
const rowOf = async (id: string) =>
  (await ctx.db.select().from(products).where(eq(products.id, id)))[0]!;

const basics = { price: 4.2, stock: 500, img: '/images/products/chain-checker.svg' };

/** A part sold from 10 with one price break at 50, as most demo parts are. */
const checker = (overrides: Parameters<typeof insertProduct>[1] = {}) =>
  insertProduct(ctx.db, {
    name: 'Chain Wear Checker',
    priceCents: 333,
    tiers: ladderInCents([10, 333], [50, 299]),
    ...overrides,
  });

describe('a product’s SKU, minimum, pack size and ladder', () => {
  it('are part of every product the API sends, the ladder in dollars', async () => {
    const spokes = await insertProduct(ctx.db, {
      sku: 'SPK-262-A',
      name: 'Spoke 2.0 x 262',
      priceCents: 45,
      moq: 36,
      packSize: 36,
      tiers: ladderInCents([36, 45], [144, 39]),
    });
    const expected = {
      _id: spokes.id,
      sku: 'SPK-262-A',
      name: 'Spoke 2.0 x 262',
      price: 0.45,
      moq: 36,
      packSize: 36,
      tiers: ladderInDollars([36, 0.45], [144, 0.39]),
    };
    expect(await read(spokes.id)).toMatchObject(expected);
    const { data } = (
      await inject(ctx.app, 'GET /api/tools', { query: { q: 'Spoke 2.0' }, as: admin })
    ).json<{ data: Product[] }>();
    expect(data).toEqual([expect.objectContaining(expected)]);
  });
});

describe('Add Product', () => {
  it('keeps the SKU given, in capitals, and stores the ladder in cents under its first price', async () => {
    const res = await add({
      ...basics,
      name: 'Chain Wear Checker Pro',
      sku: 'cwc-pro-1',
      moq: 20,
      packSize: 10,
      tiers: ladderInDollars([20, 4.2], [100, 3.85], [500, 3.5]),
    });
    expect(res.statusCode, res.body).toBe(201);
    const added = res.json<Product>();
    expect(added).toMatchObject({
      sku: 'CWC-PRO-1',
      price: 4.2,
      moq: 20,
      packSize: 10,
      tiers: ladderInDollars([20, 4.2], [100, 3.85], [500, 3.5]),
    });
    expect(await rowOf(added._id)).toMatchObject({
      sku: 'CWC-PRO-1',
      priceCents: 420,
      tiers: ladderInCents([20, 420], [100, 385], [500, 350]),
    });
  });

  it('makes up a readable SKU when none is given, with the minimum of 10 and one tier at the price', async () => {
    const first = (await add({ ...basics, name: 'Bottom Bracket Tool' })).json<Product>();
    const second = (await add({ ...basics, name: 'Bottom Bracket Tool' })).json<Product>();
    expect(first.sku).toMatch(/^ECP-BBT-[A-Z0-9]{4}$/);
    expect(second.sku).toMatch(/^ECP-BBT-[A-Z0-9]{4}$/);
    expect(second.sku).not.toBe(first.sku);
    expect(first).toMatchObject({
      moq: 10,
      packSize: 1,
      tiers: ladderInDollars([10, 4.2]),
    });
  });

  it('tries another made-up SKU when the first is taken', async () => {
    await insertProduct(ctx.db, { sku: 'ECP-HUB-AAAA', name: 'Hub Tool' });
    madeUp.next.push('ECP-HUB-AAAA', 'ecp-hub-aaaa', 'ECP-HUB-BBBB');
    const res = await add({ ...basics, name: 'Hub Tool' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Product>().sku).toBe('ECP-HUB-BBBB');
    expect(madeUp.next).toEqual([]);
  });

  it('refuses a SKU another product has, in any case, naming that product', async () => {
    await add({ ...basics, name: 'Chain Wear Checker', sku: 'CW-100' });
    const before = (
      await inject(ctx.app, 'GET /api/tools', { query: { limit: '100' }, as: admin })
    ).json<{ total: number }>().total;
    const res = await add({ ...basics, name: 'Another Checker', sku: 'cw-100' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'conflict',
      message: 'SKU CW-100 is already used by Chain Wear Checker',
    });
    expect(
      (await inject(ctx.app, 'GET /api/tools', { query: { limit: '100' }, as: admin })).json<{
        total: number;
      }>().total,
    ).toBe(before);
  });

  it.each([
    [
      'a first tier that is not at the minimum',
      { moq: 10, tiers: ladderInDollars([20, 4.2]) },
      'tiers.0.minQuantity: The first tier starts at the minimum order (10)',
    ],
    [
      'a price that rises with the quantity',
      {
        tiers: ladderInDollars([10, 4.2], [50, 4.5]),
      },
      'tiers.1.price: A larger quantity cannot cost more per piece',
    ],
    [
      'a minimum that is not whole packs',
      { moq: 10, packSize: 4 },
      'moq: The minimum must be a whole number of packs of 4: try 12',
    ],
    [
      'a first tier priced unlike the product',
      { tiers: ladderInDollars([10, 3.99]) },
      "tiers.0.price: The first tier's price is the price",
    ],
  ])('refuses %s, naming the field', async (_, ladder, message) => {
    const res = await add({ ...basics, name: 'Bad Ladder Part', ...ladder });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});

describe('Manage Products (PATCH /api/tools/{id})', () => {
  it('changes the SKU, minimum, pack size, ladder and stock, and the shop sees it at once', async () => {
    const part = await checker();
    await read(part.id); // now in the read cache
    const res = await patch(part.id, {
      sku: 'cwc-20',
      moq: 20,
      packSize: 10,
      tiers: ladderInDollars([20, 3.5], [100, 3.1]),
      stock: 77,
      stockWas: part.stock,
    });
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      sku: 'CWC-20',
      moq: 20,
      packSize: 10,
      stock: 77,
      // A new ladder brings its price with it.
      price: 3.5,
      tiers: ladderInDollars([20, 3.5], [100, 3.1]),
    };
    expect(res.json()).toMatchObject(expected);
    expect(await read(part.id)).toMatchObject(expected);
    expect(await rowOf(part.id)).toMatchObject({ sku: 'CWC-20', priceCents: 350 });
  });

  it('moves the first tier with a new price or minimum when no ladder comes with it', async () => {
    const part = await checker();
    const repriced = await patch(part.id, { price: 3.49 });
    expect(repriced.json()).toMatchObject({
      price: 3.49,
      tiers: ladderInDollars([10, 3.49], [50, 2.99]),
    });
    const raised = await patch(part.id, { moq: 20, packSize: 5 });
    expect(raised.json()).toMatchObject({
      moq: 20,
      packSize: 5,
      price: 3.49,
      tiers: ladderInDollars([20, 3.49], [50, 2.99]),
    });
    expect((await rowOf(part.id)).priceCents).toBe(349);
  });

  it('keeps both of two edits made at the same moment', async () => {
    // A few times over: without the row lock, one edit overwrites the other only now and then.
    for (let round = 0; round < 4; round++) {
      const part = await checker();
      const [price, moq] = await Promise.all([
        patch(part.id, { price: 3.1 }),
        patch(part.id, { moq: 20 }),
      ]);
      expect([price.statusCode, moq.statusCode]).toEqual([200, 200]);
      expect(await read(part.id)).toMatchObject({
        price: 3.1,
        moq: 20,
        tiers: ladderInDollars([20, 3.1], [50, 2.99]),
      });
    }
  });

  it.each([
    [
      'a ladder that does not start at the minimum',
      { tiers: ladderInDollars([20, 3.33]) },
      'tiers.0.minQuantity: The first tier starts at the minimum order (10)',
    ],
    [
      'a ladder whose price rises',
      {
        tiers: ladderInDollars([10, 3.33], [50, 3.5]),
      },
      'tiers.1.price: A larger quantity cannot cost more per piece',
    ],
    [
      'a price alone that makes the ladder rise',
      { price: 2.5 },
      'tiers.1.price: A larger quantity cannot cost more per piece',
    ],
    [
      'a ladder that is not ascending',
      {
        tiers: ladderInDollars([10, 3.33], [50, 2.99], [40, 2.5]),
      },
      'tiers.2.minQuantity: Each tier starts above the one before (50)',
    ],
    [
      'a minimum alone that passes the next tier',
      { moq: 60 },
      'tiers.1.minQuantity: Each tier starts above the one before (60)',
    ],
    [
      'a pack size alone that the minimum is not whole packs of',
      { packSize: 6 },
      'moq: The minimum must be a whole number of packs of 6: try 12',
    ],
    [
      'a price that disagrees with the first tier',
      {
        price: 4,
        tiers: ladderInDollars([10, 3.33], [50, 2.99]),
      },
      "tiers.0.price: The first tier's price is the price",
    ],
  ])('refuses %s, naming the field, and changes nothing', async (_, change, message) => {
    const part = await checker();
    const before = await read(part.id);
    const res = await patch(part.id, { ...change, stock: 1, stockWas: part.stock });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'bad_request', message });
    expect(await read(part.id)).toEqual(before);
  });

  it('refuses a SKU another product has, in any case, naming that product', async () => {
    await checker({ sku: 'TAKEN-7', name: 'Spoke Key' });
    const part = await checker();
    const res = await patch(part.id, { sku: 'taken-7', stock: 3, stockWas: part.stock });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('SKU TAKEN-7 is already used by Spoke Key');
    expect(await rowOf(part.id)).toMatchObject({ sku: part.sku, stock: part.stock });
    // Its own SKU in another case is no clash.
    const own = await patch(part.id, { sku: part.sku.toLowerCase() });
    expect(own.statusCode).toBe(200);
  });

  it('answers 404 for a product that is not there', async () => {
    const res = await patch('00000000-0000-4000-8000-000000000000', { moq: 20 });
    expect(res.statusCode).toBe(404);
  });

  it('writes SKU and ladder changes into the audit trail', async () => {
    const part = await checker({ sku: 'OLD-SKU-1', name: 'Audited Checker' });
    await patch(part.id, {
      sku: 'NEW-SKU-1',
      tiers: ladderInDollars([10, 3.33], [50, 2.79]),
    });
    const { data } = (
      await inject(ctx.app, 'GET /api/audit', { query: { limit: '1' }, as: admin })
    ).json();
    expect(data[0]).toMatchObject({ action: 'product.update', targetId: part.id });
    expect(data[0]!.summary).toContain('Changed sku, tiers: now Audited Checker (SKU NEW-SKU-1');
    expect(data[0]!.summary).toContain('SKU was OLD-SKU-1');
    expect(data[0]!.summary).toContain(
      'ladder minimum 10 in packs of 1, 10+ $3.33 · 50+ $2.99 → minimum 10 in packs of 1, 10+ $3.33 · 50+ $2.79',
    );
  });
});

describe('searching the catalogue', () => {
  it('finds products by part of their SKU or name, whatever the case', async () => {
    const hub = await insertProduct(ctx.db, { sku: 'HUB-QX9-77', name: 'Freehub body tool' });
    const named = await insertProduct(ctx.db, { sku: 'ZZ-1', name: 'Qx9 cone spanner' });
    const found = (
      await inject(ctx.app, 'GET /api/tools', { query: { q: 'qx9' }, as: admin })
    ).json<{
      data: Product[];
      total: number;
    }>();
    expect(found.data.map((p) => p._id).sort()).toEqual([hub.id, named.id].sort());
    expect(found.total).toBe(2);
    const bySku = (
      await inject(ctx.app, 'GET /api/tools', { query: { q: 'b-qX9-7' }, as: admin })
    ).json<{ data: Product[] }>();
    expect(bySku.data.map((p) => p.sku)).toEqual(['HUB-QX9-77']);
  });
});
