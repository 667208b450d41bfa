import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attributeCategories,
  attributes,
  brands,
  categories,
  families,
  searchSynonyms,
} from '../src/server/db/schema.ts';
import { facetValuesOf, type ProductAttributes } from '../src/contract/taxonomy.ts';
import { insertProduct } from './support/fixtures.ts';
import { inject, refusalOf } from './support/inject.ts';
import { makeTestApp } from './support/test-app.ts';

// Finding the part: filters with counts, forgiving search and families shown once.

let ctx: Awaited<ReturnType<typeof makeTestApp>>;

type Part = {
  name: string;
  brand: 'shimano' | 'sram' | 'kmc';
  category: 'chains' | 'cassettes' | 'tyres';
  attributes: ProductAttributes;
  stock?: number;
  description?: string;
  mpn?: string;
  gtin?: string;
  family?: string;
  priceCents?: number;
};

const parts: Part[] = [
  {
    name: 'CN-HG701 11-speed chain',
    brand: 'shimano',
    category: 'chains',
    attributes: { speeds: '11', links: 116 },
    mpn: 'CN-HG701-11',
    gtin: '4524667904717',
    priceCents: 2490,
  },
  {
    name: 'CN-M8100 12-speed chain',
    brand: 'shimano',
    category: 'chains',
    attributes: { speeds: '12', links: 126 },
    priceCents: 3990,
  },
  {
    name: 'PC-1110 chain',
    brand: 'sram',
    category: 'chains',
    attributes: { speeds: '11', links: 114 },
    stock: 0,
    priceCents: 2190,
  },
  {
    name: 'X11 chain',
    brand: 'kmc',
    category: 'chains',
    attributes: { speeds: '11', links: 118 },
    priceCents: 2990,
  },
  {
    name: 'CS-HG700 cassette 11-34',
    brand: 'shimano',
    category: 'cassettes',
    attributes: { speeds: '11', freehub: ['Shimano HG'] },
    priceCents: 4990,
  },
  {
    name: 'XG-1275 cassette',
    brand: 'sram',
    category: 'cassettes',
    attributes: { speeds: '12', freehub: ['SRAM XD'] },
    description: 'Eagle cassette, fits a Shimano Microspline body too',
    priceCents: 8990,
  },
  {
    name: 'Trail tyre 29 x 2.25',
    brand: 'kmc',
    category: 'tyres',
    attributes: { width: 2.25 },
    family: 'trail',
    priceCents: 3500,
  },
  {
    name: 'Trail tyre 29 x 2.4',
    brand: 'kmc',
    category: 'tyres',
    attributes: { width: 2.4 },
    family: 'trail',
    priceCents: 3600,
  },
  {
    name: 'Trail tyre 29 x 2.6',
    brand: 'kmc',
    category: 'tyres',
    attributes: { width: 2.6 },
    family: 'trail',
    stock: 0,
    priceCents: 3700,
  },
];

const ids: Record<string, string> = {};

beforeAll(async () => {
  ctx = await makeTestApp();
  const brandRows = await ctx.db
    .insert(brands)
    .values([
      { slug: 'shimano', name: 'Shimano' },
      { slug: 'sram', name: 'SRAM' },
      { slug: 'kmc', name: 'KMC' },
    ])
    .returning();
  const [drivetrain, wheels] = await ctx.db
    .insert(categories)
    .values([
      { slug: 'drivetrain', name: 'Drivetrain' },
      { slug: 'wheels', name: 'Wheels' },
    ])
    .returning();
  const categoryRows = await ctx.db
    .insert(categories)
    .values([
      { slug: 'chains', name: 'Chains', parentId: drivetrain!.id },
      { slug: 'cassettes', name: 'Cassettes', parentId: drivetrain!.id },
      { slug: 'tyres', name: 'Tyres', parentId: wheels!.id },
    ])
    .returning();
  const attributeRows = await ctx.db
    .insert(attributes)
    .values([
      { key: 'speeds', label: 'Speeds', type: 'enum', values: ['9', '10', '11', '12'] },
      { key: 'links', label: 'Links', type: 'number' },
      {
        key: 'freehub',
        label: 'Freehub body',
        type: 'enum',
        multi: true,
        values: ['Shimano HG', 'SRAM XD'],
      },
      { key: 'width', label: 'Width', type: 'number', unit: 'in' },
    ])
    .returning();
  await ctx.db.insert(attributeCategories).values(
    attributeRows.map((a) => ({
      attributeId: a.id,
      categoryId: a.key === 'width' ? wheels!.id : drivetrain!.id,
    })),
  );
  const [trail] = await ctx.db
    .insert(families)
    .values({ name: 'Trail tyre', axes: ['width'] })
    .returning();
  await ctx.db.insert(searchSynonyms).values({ term: 'tire', means: 'tyre' });
  for (const row of [...brandRows, ...categoryRows]) ids[row.slug] = row.id;
  for (const [i, part] of parts.entries()) {
    const product = await insertProduct(ctx.db, {
      name: part.name,
      sku: `P-${i + 1}`,
      description: part.description ?? '',
      brandId: ids[part.brand],
      categoryId: ids[part.category],
      attributes: part.attributes,
      facetValues: facetValuesOf(part.attributes),
      stock: part.stock ?? 50,
      mpn: part.mpn ?? null,
      gtin: part.gtin ?? null,
      familyId: part.family ? trail!.id : null,
      priceCents: part.priceCents ?? 1000,
    });
    ids[part.name] = product.id;
  }
});
afterAll(() => ctx.app.close());

const list = (query: Record<string, string>) =>
  inject(ctx.app, 'GET /api/tools', { query: query as never });
const names = async (query: Record<string, string>) =>
  (await list(query)).json().data.map((p: { name: string }) => p.name);

describe('filters', () => {
  it('narrows to one chain in three clicks: category, speeds, brand', async () => {
    expect(
      await names({ category: 'drivetrain', 'a.speeds': '11', brand: 'shimano', sort: 'name' }),
    ).toEqual(['CN-HG701 11-speed chain', 'CS-HG700 cassette 11-34']);
    expect(await names({ category: 'chains', 'a.speeds': '11', brand: 'shimano' })).toEqual([
      'CN-HG701 11-speed chain',
    ]);
  });

  it('takes any of a facet’s values and every facet', async () => {
    expect(await names({ brand: 'sram,kmc', category: 'chains', sort: 'name' })).toEqual([
      'PC-1110 chain',
      'X11 chain',
    ]);
    expect(await names({ 'a.links': '114,116', sort: 'name' })).toEqual([
      'CN-HG701 11-speed chain',
      'PC-1110 chain',
    ]);
    expect(await names({ 'a.freehub': 'SRAM XD' })).toEqual(['XG-1275 cassette']);
  });

  it('counts each facet under every other filter but its own', async () => {
    const { facets, total } = (await list({ category: 'chains', brand: 'shimano' })).json();
    expect(total).toBe(2);
    expect(facets.brands).toEqual([
      { slug: 'kmc', name: 'KMC', count: 1 },
      { slug: 'shimano', name: 'Shimano', count: 2 },
      { slug: 'sram', name: 'SRAM', count: 1 },
    ]);
    // A leaf category lists itself.
    expect(facets.categories).toEqual([{ slug: 'chains', name: 'Chains', count: 2, parent: null }]);
    expect(facets.attributes.find((a: { key: string }) => a.key === 'speeds')!.values).toEqual([
      { value: '11', count: 1 },
      { value: '12', count: 1 },
    ]);
    expect(facets.inStock).toBe(2);
  });

  it('lists the top categories and those under them with their parts, and a chosen value with none', async () => {
    const { facets } = (await list({})).json();
    // Chains is one click from the whole shop.
    expect(facets.categories).toEqual([
      { slug: 'drivetrain', name: 'Drivetrain', count: 6, parent: null },
      { slug: 'cassettes', name: 'Cassettes', count: 2, parent: 'drivetrain' },
      { slug: 'chains', name: 'Chains', count: 4, parent: 'drivetrain' },
      // A family counts once.
      { slug: 'wheels', name: 'Wheels', count: 1, parent: null },
      { slug: 'tyres', name: 'Tyres', count: 1, parent: 'wheels' },
    ]);
    const drivetrain = (await list({ category: 'drivetrain' })).json();
    expect(drivetrain.facets.categories).toEqual([
      { slug: 'cassettes', name: 'Cassettes', count: 2, parent: null },
      { slug: 'chains', name: 'Chains', count: 4, parent: null },
    ]);
    const none = (await list({ brand: 'sram', 'a.links': '116' })).json();
    expect(none.total).toBe(0);
    expect(none.facets.brands).toContainEqual({ slug: 'sram', name: 'SRAM', count: 0 });
    expect(
      none.facets.attributes.find((a: { key: string }) => a.key === 'links')!.values,
    ).toContainEqual({
      value: '116',
      count: 0,
    });
  });

  it('shows only parts on hand when asked', async () => {
    expect(await names({ category: 'chains', inStock: 'true', sort: 'name' })).toEqual([
      'CN-HG701 11-speed chain',
      'CN-M8100 12-speed chain',
      'X11 chain',
    ]);
  });

  it('refuses a filter it does not know, naming it', async () => {
    expect(refusalOf(await list({ 'a.colour': 'red' }), 400)).toContain(
      'a.colour: there is no attribute colour',
    );
    expect(refusalOf(await list({ 'a.speeds': '13' }), 400)).toContain(
      'a.speeds: 13 is not one of 9, 10, 11, 12',
    );
    expect(refusalOf(await list({ 'a.links': 'many' }), 400)).toContain(
      'a.links: many is not a number',
    );
    expect(refusalOf(await list({ brand: 'campy' }), 400)).toContain('there is no brand campy');
    expect(refusalOf(await list({ category: 'saddles' }), 400)).toContain(
      'there is no category saddles',
    );
    expect(refusalOf(await list({ sort: 'cheapest' }), 400)).toContain('sort');
  });

  it('sorts by price either way, by name and newest first', async () => {
    const chains = { category: 'chains' };
    expect(await names({ ...chains, sort: 'price_asc' })).toEqual([
      'PC-1110 chain',
      'CN-HG701 11-speed chain',
      'X11 chain',
      'CN-M8100 12-speed chain',
    ]);
    expect((await names({ ...chains, sort: 'price_desc' }))[0]).toBe('CN-M8100 12-speed chain');
  });
});

describe('families', () => {
  it('shows a family once with how many variants match, unless a filter picks one', async () => {
    const tyres = (await list({ category: 'tyres' })).json();
    expect(tyres.total).toBe(1);
    expect(tyres.data[0]).toMatchObject({ name: 'Trail tyre 29 x 2.25', variantCount: 3 });
    const one = (await list({ category: 'tyres', 'a.width': '2.4' })).json();
    expect(
      one.data.map((p: { name: string; variantCount: number }) => [p.name, p.variantCount]),
    ).toEqual([['Trail tyre 29 x 2.4', 1]]);
    expect((await list({ category: 'tyres', inStock: 'true' })).json().data[0]!.variantCount).toBe(
      2,
    );
  });
});

describe('search that forgives', () => {
  it('puts the part whose GTIN, SKU or MPN is typed first, an MPN without its dashes too', async () => {
    for (const q of ['4524667904717', 'cnhg70111', 'CN HG701 11', 'p-1']) {
      expect((await names({ q }))[0], q).toBe('CN-HG701 11-speed chain');
    }
  });

  it('finds brands and descriptions below names', async () => {
    const found = await names({ q: 'shimano' });
    // The SRAM cassette says Shimano in its description only: last.
    expect(found.at(-1)).toBe('XG-1275 cassette');
    expect(found).toHaveLength(4);
  });

  it('finds parts with a typo or two, and says the nearest spelling', async () => {
    const typo = (await list({ q: 'shimno chian' })).json();
    expect(typo.data.map((p: { name: string }) => p.name).sort()).toEqual([
      'CN-HG701 11-speed chain',
      'CN-M8100 12-speed chain',
    ]);
    expect(typo.suggestions).toEqual(['shimano chain']);
    expect(await names({ q: 'cassete' })).toEqual(['CS-HG700 cassette 11-34', 'XG-1275 cassette']);
    expect((await list({ q: 'chain' })).json().suggestions).toEqual([]);
  });

  it('does not read single letters between quotes as a near spelling', async () => {
    // pg_trgm reads `'x'='x` as the words "x" and "x", which come half-way to "X11".
    expect(await names({ q: "'x'='x" })).toEqual([]);
    expect(await names({ q: "' OR 'x'='x" })).toEqual([]);
  });

  it('reads a synonym as the word it means', async () => {
    expect(await names({ q: 'tire' })).toEqual(['Trail tyre 29 x 2.25']);
  });
});

describe('facet counts', () => {
  it('equal a count of the same parts, for any filters', async () => {
    const filterArb = fc.record({
      brands: fc.subarray(['shimano', 'sram', 'kmc']),
      category: fc.constantFrom(undefined, 'drivetrain', 'chains', 'cassettes', 'tyres', 'wheels'),
      speeds: fc.subarray(['10', '11', '12']),
      inStock: fc.boolean(),
    });
    const within: Record<string, string[]> = {
      drivetrain: ['chains', 'cassettes'],
      wheels: ['tyres'],
    };
    await fc.assert(
      fc.asyncProperty(filterArb, async (f) => {
        const query: Record<string, string> = {};
        if (f.brands.length > 0) query.brand = f.brands.join(',');
        if (f.category) query.category = f.category;
        if (f.speeds.length > 0) query['a.speeds'] = f.speeds.join(',');
        if (f.inStock) query.inStock = 'true';
        const { facets, total } = (await list(query)).json();
        const pass = (part: Part, skip?: string) =>
          (skip === 'brand' || f.brands.length === 0 || f.brands.includes(part.brand)) &&
          (skip === 'category' ||
            !f.category ||
            [f.category, ...(within[f.category] ?? [])].includes(part.category)) &&
          (skip === 'speeds' ||
            f.speeds.length === 0 ||
            f.speeds.includes(String(part.attributes.speeds))) &&
          (skip === 'inStock' || !f.inStock || (part.stock ?? 50) > 0);
        // A family counts once.
        const groups = (found: Part[]) => new Set(found.map((p) => p.family ?? p.name)).size;
        expect(total).toBe(groups(parts.filter((p) => pass(p))));
        for (const brand of facets.brands) {
          expect(brand.count, brand.slug).toBe(
            groups(parts.filter((p) => pass(p, 'brand') && p.brand === brand.slug)),
          );
        }
        const speeds = facets.attributes.find((a: { key: string }) => a.key === 'speeds');
        for (const { value, count } of speeds?.values ?? []) {
          expect(count, value).toBe(
            groups(parts.filter((p) => pass(p, 'speeds') && p.attributes.speeds === value)),
          );
        }
        expect(facets.inStock).toBe(
          groups(parts.filter((p) => pass(p, 'inStock') && (p.stock ?? 50) > 0)),
        );
      }),
      { numRuns: 40 },
    );
  });
});
