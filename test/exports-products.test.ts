import { parse } from 'csv-parse/sync';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  productColumns,
  readMoneyCents,
  readList,
  readPath,
  readTiers,
  readWholeNumber,
} from '../src/contract/csv-cells.ts';
import { attributes, brands, categories, families, products } from '../src/server/db/schema.ts';
import { signUp, type Account } from './support/auth.ts';
import { insertProduct, ladderInCents } from './support/fixtures.ts';
import { inject } from './support/inject.ts';
import { makeTestApp } from './support/test-app.ts';

// Exports (issue 33), the products file: the import's own columns, whose cells read back
// through the import's readers (src/contract/csv-cells.ts) to the same product, streamed a page
// at a time however large the catalogue.

const ADMIN = 'products-export-admin@example.com';

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let admin: Account;

beforeAll(async () => {
  ctx = await makeTestApp({ ADMIN_EMAILS: ADMIN });
  admin = await signUp(ctx.app, { name: 'Ada Admin', email: ADMIN });
});
afterAll(() => ctx.app.close());

const download = (name: 'products', query: Record<string, string> = {}) =>
  inject(ctx.app, 'GET /api/exports/:name.csv', { params: { name }, query, as: admin });

/** The rows as records keyed by the header, and the header. */
function parsed(body: string) {
  const [header = [], ...rows] = parse(body, { bom: true }) as string[][];
  return {
    header,
    records: rows.map((row) => Object.fromEntries(header.map((h, i) => [h, row[i] ?? '']))),
  };
}

describe('the products export', () => {
  it('writes the import’s own columns, and its cells read back to the same product', async () => {
    const [brand] = await ctx.db.insert(brands).values({ slug: 'kmc', name: 'KMC' }).returning();
    const [top] = await ctx.db
      .insert(categories)
      .values({ slug: 'drivetrain', name: 'Drivetrain' })
      .returning();
    const [mid] = await ctx.db
      .insert(categories)
      .values({ slug: 'chains', name: 'Chains', parentId: top!.id })
      .returning();
    const [leaf] = await ctx.db
      .insert(categories)
      .values({ slug: '11-speed', name: '11-speed', parentId: mid!.id })
      .returning();
    await ctx.db.insert(attributes).values([
      { key: 'fits', label: 'Fits', type: 'enum', multi: true, values: ['Shimano HG', 'SRAM XD'] },
      { key: 'links', label: 'Links', type: 'number' },
    ]);
    const [family] = await ctx.db
      .insert(families)
      .values({ name: 'X11 chains', axes: ['links'] })
      .returning();
    const product = await insertProduct(ctx.db, {
      sku: 'KMC-X11-118',
      name: '=X11 chain, 118 links',
      description: 'Nickel plated.\nSold "as is", in a box',
      priceCents: 2450,
      moq: 10,
      packSize: 5,
      weightGrams: 257,
      tiers: ladderInCents([10, 2450], [50, 2210]),
      brandId: brand!.id,
      categoryId: leaf!.id,
      familyId: family!.id,
      mpn: 'X11-93',
      gtin: '4715575891234',
      bin: 'C-07',
      attributes: { fits: ['Shimano HG', 'SRAM XD'], links: 118 },
    });

    const res = await download('products');
    expect(res.statusCode, res.body).toBe(200);
    const { header } = parsed(res.body);
    expect(header).toEqual([...productColumns, 'attr:fits', 'attr:links']);
    const cells = parsed(res.body).records.find((r) => r.sku === product.sku)!;
    // Written as they are: the products file is never "neutralised".
    expect(cells.name).toBe(product.name);
    expect(cells.description).toBe(product.description);
    expect(readMoneyCents(cells.price!, false)).toBe(2450);
    expect(readTiers(cells.tiers!, false)).toEqual({ tiers: product.tiers });
    expect(readWholeNumber(cells.moq!)).toBe(10);
    expect(readWholeNumber(cells.pack_size!)).toBe(5);
    expect(readWholeNumber(cells.weight_grams!)).toBe(257);
    expect(cells.brand).toBe('KMC');
    expect(readPath(cells.category!)).toEqual(['Drivetrain', 'Chains', '11-speed']);
    expect(cells.mpn).toBe('X11-93');
    expect(cells.gtin).toBe('4715575891234');
    expect(cells.bin).toBe('C-07');
    expect(cells.image_url).toBe(product.imageUrl);
    expect(cells.family).toBe('X11 chains');
    expect(readList(cells['attr:fits']!)).toEqual(['Shimano HG', 'SRAM XD']);
    expect(cells['attr:links']).toBe('118');

    // A product without brand, category, family or attributes has empty cells there.
    const plain = await insertProduct(ctx.db, { sku: 'PLAIN-1' });
    const again = parsed((await download('products')).body).records.find(
      (r) => r.sku === plain.sku,
    )!;
    expect([again.brand, again.category, again.family, again.mpn, again.gtin, again.bin]).toEqual([
      '',
      '',
      '',
      '',
      '',
      '',
    ]);
    expect(again['attr:fits']).toBe('');
  });

  it('streams a catalogue of a few thousand parts complete, a page at a time', async () => {
    const rows = Array.from({ length: 3200 }, (_, i) => ({
      sku: `BULK-${String(i).padStart(5, '0')}`,
      name: `Bulk part ${i}`,
      priceCents: 100 + i,
      stock: 0,
      tiers: ladderInCents([10, 100 + i]),
      imageUrl: '/images/products/chain-whip.svg',
    }));
    for (let i = 0; i < rows.length; i += 500) {
      await ctx.db.insert(products).values(rows.slice(i, i + 500));
    }
    const [{ total } = { total: 0 }] = await ctx.db.select({ total: count() }).from(products);
    const res = await download('products');
    expect(res.statusCode).toBe(200);
    // Streamed: no length is known before the last row is written.
    expect(res.headers['content-length']).toBeUndefined();
    const { records } = parsed(res.body);
    expect(records).toHaveLength(total);
    const skus = records.map((r) => r.sku!);
    expect(new Set(skus).size).toBe(total);
    expect(skus.filter((s) => s.startsWith('BULK-'))).toHaveLength(3200);
    expect(records.find((r) => r.sku === 'BULK-03199')?.price).toBe('32.99');
  });
});
