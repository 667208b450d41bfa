import { afterAll, describe, expect, it } from 'vitest';
import type { Brand } from '../src/contract/taxonomy.ts';
import { adminShop } from './support/admin-shop.ts';
import { insertProduct } from './support/fixtures.ts';
import { inject, refusalOf } from './support/inject.ts';

const { ctx, admin, customer, latestAudit, adminDelete } = await adminShop();
afterAll(() => ctx.app.close());

async function add(body: { name: string; slug?: string }) {
  const res = await inject(ctx.app, 'POST /api/brands', { as: admin, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Brand>();
}

const list = async () => {
  const res = await inject(ctx.app, 'GET /api/brands');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Brand[] }>().data;
};
const listed = async (id: string) => (await list()).find((b) => b._id === id);

describe('the brand list', () => {
  it('shows anyone every brand in name order with how many products carry it', async () => {
    const sram = await add({ name: 'SRAM' });
    const shimano = await add({ name: 'Shimano' });
    const kmc = await add({ name: 'KMC' });
    for (const brandId of [shimano._id, shimano._id, kmc._id]) {
      await insertProduct(ctx.db, { brandId });
    }
    expect(await list()).toEqual([
      { _id: kmc._id, slug: 'kmc', name: 'KMC', productCount: 1 },
      { _id: shimano._id, slug: 'shimano', name: 'Shimano', productCount: 2 },
      { _id: sram._id, slug: 'sram', name: 'SRAM', productCount: 0 },
    ]);
  });
});

describe('an admin', () => {
  it('adds a brand with a slug made from its name, in the audit trail', async () => {
    const brand = await add({ name: 'Pédaled Ltd.' });
    expect(brand).toEqual({
      _id: brand._id,
      slug: 'pedaled-ltd',
      name: 'Pédaled Ltd.',
      productCount: 0,
    });
    expect(await latestAudit()).toMatchObject({
      action: 'brand.create',
      targetType: 'brand',
      targetId: brand._id,
      summary: 'Added the brand Pédaled Ltd. (pedaled-ltd)',
    });
  });

  it('cannot give two brands one name, whatever its case, or one slug (409 naming the other)', async () => {
    await add({ name: 'Continental', slug: 'conti' });
    const sameName = await inject(ctx.app, 'POST /api/brands', {
      as: admin,
      body: { name: 'CONTINENTAL' },
    });
    expect(refusalOf(sameName, 409)).toBe('There is already a brand named Continental (conti)');
    const sameSlug = await inject(ctx.app, 'POST /api/brands', {
      as: admin,
      body: { name: 'Conti Tyres', slug: 'conti' },
    });
    expect(refusalOf(sameSlug, 409)).toBe(
      'The slug conti is already used by the brand Continental',
    );
    const other = await add({ name: 'Schwalbe' });
    const renamed = await inject(ctx.app, 'PATCH /api/brands/:id', {
      as: admin,
      params: { id: other._id },
      body: { name: 'continental' },
    });
    expect(refusalOf(renamed, 409)).toBe('There is already a brand named Continental (conti)');
  });

  it('renames a brand and changes its slug, keeping its count', async () => {
    const brand = await add({ name: 'Tektro' });
    await insertProduct(ctx.db, { brandId: brand._id });
    const res = await inject(ctx.app, 'PATCH /api/brands/:id', {
      as: admin,
      params: { id: brand._id },
      body: { name: 'Tektro Racing', slug: 'tektro-racing' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      _id: brand._id,
      name: 'Tektro Racing',
      slug: 'tektro-racing',
      productCount: 1,
    });
    expect(await latestAudit()).toMatchObject({
      action: 'brand.update',
      summary: 'Changed the brand: now Tektro Racing (tektro-racing)',
    });
  });

  it('cannot delete a brand while products carry it (409 saying how many), and deletes it once none do', async () => {
    const brand = await add({ name: 'Park Tool' });
    const first = await insertProduct(ctx.db, { brandId: brand._id });
    const second = await insertProduct(ctx.db, { brandId: brand._id });
    const refused = await adminDelete('DELETE /api/brands/:id', brand._id);
    expect(refusalOf(refused, 409)).toBe(
      'Park Tool still has 2 products: give them another brand or delete them first',
    );
    for (const product of [first, second]) {
      const res = await adminDelete('DELETE /api/tool/:id', product.id);
      expect(res.statusCode, res.body).toBe(200);
      // The count is not the one cached before the product went.
      expect((await listed(brand._id))?.productCount).toBe(product === first ? 1 : 0);
    }
    const res = await adminDelete('DELETE /api/brands/:id', brand._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: true, _id: brand._id });
    expect(await listed(brand._id)).toBeUndefined();
    expect(await latestAudit()).toMatchObject({ action: 'brand.delete', targetId: brand._id });
  });

  it('hears 404 for a brand that is not there', async () => {
    for (const id of ['6f1c3a52-9a4e-4c1b-8d2e-0a9b8c7d6e5f', 'nope']) {
      const patch = await inject(ctx.app, 'PATCH /api/brands/:id', {
        as: admin,
        params: { id },
        body: { name: 'Ghost' },
      });
      expect(patch.statusCode).toBe(404);
      const del = await adminDelete('DELETE /api/brands/:id', id);
      expect(del.statusCode).toBe(404);
    }
  });
});

describe('who may change brands', () => {
  it('admins only: customers hear 403 and visitors 401', async () => {
    const brand = await add({ name: 'Brooks' });
    const asCustomer = [
      await inject(ctx.app, 'POST /api/brands', { as: customer, body: { name: 'Mine' } }),
      await inject(ctx.app, 'PATCH /api/brands/:id', {
        as: customer,
        params: { id: brand._id },
        body: { name: 'Mine' },
      }),
      await inject(ctx.app, 'DELETE /api/brands/:id', { as: customer, params: { id: brand._id } }),
    ];
    expect(asCustomer.map((res) => res.statusCode)).toEqual([403, 403, 403]);
    const visitor = await inject(ctx.app, 'DELETE /api/brands/:id', { params: { id: brand._id } });
    expect(visitor.statusCode).toBe(401);
    expect(await listed(brand._id)).toMatchObject({ name: 'Brooks' });
  });
});
