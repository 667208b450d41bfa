import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  facetValuesOf,
  type Attribute,
  type Category,
  type Family,
  type ProductAttributes,
} from '../src/contract/taxonomy.ts';
import { adminShop } from './support/admin-shop.ts';
import { insertProduct } from './support/fixtures.ts';
import { inject, refusalOf } from './support/inject.ts';

const { ctx, admin, customer, latestAudit, adminDelete } = await adminShop();
afterAll(() => ctx.app.close());

const category = async (name: string) =>
  (await inject(ctx.app, 'POST /api/categories', { as: admin, body: { name } })).json<Category>();
const chains = await category('Chains');
const cassettes = await category('Cassettes');

const GHOST = '6f1c3a52-9a4e-4c1b-8d2e-0a9b8c7d6e5f';

type AttributeBody = {
  key: string;
  label: string;
  type: 'enum' | 'number' | 'boolean';
  unit?: string | null;
  multi?: boolean;
  values?: string[];
  categoryIds?: string[];
};

async function addAttribute(body: AttributeBody) {
  const res = await inject(ctx.app, 'POST /api/attributes', { as: admin, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Attribute>();
}

const patchAttribute = (id: string, payload: unknown) =>
  inject(ctx.app, 'PATCH /api/attributes/:id', { as: admin, params: { id }, payload });

/** A product carrying these values, its facet index written as the catalogue writes it. */
const carrying = (name: string, attributes: ProductAttributes) =>
  insertProduct(ctx.db, {
    name,
    categoryId: chains._id,
    attributes,
    facetValues: facetValuesOf(attributes),
  });

describe('attributes', () => {
  it('are defined by admins, attached to categories, and listed to anyone', async () => {
    const speeds = await addAttribute({
      key: 'speeds',
      label: 'Speeds',
      type: 'enum',
      values: ['9', '10', '11', '12'],
      categoryIds: [chains._id, cassettes._id],
    });
    expect(speeds).toEqual({
      _id: speeds._id,
      key: 'speeds',
      label: 'Speeds',
      type: 'enum',
      unit: null,
      multi: false,
      values: ['9', '10', '11', '12'],
      categoryIds: [chains._id, cassettes._id].sort(),
    });
    const length = await addAttribute({
      key: 'length',
      label: 'Length',
      type: 'number',
      unit: 'mm',
    });
    const res = await inject(ctx.app, 'GET /api/attributes');
    expect(res.statusCode).toBe(200);
    const { data } = res.json<{ data: Attribute[] }>();
    expect(data.find((a) => a._id === speeds._id)).toEqual(speeds);
    expect(data.find((a) => a._id === length._id)).toMatchObject({
      unit: 'mm',
      values: [],
      categoryIds: [],
    });
    expect(await latestAudit()).toMatchObject({
      action: 'attribute.create',
      targetType: 'attribute',
      targetId: length._id,
    });
  });

  it('cannot share a key (409 naming the attribute that has it)', async () => {
    await addAttribute({ key: 'colour', label: 'Colour', type: 'enum', values: ['black'] });
    const res = await inject(ctx.app, 'POST /api/attributes', {
      as: admin,
      body: { key: 'Colour', label: 'Color', type: 'enum', values: ['red'] },
    });
    expect(refusalOf(res, 409)).toBe('The key colour is already used by the attribute Colour');
  });

  it('refuse categories that are not there, naming them (400)', async () => {
    const res = await inject(ctx.app, 'POST /api/attributes', {
      as: admin,
      body: {
        key: 'brake-mount',
        label: 'Brake mount',
        type: 'enum',
        values: ['flat'],
        categoryIds: [chains._id, GHOST],
      },
    });
    expect(refusalOf(res, 400)).toBe(`categoryIds: there is no category ${GHOST}`);
    const mount = await addAttribute({
      key: 'axle',
      label: 'Axle',
      type: 'enum',
      values: ['12x142'],
    });
    expect(refusalOf(await patchAttribute(mount._id, { categoryIds: [GHOST] }), 400)).toContain(
      GHOST,
    );
  });

  it('change their label, values and categories, but never their key or type (400)', async () => {
    const wheel = await addAttribute({
      key: 'wheel-size',
      label: 'Wheel',
      type: 'enum',
      values: ['622', '584'],
      categoryIds: [chains._id],
    });
    const res = await patchAttribute(wheel._id, {
      label: 'Wheel size',
      values: ['622', '584', '559'],
      categoryIds: [cassettes._id],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      key: 'wheel-size',
      label: 'Wheel size',
      values: ['622', '584', '559'],
      categoryIds: [cassettes._id],
    });
    expect(await latestAudit()).toMatchObject({
      action: 'attribute.update',
      summary:
        'Changed the attribute: now Wheel size (wheel-size, enum: 622, 584, 559; on 1 category)',
    });
    expect(refusalOf(await patchAttribute(wheel._id, { key: 'wheel' }), 400)).toBe(
      'key: The key of an attribute cannot be changed',
    );
    expect(refusalOf(await patchAttribute(wheel._id, { type: 'number' }), 400)).toBe(
      'type: The type of an attribute cannot be changed',
    );
    expect(refusalOf(await patchAttribute(wheel._id, { values: [] }), 400)).toBe(
      'values: an enum attribute lists its values',
    );
  });

  it('keep an enum value while products carry it (409 saying how many and naming one)', async () => {
    const bb = await addAttribute({
      key: 'bb-standard',
      label: 'Bottom bracket',
      type: 'enum',
      values: ['BSA 68', 'BB86', 'PF30', 'T47'],
    });
    await carrying('Zeta bottom bracket', { 'bb-standard': 'PF30' });
    await carrying('Alpha bottom bracket', { 'bb-standard': 'PF30' });
    const refused = await patchAttribute(bb._id, { values: ['BSA 68', 'BB86', 'T47'] });
    expect(refusalOf(refused, 409)).toMatch(
      /^values: 2 products still carry Bottom bracket PF30, for example Alpha bottom bracket \(SKU T-\w+\): change them first$/,
    );
    const dropped = await patchAttribute(bb._id, { values: ['BSA 68', 'PF30', 'T47'] });
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect(dropped.json().values).toEqual(['BSA 68', 'PF30', 'T47']);
  });

  it('take one value again only once no product carries several (409)', async () => {
    const freehub = await addAttribute({
      key: 'freehub',
      label: 'Freehub body',
      type: 'enum',
      multi: true,
      values: ['Shimano HG', 'SRAM XD', 'Campagnolo'],
    });
    await carrying('Hub with two bodies', { freehub: ['Shimano HG', 'SRAM XD'] });
    expect(refusalOf(await patchAttribute(freehub._id, { multi: false }), 409)).toMatch(
      /^multi: 1 product carries several values of Freehub body, for example Hub with two bodies/,
    );
  });

  it('stay on a category while its products carry them (409 naming one), and come off once none do', async () => {
    const links = await addAttribute({
      key: 'chain-links',
      label: 'Chain links',
      type: 'number',
      categoryIds: [chains._id, cassettes._id],
    });
    const chain = await carrying('Long chain', { 'chain-links': 126 });
    // No cassette carries links: off cassettes it comes.
    const offCassettes = await patchAttribute(links._id, { categoryIds: [chains._id] });
    expect(offCassettes.statusCode, offCassettes.body).toBe(200);
    const refused = await patchAttribute(links._id, { categoryIds: [cassettes._id] });
    expect(refusalOf(refused, 409)).toMatch(
      /^categoryIds: taking Chain links off would leave Long chain \(SKU T-\w+\) with chain-links, which its category would no longer have: change those products first$/,
    );
    const listed = (await inject(ctx.app, 'GET /api/attributes')).json().data;
    expect(listed.find((a: Attribute) => a.key === 'chain-links')?.categoryIds).toEqual([
      chains._id,
    ]);
    await adminDelete('DELETE /api/tool/:id', chain.id);
    const moved = await patchAttribute(links._id, { categoryIds: [cassettes._id] });
    expect(moved.statusCode, moved.body).toBe(200);
  });

  it('answer 404 for an attribute that is not there, and only admins change them', async () => {
    expect((await patchAttribute(GHOST, { label: 'Ghost' })).statusCode).toBe(404);
    const body = { key: 'tubeless', label: 'Tubeless', type: 'boolean' as const };
    const asCustomer = await inject(ctx.app, 'POST /api/attributes', { as: customer, body });
    expect(asCustomer.statusCode).toBe(403);
    const visitor = await inject(ctx.app, 'POST /api/attributes', { body });
    expect(visitor.statusCode).toBe(401);
    const some = (await inject(ctx.app, 'GET /api/attributes')).json<{ data: Attribute[] }>();
    const patch = await inject(ctx.app, 'PATCH /api/attributes/:id', {
      as: customer,
      params: { id: some.data[0]!._id },
      body: { label: 'Mine' },
    });
    expect(patch.statusCode).toBe(403);
  });
});

describe('families', () => {
  let width: Attribute;
  beforeAll(async () => {
    width = await addAttribute({ key: 'width', label: 'Width', type: 'number', unit: 'mm' });
  });

  const addFamily = async (body: { name: string; axes: string[] }) => {
    const res = await inject(ctx.app, 'POST /api/families', { as: admin, body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Family>();
  };

  it('are made by admins from existing attribute keys and listed to anyone', async () => {
    const tyres = await addFamily({ name: 'Grand Prix 5000', axes: ['wheel-size', 'width'] });
    expect(tyres).toEqual({
      _id: tyres._id,
      name: 'Grand Prix 5000',
      axes: ['wheel-size', 'width'],
    });
    const res = await inject(ctx.app, 'GET /api/families');
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: Family[] }>().data).toContainEqual(tyres);
    expect(await latestAudit()).toMatchObject({ action: 'family.create', targetId: tyres._id });
    expect(width.key).toBe('width');
  });

  it('refuse an axis that is no attribute key, naming it (400)', async () => {
    const res = await inject(ctx.app, 'POST /api/families', {
      as: admin,
      body: { name: 'Bar tape', axes: ['colour', 'tape-length'] },
    });
    expect(refusalOf(res, 400)).toBe('axes: there is no attribute with the key tape-length');
    const family = await addFamily({ name: 'Chains by length', axes: ['length'] });
    const patch = await inject(ctx.app, 'PATCH /api/families/:id', {
      as: admin,
      params: { id: family._id },
      body: { axes: ['links'] },
    });
    expect(refusalOf(patch, 400)).toBe('axes: there is no attribute with the key links');
  });

  it('are renamed and given other axes', async () => {
    const family = await addFamily({ name: 'Tape', axes: ['colour'] });
    const res = await inject(ctx.app, 'PATCH /api/families/:id', {
      as: admin,
      params: { id: family._id },
      body: { name: 'Bar tape', axes: ['colour', 'length'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ _id: family._id, name: 'Bar tape', axes: ['colour', 'length'] });
  });

  it('are not deleted while products belong to them (409), and are once none do', async () => {
    const family = await addFamily({ name: 'HG701 chains', axes: ['length'] });
    const member = await insertProduct(ctx.db, { familyId: family._id });
    const refused = await adminDelete('DELETE /api/families/:id', family._id);
    expect(refusalOf(refused, 409)).toBe(
      'The family HG701 chains still has 1 product: take them out of it or delete them first',
    );
    await adminDelete('DELETE /api/tool/:id', member.id);
    const res = await adminDelete('DELETE /api/families/:id', family._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: true, _id: family._id });
    const again = await adminDelete('DELETE /api/families/:id', family._id);
    expect(again.statusCode).toBe(404);
  });

  it('are changed by admins only: customers hear 403 and visitors 401', async () => {
    const family = await addFamily({ name: 'Cassettes by range', axes: ['speeds'] });
    const body = { name: 'Mine', axes: ['speeds'] };
    expect((await inject(ctx.app, 'POST /api/families', { as: customer, body })).statusCode).toBe(
      403,
    );
    expect((await inject(ctx.app, 'POST /api/families', { body })).statusCode).toBe(401);
    const del = await inject(ctx.app, 'DELETE /api/families/:id', {
      as: customer,
      params: { id: family._id },
    });
    expect(del.statusCode).toBe(403);
  });
});
