import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from './support/fixtures.ts';
import { makeTestApp } from './support/test-app.ts';

let ctx: Awaited<ReturnType<typeof makeTestApp>>;

beforeAll(async () => {
  ctx = await makeTestApp();
  const names = [
    'Brake pads',
    'Chain whip',
    'Spoke wrench',
    'Tyre levers',
    '10% off chain',
    'Cable_cutter',
  ];
  for (const [i, name] of names.entries()) {
    await insertProduct(ctx.db, { name, priceCents: 1000 + i * 101, stock: 50 + i });
  }
});
afterAll(() => ctx.app.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url });

describe('GET /api/tools', () => {
  it('lists products in a data field with the spec names and dollar prices', async () => {
    const res = await get('/api/tools');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, limit: 12, total: 6, totalPages: 1 });
    expect(body.data).toHaveLength(6);
    const pads = body.data.find((p: { name: string }) => p.name === 'Brake pads');
    expect(pads).toEqual({
      _id: expect.any(String),
      name: 'Brake pads',
      img: '/images/products/chain-whip.svg',
      desc: 'Holds the cassette while the lockring is undone.',
      price: 10,
      stock: 50,
      sku: expect.stringMatching(/^T-/),
      moq: 10,
      packSize: 1,
      tiers: [{ minQuantity: 10, price: 10 }],
      weightGrams: 0,
      // Not filed under a brand or category yet, and plenty on hand.
      brand: null,
      category: null,
      mpn: null,
      gtin: null,
      attributes: {},
      availability: 'in_stock',
      backorder: { allowed: false, expectedAt: null },
      familyId: null,
      variantCount: 1,
    });
    expect(body.data.find((p: { name: string }) => p.name === 'Chain whip').price).toBe(11.01);
  });

  it('searches names case-insensitively', async () => {
    const body = (await get('/api/tools?q=CHAIN')).json();
    expect(body.data.map((p: { name: string }) => p.name).sort()).toEqual([
      '10% off chain',
      'Chain whip',
    ]);
    expect(body.total).toBe(2);
  });

  it('treats % and _ in a search as plain characters', async () => {
    expect((await get('/api/tools?q=10%25')).json().data).toHaveLength(1);
    expect((await get('/api/tools?q=_')).json().data.map((p: { name: string }) => p.name)).toEqual([
      'Cable_cutter',
    ]);
  });

  it('pages through the list without overlap', async () => {
    const first = (await get('/api/tools?limit=4&page=1')).json();
    const second = (await get('/api/tools?limit=4&page=2')).json();
    expect(first).toMatchObject({ page: 1, limit: 4, total: 6, totalPages: 2 });
    expect(first.data).toHaveLength(4);
    expect(second.data).toHaveLength(2);
    const ids = [...first.data, ...second.data].map((p: { _id: string }) => p._id);
    expect(new Set(ids).size).toBe(6);
  });

  it('answers a page past the end with an empty list', async () => {
    const body = (await get('/api/tools?page=9')).json();
    expect(body.data).toEqual([]);
    expect(body.total).toBe(6);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['page=0', 'page'],
    ['page=abc', 'page'],
  ])('refuses %s with a 400 naming the parameter', async (query, field) => {
    const res = await get(`/api/tools?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'bad_request', message: expect.stringContaining(field) });
  });
});

describe('GET /api/tools/{id}', () => {
  it('returns one product', async () => {
    const created = await insertProduct(ctx.db, {
      name: 'Pedal wrench',
      priceCents: 2450,
      stock: 77,
    });
    const res = await get(`/api/tools/${created.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      _id: created.id,
      name: 'Pedal wrench',
      price: 24.5,
      stock: 77,
    });
  });

  it.each([
    ['an unknown id', '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', 'not-an-id'],
    ['an injection attempt', "1' or '1'='1"],
  ])('answers 404 JSON for %s', async (_label, id) => {
    const res = await get(`/api/tools/${encodeURIComponent(id)}`);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({ error: 'not_found', message: 'Product not found' });
  });
});
