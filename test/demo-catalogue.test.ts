// Issue 32, "Demo data": the demo catalogue is a believable wholesaler's, generated and
// deterministic: about 400 parts in 30 categories three levels deep under 15 brands, real-shaped
// MPNs and valid GTINs, the filter attributes, 40 families, and pictures drawn without a network.
import { eq, inArray, notInArray, sql } from 'drizzle-orm';
import { isValid } from 'gtin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ladderProblems, productInput } from '../src/contract/product-input.ts';
import { centsToDollars } from '../src/contract/money.ts';
import { ladderInDollars } from '../src/contract/price-ladder.ts';
import { facetValuesOf, type ProductAttributes } from '../src/contract/taxonomy.ts';
import {
  appMeta,
  attributeCategories,
  attributes,
  brands,
  categories,
  families,
  products,
  searchSynonyms,
} from '../src/server/db/schema.ts';
import { seedDemoData } from '../src/server/db/seed.ts';
import { buildCatalogue } from '../src/server/db/demo-catalogue/catalogue.ts';
import { seedProducts } from '../src/server/db/seed-data.ts';
import { signUp } from './support/auth.ts';
import { inject } from './support/inject.ts';
import { makeTestApp } from './support/test-app.ts';

type Ctx = Awaited<ReturnType<typeof makeTestApp>>;
type Row = typeof products.$inferSelect;

const ADMIN = 'catalogue-admin@example.com';
let ctx: Ctx;
let rows: Row[];

beforeAll(async () => {
  ctx = await makeTestApp({ ADMIN_EMAILS: ADMIN });
  expect(await seedDemoData(ctx.db)).toBe(true);
  rows = await ctx.db.select().from(products);
});
afterAll(() => ctx.app.close());

const categoryTree = async () => {
  const all = await ctx.db.select().from(categories);
  const byId = new Map(all.map((c) => [c.id, c]));
  /** The category and those above it, itself first. */
  const lineOf = (id: string) => {
    const line = [];
    for (let c = byId.get(id); c; c = c.parentId ? byId.get(c.parentId) : undefined) line.push(c);
    return line;
  };
  return { all, lineOf };
};

describe('the demo catalogue', () => {
  it('holds about 400 parts in 30 categories three levels deep, under 15 brands, every part filed', async () => {
    expect(rows.length).toBeGreaterThanOrEqual(380);
    expect(rows.length).toBeLessThanOrEqual(420);
    const { all, lineOf } = await categoryTree();
    expect(all).toHaveLength(30);
    expect(Math.max(...all.map((c) => lineOf(c.id).length))).toBe(3);
    expect(lineOf(all.find((c) => c.slug === 'road-tyres')!.id).map((c) => c.name)).toEqual([
      'Road tyres',
      'Tyres',
      'Wheels & tyres',
    ]);
    expect(await ctx.db.select().from(brands)).toHaveLength(15);
    expect(rows.every((p) => p.brandId && p.categoryId)).toBe(true);
    // Every category that holds parts holds a few, and every brand makes some.
    expect(new Set(rows.map((p) => p.categoryId)).size).toBeGreaterThanOrEqual(20);
    expect(new Set(rows.map((p) => p.brandId)).size).toBe(15);
  });

  it('keeps the spec’s products and copy, filed under workshop tools and the parts they are, by ECParts', async () => {
    const { lineOf } = await categoryTree();
    const [ecparts] = await ctx.db.select().from(brands).where(eq(brands.slug, 'ecparts'));
    for (const spec of seedProducts) {
      const row = rows.find((p) => p.sku === spec.sku);
      expect(row, spec.sku).toMatchObject({
        name: spec.name,
        description: spec.description,
        priceCents: spec.priceCents,
        stock: spec.stock,
        imageUrl: spec.image,
        brandId: ecparts!.id,
      });
    }
    const pathOf = (sku: string) =>
      lineOf(rows.find((p) => p.sku === sku)!.categoryId!)
        .map((c) => c.name)
        .reverse()
        .join(' > ');
    expect(pathOf('ECP-PCW-01')).toBe('Workshop tools > Drivetrain tools');
    expect(pathOf('ECP-TW24-01')).toBe('Workshop tools > Hand & torque tools');
    expect(pathOf('ECP-CH11-01')).toBe('Drivetrain > Chains');
    expect(pathOf('ECP-IT700-25')).toBe('Wheels & tyres > Inner tubes');
  });

  it('gives every part a valid EAN-13 and an MPN, no GTIN twice and no brand with one MPN twice', () => {
    for (const p of rows) {
      expect(p.gtin && isValid(p.gtin) && p.gtin.length === 13, `${p.sku} ${p.gtin}`).toBe(true);
      expect(p.mpn, p.sku).toMatch(/^[A-Za-z0-9][A-Za-z0-9 ./_-]*$/);
    }
    expect(new Set(rows.map((p) => p.gtin)).size).toBe(rows.length);
    const brandMpns = rows.map((p) => `${p.brandId} ${p.mpn!.replace(/[^A-Za-z0-9]/g, '')}`);
    expect(new Set(brandMpns).size).toBe(rows.length);
    expect(new Set(rows.map((p) => p.sku.toUpperCase())).size).toBe(rows.length);
    // The codes dealers type from the box.
    const byMpn = (mpn: string) => rows.find((p) => p.mpn === mpn)?.name;
    expect(byMpn('CN-HG701-11')).toBe('Shimano Ultegra CN-HG701-11 11-Speed Chain 116 Links');
    expect(byMpn('BR-R8170')).toMatch(/^Shimano Ultegra BR-R8170/);
    expect(byMpn('CS-M8100-12-1051')).toMatch(/^Shimano Deore XT CS-M8100-12/);
  });

  it('offers the filter attributes with the labels people read, each part holding only values its category allows', async () => {
    const defined = await ctx.db.select().from(attributes);
    const byKey = new Map(defined.map((a) => [a.key, a]));
    expect(byKey.get('speeds')).toMatchObject({ label: 'Speeds', type: 'enum' });
    expect(byKey.get('speeds')!.values).toEqual(['9', '10', '11', '12']);
    expect(byKey.get('freehub')).toMatchObject({ label: 'Freehub body', multi: true });
    expect(byKey.get('freehub')!.values).toEqual(
      expect.arrayContaining(['Shimano HG', 'SRAM XD', 'Shimano Microspline', 'Campagnolo N3W']),
    );
    expect(byKey.get('bb-standard')!.values).toEqual(['BSA 68', 'BB86', 'PF30', 'T47']);
    expect(byKey.get('wheel-size')!.values).toEqual(['622', '584', '559']);
    expect(byKey.get('brake-mount')!.values).toEqual(['Flat mount', 'Post mount', 'IS']);
    expect(byKey.get('axle')!.values).toEqual(
      expect.arrayContaining(['12×142', '12×148 Boost', 'QR 135', '12×100', '15×110 Boost']),
    );
    expect(byKey.get('length-mm')).toMatchObject({ type: 'number', unit: 'mm' });
    expect(byKey.get('colour')).toMatchObject({ label: 'Colour', type: 'enum' });

    const { lineOf } = await categoryTree();
    const attached = await ctx.db.select().from(attributeCategories);
    const idToKey = new Map(defined.map((a) => [a.id, a.key]));
    const keysOn = (categoryId: string) => {
      const line = new Set(lineOf(categoryId).map((c) => c.id));
      return new Set(
        attached.filter((a) => line.has(a.categoryId)).map((a) => idToKey.get(a.attributeId)),
      );
    };
    const used = new Set<string>();
    for (const p of rows) {
      const allowed = keysOn(p.categoryId!);
      for (const [key, value] of Object.entries(p.attributes)) {
        used.add(key);
        const a = byKey.get(key)!;
        expect(allowed.has(key), `${p.sku}: ${key} is not attached to its category`).toBe(true);
        const values = Array.isArray(value) ? value : [value];
        expect(Array.isArray(value), `${p.sku}: ${key} multi`).toBe(a.multi);
        for (const one of values) {
          if (a.type === 'enum') expect(a.values, `${p.sku}: ${key}`).toContain(one);
          if (a.type === 'number') expect(typeof one, `${p.sku}: ${key}`).toBe('number');
          if (a.type === 'boolean') expect(typeof one, `${p.sku}: ${key}`).toBe('boolean');
        }
      }
      expect(p.facetValues, p.sku).toEqual(facetValuesOf(p.attributes));
    }
    // Every attribute filters something.
    expect([...byKey.keys()].filter((k) => !used.has(k))).toEqual([]);
  });

  it('has 40 families whose variants differ in their axis values, each with its own SKU, stock, ladder and minimum', async () => {
    const all = await ctx.db.select().from(families);
    expect(all).toHaveLength(40);
    const twoAxes = all.filter((f) => f.axes.length === 2);
    expect(twoAxes.length).toBeGreaterThan(0);
    for (const family of all) {
      const variants = rows.filter((p) => p.familyId === family.id);
      expect(variants.length, family.name).toBeGreaterThanOrEqual(2);
      const axisValues = variants.map((v) => {
        for (const axis of family.axes)
          expect(v.attributes[axis], `${v.sku} ${axis}`).toBeDefined();
        return JSON.stringify(family.axes.map((axis) => v.attributes[axis]));
      });
      expect(new Set(axisValues).size, family.name).toBe(variants.length);
      // What is not an axis is the same on every variant.
      const rest = (a: ProductAttributes) =>
        JSON.stringify(Object.entries(a).filter(([k]) => !family.axes.includes(k)));
      expect(new Set(variants.map((v) => rest(v.attributes))).size, family.name).toBe(1);
      expect(new Set(variants.map((v) => v.categoryId)).size).toBe(1);
    }
    const tape = all.find((f) => f.name === 'Lizard Skins DSP 2.5 mm Bar Tape')!;
    expect(tape.axes).toEqual(['colour']);
    expect(rows.filter((p) => p.familyId === tape.id)).toHaveLength(6);
    const chain = all.find((f) => f.name === 'Shimano Ultegra CN-HG701-11 11-Speed Chain')!;
    expect(chain.axes).toEqual(['links']);
    const links = rows.filter((p) => p.familyId === chain.id).map((p) => p.attributes.links);
    expect(links.sort()).toEqual([116, 126, 138]);
  });

  it('prices every part by the shop’s rules, and has some parts sold out and some under 20', async () => {
    for (const p of rows) {
      const asAdded = {
        name: p.name,
        price: centsToDollars(p.priceCents),
        stock: p.stock,
        desc: p.description,
        img: p.imageUrl,
        sku: p.sku,
        moq: p.moq,
        packSize: p.packSize,
        tiers: ladderInDollars(p.tiers),
        weightGrams: p.weightGrams,
      };
      // Add Product would take it as it is.
      expect(productInput.safeParse(asAdded).error?.issues, p.sku).toBeUndefined();
      expect(ladderProblems(asAdded), p.sku).toEqual([]);
      expect(p.moq, p.sku).toBeGreaterThanOrEqual(10);
      expect(p.tiers.length, p.sku).toBeGreaterThanOrEqual(2);
      expect(p.weightGrams, p.sku).toBeGreaterThan(0);
    }
    const out = rows.filter((p) => p.stock === 0).length;
    const low = rows.filter((p) => p.stock > 0 && p.stock < 20).length;
    expect(out).toBeGreaterThanOrEqual(10);
    expect(low).toBeGreaterThanOrEqual(10);
    expect(rows.length - out - low).toBeGreaterThan(rows.length * 0.8);
    // Every part's stock is its opening movement, in the seed's name.
    const openings = await ctx.db.execute(sql`
      select count(*)::int as n from product p
      join stock_movement m on m.product_id = p.id
      where m.reason = 'opening' and m.actor = 'seed' and m.stock_after = p.stock`);
    expect((openings as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(rows.length);
  });

  it('comes out the same every time, with a few search synonyms', async () => {
    const again = buildCatalogue();
    expect(again).toEqual(buildCatalogue());
    const seeded = new Map(rows.map((p) => [p.sku, p]));
    for (const part of again.parts) {
      expect(seeded.get(part.sku), part.sku).toMatchObject({
        gtin: part.gtin,
        stock: part.stock,
        tiers: part.tiers,
        name: part.name,
      });
    }
    const synonyms = await ctx.db.select().from(searchSynonyms);
    const means = new Map(synonyms.map((s) => [s.term, s.means]));
    expect(means.get('tire')).toBe('tyre');
    expect(means.get('sprocket')).toBe('cassette');
    expect(means.get('cog')).toBe('cassette');
    expect(means.get('derailer')).toBe('derailleur');
    expect(means.has('rim tape')).toBe(true);
  });
});

describe('searching the demo catalogue', () => {
  it('finds Shimano chains with two typos and offers their spelling', async () => {
    const res = await inject(ctx.app, 'GET /api/tools', { query: { q: 'shimno chian' } });
    expect(res.statusCode, res.body).toBe(200);
    const { data, suggestions } = res.json();
    expect(data.length).toBeGreaterThan(0);
    expect(data[0]!.brand?.name).toBe('Shimano');
    expect(data[0]!.category?.name).toBe('Chains');
    expect(suggestions).toEqual(['shimano chain']);
  });
});

describe('the demo catalogue’s pictures', () => {
  it('are SVGs drawn for each part at /images/parts/, with the security headers, that the admin form takes as image links', async () => {
    const admin = await signUp(ctx.app, { name: 'Cat Alogue', email: ADMIN });
    // One part of each category.
    const cats = await ctx.db.select().from(categories);
    const samples = cats.flatMap((c) => {
      const p = rows.find((r) => r.imageUrl.startsWith('/images/parts/') && r.categoryId === c.id);
      return p ? [p] : [];
    });
    expect(samples.length).toBeGreaterThanOrEqual(20);
    for (const p of samples) {
      const res = await ctx.app.inject({ method: 'GET', url: p.imageUrl });
      expect(res.statusCode, p.imageUrl).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(res.body).toContain(`<title>${p.name.replaceAll('&', '&amp;')}</title>`);
      expect(res.body).not.toMatch(/<script|on\w+=/i);
      // The Manage form saves it as it is: the image link rule takes it.
      const saved = await inject(ctx.app, 'PATCH /api/tools/:id', {
        params: { id: p.id },
        body: { img: p.imageUrl },
        as: admin,
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    // Variants in colours are drawn in their colour.
    const white = rows.find((p) => p.attributes.colour === 'White' && p.familyId)!;
    const red = rows.find((p) => p.attributes.colour === 'Red' && p.familyId === white.familyId)!;
    const drawn = async (p: Row) => (await ctx.app.inject(p.imageUrl)).body;
    expect(await drawn(white)).not.toBe(await drawn(red));
  });

  it('answer 404 for a name that is not a part', async () => {
    for (const url of [
      '/images/parts/no-such-part.svg',
      '/images/parts/SHI-CN-HG53.svg',
      '/images/parts/shi-cn-hg53.png',
      '/images/parts/shi-cn-hg53.svg.svg',
    ]) {
      const res = await ctx.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});

describe('a demo database seeded before the catalogue', () => {
  it('gets the catalogue once, and its demo products filed where nobody filed them', async () => {
    // As an earlier version left it: the spec's products only, unfiled, and no marker.
    const specSkus = seedProducts.map((p) => p.sku);
    await ctx.db.delete(products).where(notInArray(products.sku, specSkus));
    await ctx.db.update(products).set({
      brandId: null,
      categoryId: null,
      familyId: null,
      mpn: null,
      gtin: null,
      attributes: {},
      facetValues: [],
    });
    await ctx.db.delete(families);
    await ctx.db.delete(attributes);
    await ctx.db.delete(categories);
    await ctx.db.delete(brands);
    await ctx.db.delete(searchSynonyms);
    await ctx.db.delete(appMeta).where(eq(appMeta.key, 'demo_catalogue'));
    // Meanwhile an admin filed the chain whip under a brand of their own, with its MPN.
    const [own] = await ctx.db
      .insert(brands)
      .values({ slug: 'workshop-own', name: 'Workshop Own' })
      .returning();
    await ctx.db
      .update(products)
      .set({ brandId: own!.id, mpn: 'WHIP-1' })
      .where(eq(products.sku, 'ECP-PCW-01'));

    expect(await seedDemoData(ctx.db)).toBe(false);
    const after = await ctx.db.select().from(products);
    expect(after).toHaveLength(rows.length);
    expect(await ctx.db.select().from(families)).toHaveLength(40);
    expect(await ctx.db.select().from(categories)).toHaveLength(30);
    const whip = after.find((p) => p.sku === 'ECP-PCW-01')!;
    expect(whip).toMatchObject({ brandId: own!.id, mpn: 'WHIP-1', categoryId: null, gtin: null });
    const chain = after.find((p) => p.sku === 'ECP-CH11-01')!;
    expect(chain.attributes).toEqual({ speeds: '11', links: 116 });
    expect(chain.facetValues).toEqual(['links=116', 'speeds=11']);
    expect(chain.gtin).toBe(rows.find((p) => p.sku === 'ECP-CH11-01')!.gtin);

    // Once: parts an admin removes afterwards stay removed.
    const some = after.filter((p) => p.sku.startsWith('SHI-')).map((p) => p.id);
    await ctx.db.delete(products).where(inArray(products.id, some));
    expect(await seedDemoData(ctx.db)).toBe(false);
    expect(await ctx.db.select().from(products)).toHaveLength(rows.length - some.length);
  });
});
