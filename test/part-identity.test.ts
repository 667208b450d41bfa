import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attributeCategories,
  attributes,
  brands,
  categories,
  families,
} from '../src/server/db/schema.ts';
import { signUp } from './support/auth.ts';
import { inject, refusalOf } from './support/inject.ts';
import { makeTestApp } from './support/test-app.ts';

// A part's identity: brand, MPN, GTIN, category, attributes and family, on Add Product, on the
// product form and in every product answer.

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let admin: Awaited<ReturnType<typeof signUp>>;
const ids = {} as Record<'shimano' | 'sram' | 'drivetrain' | 'chains' | 'tools' | 'tyres', string>;
let tyreFamily: string;

beforeAll(async () => {
  ctx = await makeTestApp({ ADMIN_EMAILS: 'chief@example.com', LOW_STOCK_AT: '20' });
  admin = await signUp(ctx.app, { email: 'chief@example.com', name: 'Chief Admin' });
  const [shimano, sram] = await ctx.db
    .insert(brands)
    .values([
      { slug: 'shimano', name: 'Shimano' },
      { slug: 'sram', name: 'SRAM' },
    ])
    .returning();
  const [drivetrain, tools] = await ctx.db
    .insert(categories)
    .values([
      { slug: 'drivetrain', name: 'Drivetrain' },
      { slug: 'tools', name: 'Tools' },
    ])
    .returning();
  const [chains, tyres] = await ctx.db
    .insert(categories)
    .values([
      { slug: 'chains', name: 'Chains', parentId: drivetrain!.id },
      { slug: 'tyres', name: 'Tyres', parentId: tools!.id },
    ])
    .returning();
  Object.assign(ids, {
    shimano: shimano!.id,
    sram: sram!.id,
    drivetrain: drivetrain!.id,
    chains: chains!.id,
    tools: tools!.id,
    tyres: tyres!.id,
  });
  const [speeds, freehub, links, width] = await ctx.db
    .insert(attributes)
    .values([
      { key: 'speeds', label: 'Speeds', type: 'enum', values: ['9', '10', '11', '12'] },
      {
        key: 'freehub',
        label: 'Freehub body',
        type: 'enum',
        multi: true,
        values: ['Shimano HG', 'SRAM XD'],
      },
      { key: 'links', label: 'Links', type: 'number' },
      { key: 'width', label: 'Width', type: 'number', unit: 'mm' },
    ])
    .returning();
  await ctx.db.insert(attributeCategories).values([
    // On the parent: chains inherit them.
    { attributeId: speeds!.id, categoryId: drivetrain!.id },
    { attributeId: freehub!.id, categoryId: drivetrain!.id },
    { attributeId: links!.id, categoryId: chains!.id },
    { attributeId: width!.id, categoryId: tyres!.id },
  ]);
  const [family] = await ctx.db
    .insert(families)
    .values({ name: 'Trail tyre', axes: ['width'] })
    .returning();
  tyreFamily = family!.id;
});
afterAll(() => ctx.app.close());

const part = (overrides: Record<string, unknown> = {}) => ({
  name: 'Chain CN-HG701-11',
  price: 24.9,
  stock: 300,
  img: '/images/products/chain-whip.svg',
  ...overrides,
});

const add = (body: Record<string, unknown>) =>
  inject(ctx.app, 'POST /api/tools', { body: body as never, as: admin });

describe('a part’s codes', () => {
  it('refuses a GTIN whose check digit is wrong, saying which digit it should be', async () => {
    const res = await add(part({ gtin: '4524667904711' }));
    expect(refusalOf(res, 400)).toContain('GTIN 4524667904711: the check digit should be 7');
  });

  it('takes an EAN-13 with spaces as scanned and answers it with the brand, MPN and GTIN', async () => {
    const res = await add(
      part({ gtin: '4524667 904717', brandId: ids.shimano, mpn: 'CN-HG701-11', sku: 'CH-701' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      gtin: '4524667904717',
      mpn: 'CN-HG701-11',
      brand: { _id: ids.shimano, slug: 'shimano', name: 'Shimano' },
      category: null,
      attributes: {},
      availability: 'in_stock',
      familyId: null,
    });
  });

  it('refuses the same item again as a GTIN-14, naming the product that holds it', async () => {
    const res = await add(part({ name: 'Copy', gtin: '04524667904717' }));
    expect(refusalOf(res, 409)).toBe(
      'GTIN 04524667904717 is already used by Chain CN-HG701-11 (SKU CH-701)',
    );
  });

  it('refuses a brand’s MPN typed another way, and takes it under another brand', async () => {
    const clash = await add(part({ name: 'Copy', brandId: ids.shimano, mpn: 'cn hg701 11' }));
    expect(refusalOf(clash, 409)).toBe(
      'MPN cn hg701 11 of this brand is already used by Chain CN-HG701-11 (SKU CH-701)',
    );
    const other = await add(part({ name: 'Other brand', brandId: ids.sram, mpn: 'CN-HG701-11' }));
    expect(other.statusCode).toBe(201);
  });

  it('refuses a brand or category that does not exist', async () => {
    const unknown = '00000000-0000-4000-8000-000000000999';
    expect(refusalOf(await add(part({ brandId: unknown })), 400)).toContain(`no brand ${unknown}`);
    expect(refusalOf(await add(part({ categoryId: unknown })), 400)).toContain(
      `no category ${unknown}`,
    );
  });
});

describe('a part’s category and attributes', () => {
  it('takes the attributes its category and those above it carry, and answers the path', async () => {
    const res = await add(
      part({
        name: 'Chain 11-speed',
        categoryId: ids.chains,
        attributes: { speeds: 11, freehub: 'Shimano HG', links: '116' },
        stock: 12,
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      category: {
        _id: ids.chains,
        slug: 'chains',
        name: 'Chains',
        path: [
          { slug: 'drivetrain', name: 'Drivetrain' },
          { slug: 'chains', name: 'Chains' },
        ],
      },
      // As each attribute stores it: an enum's text, a number, a multi attribute's list.
      attributes: { speeds: '11', freehub: ['Shimano HG'], links: 116 },
      availability: 'low_stock',
    });
  });

  it('refuses a value its attribute does not allow, naming both', async () => {
    const res = await add(part({ categoryId: ids.chains, attributes: { speeds: 13 } }));
    expect(refusalOf(res, 400)).toContain('attributes.speeds: 13 is not one of 9, 10, 11, 12');
    const many = await add(part({ categoryId: ids.chains, attributes: { links: [114, 116] } }));
    expect(refusalOf(many, 400)).toContain('attributes.links: one value only');
  });

  it('refuses an attribute its category does not carry', async () => {
    const res = await add(part({ categoryId: ids.tyres, attributes: { speeds: 11 } }));
    expect(refusalOf(res, 400)).toContain('attributes.speeds: not an attribute of this category');
    const none = await add(part({ attributes: { speeds: 11 } }));
    expect(refusalOf(none, 400)).toContain('a product needs a category');
  });

  it('keeps an edit that moves a part out of its attributes’ category from saving', async () => {
    const added = (
      await add(part({ categoryId: ids.chains, attributes: { links: 114 }, name: 'Moved' }))
    ).json();
    const moved = await inject(ctx.app, 'PATCH /api/tools/:id', {
      params: { id: added._id },
      body: { categoryId: ids.tyres },
      as: admin,
    });
    expect(refusalOf(moved, 400)).toContain('attributes.links: not an attribute');
    const cleared = await inject(ctx.app, 'PATCH /api/tools/:id', {
      params: { id: added._id },
      body: { categoryId: ids.tyres, attributes: { width: 2.4 } },
      as: admin,
    });
    expect(cleared.json()).toMatchObject({
      category: { slug: 'tyres' },
      attributes: { width: 2.4 },
    });
  });

  it('shows a part with none on hand as out of stock', async () => {
    const res = await add(part({ name: 'Gone', stock: 0 }));
    expect(res.json().availability).toBe('out_of_stock');
  });
});

describe('a family of variants', () => {
  it('lists every variant on each of its products, and refuses two with the same axis value', async () => {
    const tyre = (width: number, sku: string) =>
      add(
        part({
          name: `Trail tyre 29 x ${width}`,
          sku,
          categoryId: ids.tyres,
          familyId: tyreFamily,
          attributes: { width },
        }),
      );
    const narrow = (await tyre(2.25, 'TT-225')).json();
    expect(narrow.familyId).toBe(tyreFamily);
    await tyre(2.4, 'TT-240');
    const twin = await tyre(2.4, 'TT-240B');
    expect(refusalOf(twin, 409)).toBe(
      'Trail tyre 29 x 2.4 (SKU TT-240) is already the Trail tyre variant with width 2.4',
    );
    const detail = (
      await inject(ctx.app, 'GET /api/tools/:id', { params: { id: narrow._id } })
    ).json();
    expect(detail.family).toMatchObject({ _id: tyreFamily, name: 'Trail tyre', axes: ['width'] });
    expect(detail.family!.variants.map((v: { sku: string }) => v.sku)).toEqual([
      'TT-225',
      'TT-240',
    ]);
    expect(detail.family!.variants[0]).toMatchObject({
      attributes: { width: 2.25 },
      price: 24.9,
      moq: 10,
      stock: 300,
      availability: 'in_stock',
    });
  });

  it('refuses a variant without its axis value', async () => {
    const res = await add(part({ categoryId: ids.tyres, familyId: tyreFamily }));
    expect(refusalOf(res, 400)).toContain(
      'attributes.width: a variant of Trail tyre needs one width',
    );
  });

  it('answers a product outside a family with family null', async () => {
    const res = await add(part({ name: 'Loner' }));
    const detail = await inject(ctx.app, 'GET /api/tools/:id', { params: { id: res.json()._id } });
    expect(detail.json().family).toBeNull();
  });
});
