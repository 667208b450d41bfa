import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from './support/fixtures.ts';
import { makeTestApp } from './support/test-app.ts';

// Someone who types a whole SKU wants that part: it comes first, then the other matches.

let ctx: Awaited<ReturnType<typeof makeTestApp>>;

beforeAll(async () => {
  ctx = await makeTestApp();
  await insertProduct(ctx.db, { sku: 'AD-1', name: 'Adapter for CT-10 chain tools' });
  await insertProduct(ctx.db, { sku: 'CT-100', name: 'Master link pliers' });
  await insertProduct(ctx.db, { sku: 'CT-10', name: 'Workshop chain tool' });
  await insertProduct(ctx.db, { sku: 'ZZ-7', name: 'Valve core remover' });
});
afterAll(() => ctx.app.close());

const search = async (query: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/tools?${query}` });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { sku: string }[]; total: number; totalPages: number }>();
};

describe('searching the catalogue by SKU', () => {
  it('puts the product whose SKU is the search first, whatever the case, then the other matches by name', async () => {
    const found = await search('q=ct-10');
    expect(found.data.map((p) => p.sku)).toEqual(['CT-10', 'AD-1', 'CT-100']);
    expect(found.total).toBe(3);
  });

  it('keeps that order across pages, each match shown once', async () => {
    const pages = [];
    for (const page of [1, 2, 3]) {
      const found = await search(`q=CT-10&limit=1&page=${page}`);
      expect(found.total).toBe(3);
      expect(found.totalPages).toBe(3);
      pages.push(...found.data.map((p) => p.sku));
    }
    expect(pages).toEqual(['CT-10', 'AD-1', 'CT-100']);
    expect((await search('q=CT-10&limit=1&page=4')).data).toEqual([]);
  });

  it('finds a part of a word in names and SKUs of one and two letters too', async () => {
    expect((await search('q=z')).data.map((p) => p.sku)).toEqual(['ZZ-7']);
    expect((await search('q=ct')).data.map((p) => p.sku)).toEqual(['AD-1', 'CT-100', 'CT-10']);
  });
});
