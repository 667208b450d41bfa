import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './support/auth.ts';
import { insertProduct } from './support/fixtures.ts';
import { inject } from './support/inject.ts';
import { makeTestApp } from './support/test-app.ts';

// `?q=` looks in the name and SKU as the database keeps them together for it (drizzle/0016).

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let admin: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  ctx = await makeTestApp({ ADMIN_EMAILS: 'chief@example.com' });
  admin = await signUp(ctx.app, { email: 'chief@example.com', name: 'Chief Admin' });
  await insertProduct(ctx.db, { sku: 'HS-1', name: 'Hub spanner' });
  await insertProduct(ctx.db, { sku: 'RT-2', name: 'Rim tape\nblack' });
  await insertProduct(ctx.db, { sku: 'EC-3', name: 'Écrou de moyeu' });
});
afterAll(() => ctx.app.close());

const skusFound = async (q: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/tools?q=${encodeURIComponent(q)}` });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { sku: string }[] }>().data.map((p) => p.sku);
};

describe('searching the catalogue by name and SKU', () => {
  it('finds a product by its new name and SKU at once after an admin renames it, and no longer by the old ones', async () => {
    const added = await insertProduct(ctx.db, { sku: 'OLD-77', name: 'Pedal spindle tool' });
    expect(await skusFound('spindle')).toEqual(['OLD-77']);
    expect(await skusFound('old-7')).toEqual(['OLD-77']);

    const edited = await inject(ctx.app, 'PATCH /api/tools/:id', {
      params: { id: added.id },
      body: { name: 'Crank puller', sku: 'new-88' },
      as: admin,
    });
    expect(edited.statusCode).toBe(200);

    expect(await skusFound('puller')).toEqual(['NEW-88']);
    expect(await skusFound('CRANK P')).toEqual(['NEW-88']);
    expect(await skusFound('new-8')).toEqual(['NEW-88']);
    expect(await skusFound('spindle')).toEqual([]);
    expect(await skusFound('old-7')).toEqual([]);
    // Terms of one or two letters are looked for as well: the old SKU's "D-" no longer is.
    expect(await skusFound('d-')).toEqual([]);
  });

  it('finds a product by words of its name and its SKU together, in any order', async () => {
    // Each word of the search is looked for on its own (a line break parts words as a space).
    expect(await skusFound('spanner\nhs-1')).toEqual(['HS-1']);
    expect(await skusFound('black tape')).toEqual(['RT-2']);
    expect(await skusFound('tape\nblack')).toEqual(['RT-2']);
    expect(await skusFound('black hs-1')).toEqual([]);
  });

  it('finds names with accented letters whatever their case', async () => {
    expect(await skusFound('écrou')).toEqual(['EC-3']);
    expect(await skusFound('ÉCROU DE')).toEqual(['EC-3']);
    expect(await skusFound('é')).toEqual(['EC-3']);
  });
});
