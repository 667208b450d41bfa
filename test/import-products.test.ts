import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportPreview } from '../src/contract/imports.ts';
import { brands, categories, products, stockMovements } from '../src/server/db/schema.ts';
import { signUp } from './support/auth.ts';
import { insertProduct } from './support/fixtures.ts';
import { inject } from './support/inject.ts';
import { makeTestApp } from './support/test-app.ts';
import { applyImport, sendImportFile } from './support/import-files.ts';

type Ctx = Awaited<ReturnType<typeof makeTestApp>>;
type Who = { cookie: string; email: string };

const ADMIN = 'catalogue-importer@example.com';
let ctx: Ctx;
let admin: Who;
let chainsId: string;

beforeAll(async () => {
  ctx = await makeTestApp({ ADMIN_EMAILS: ADMIN, JOB_RETRY_DELAY_SECONDS: '1' });
  admin = await signUp(ctx.app, { name: 'Cat Alogue', email: ADMIN });
  const top = await inject(ctx.app, 'POST /api/categories', {
    payload: { name: 'Drivetrain' },
    as: admin,
  });
  const chains = await inject(ctx.app, 'POST /api/categories', {
    payload: { name: 'Chains', parentId: top.json<{ _id: string }>()._id },
    as: admin,
  });
  chainsId = chains.json<{ _id: string }>()._id;
  for (const payload of [
    {
      key: 'speeds',
      label: 'Speeds',
      type: 'enum',
      values: ['10', '11', '12'],
      categoryIds: [chainsId],
    },
    {
      key: 'compat',
      label: 'Compatible with',
      type: 'enum',
      multi: true,
      values: ['Shimano HG', 'SRAM XD'],
      categoryIds: [chainsId],
    },
  ]) {
    const res = await inject(ctx.app, 'POST /api/attributes', { payload, as: admin });
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(() => ctx.app.close());

async function preview(file: string) {
  const res = await sendImportFile(ctx.app, admin, { kind: 'products' }, file);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ImportPreview>();
}

const apply = (importId: string) => applyImport(ctx.app, admin, importId);

const bySku = async (sku: string) =>
  (await ctx.db.select().from(products).where(eq(products.sku, sku)))[0];

const HEADER =
  'sku,name,description,price,tiers,moq,pack_size,weight_grams,brand,category,mpn,gtin,image_url,family,attr:speeds,attr:compat';

describe('a products file', () => {
  it('makes missing brands and categories, lists them first, and adds the parts', async () => {
    const file = [
      HEADER,
      'CN-HG701,"Chain, 11-speed","Quick-link\nincluded",29.90,10:29.90|50:27.50,10,1,257,Shimano,Drivetrain > Chains > 11-speed,CN-HG701-11,,/images/products/chain-11-speed.svg,,,',
      'CN-X12,Eagle chain,,39.00,,10,1,,SRAM,Drivetrain > Chains,CN-X12,5901234123457,/images/products/chain-whip.svg,,12,Shimano HG|SRAM XD',
    ].join('\n');
    const checked = await preview(file);
    expect(checked).toMatchObject({
      status: 'valid',
      rows: 2,
      creates: 2,
      updates: 0,
      newCategories: ['Drivetrain > Chains > 11-speed'],
      newBrands: ['Shimano', 'SRAM'],
    });
    expect(await bySku('CN-HG701')).toBeUndefined();

    expect(await apply(checked._id)).toMatchObject({
      status: 'done',
      progress: { done: 2, total: 2 },
    });
    const hg = await bySku('CN-HG701');
    expect(hg).toMatchObject({
      name: 'Chain, 11-speed',
      description: 'Quick-link\nincluded',
      priceCents: 2990,
      tiers: [
        { minQuantity: 10, priceCents: 2990 },
        { minQuantity: 50, priceCents: 2750 },
      ],
      weightGrams: 257,
      stock: 0,
    });
    const [leaf] = await ctx.db.select().from(categories).where(eq(categories.id, hg!.categoryId!));
    expect(leaf).toMatchObject({ name: '11-speed', parentId: chainsId });
    const x12 = await bySku('CN-X12');
    expect(x12).toMatchObject({
      categoryId: chainsId,
      attributes: { speeds: '12', compat: ['Shimano HG', 'SRAM XD'] },
    });
    const shimano = await ctx.db.select().from(brands).where(eq(brands.id, hg!.brandId!));
    expect(shimano[0]?.name).toBe('Shimano');
    const opening = await ctx.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.productId, hg!.id));
    expect(opening).toMatchObject([{ reason: 'opening', delta: 0, stockAfter: 0 }]);
  });

  it('leaves a field with an empty cell as it is, and (clear) empties it', async () => {
    const part = await insertProduct(ctx.db, {
      mpn: 'OLD-1',
      description: 'Kept',
      priceCents: 1000,
      moq: 10,
    });
    const checked = await preview(
      `sku,name,description,mpn,price\n${part.sku},New name,,(clear),\n`,
    );
    expect(checked).toMatchObject({ status: 'valid', updates: 1 });
    await apply(checked._id);
    expect(await bySku(part.sku)).toMatchObject({
      name: 'New name',
      description: 'Kept',
      mpn: null,
      priceCents: 1000,
    });
  });

  it('sets the warehouse bin the pick list walks, keeps it when the cell is empty, and (clear) empties it', async () => {
    const part = await insertProduct(ctx.db, { name: 'Binned hub', priceCents: 1000, moq: 10 });
    const fixed = await preview(
      `sku,name,price,moq,bin\n${part.sku},,,,B-10\nBIN-NEW-1,New binned spoke,2.00,1,A-02\n`,
    );
    expect(fixed).toMatchObject({ status: 'valid', creates: 1, updates: 1 });
    await apply(fixed._id);
    expect(await bySku(part.sku)).toMatchObject({ name: 'Binned hub', bin: 'B-10' });
    expect(await bySku('BIN-NEW-1')).toMatchObject({ bin: 'A-02' });

    const kept = await preview(`sku,name,bin\n${part.sku},Binned hub 2,\n`);
    await apply(kept._id);
    expect(await bySku(part.sku)).toMatchObject({ name: 'Binned hub 2', bin: 'B-10' });
    const cleared = await preview(`sku,bin\n${part.sku},(clear)\n`);
    await apply(cleared._id);
    expect(await bySku(part.sku)).toMatchObject({ bin: null });
    const tooLong = await preview(`sku,bin\n${part.sku},${'X'.repeat(41)}\n`);
    expect(tooLong.errors).toEqual([
      { line: 2, column: 'bin', message: 'Bin is too long (40 characters at most)' },
    ]);
  });

  it('adds a new part the ERP has no picture for as "No picture yet", and says once that an emptied link is wanted', async () => {
    const checked = await preview('sku,name,price,moq\nNOPIC-1,Bare hub,12.00,1\n');
    expect(checked).toMatchObject({ status: 'valid', creates: 1, errors: [] });
    await apply(checked._id);
    expect(await bySku('NOPIC-1')).toMatchObject({ imageUrl: '/images/picture-pending.svg' });

    const cleared = await preview('sku,image_url\nNOPIC-1,(clear)\n');
    expect(cleared.errors).toEqual([
      { line: 2, column: 'image_url', message: 'Please enter an image link' },
    ]);
  });

  it('counts a line that changes nothing as unchanged', async () => {
    const part = await insertProduct(ctx.db, { name: 'Same', priceCents: 1000, moq: 10 });
    const checked = await preview(`sku,name,price\n${part.sku},Same,10.00\n`);
    expect(checked).toMatchObject({ status: 'valid', updates: 0, unchanged: 1 });
  });

  it("names each bad line's column with the Add Product form's message", async () => {
    const holder = await insertProduct(ctx.db, { gtin: '4006381333931' });
    const file = [
      'sku,name,price,image_url,family,gtin,category,attr:speeds',
      'NEW-1,,5.00,https://example.com/a.jpg,,,,',
      'NEW-2,Part two,abc,https://example.com/a.jpg,,,,',
      'NEW-3,Part three,5.00,https://example.com/a.jpg,Nope,,,',
      'NEW-4,Part four,5.00,https://example.com/a.jpg,,4006381333931,,',
      'NEW-5,Part five,5.00,https://example.com/a.jpg,,,Drivetrain > Chains,13',
      'NEW-6,Part six,5.00,ftp://x,,,,',
    ].join('\n');
    const checked = await preview(file);
    expect(checked.status).toBe('invalid');
    expect(checked.errors).toEqual([
      { line: 2, column: 'name', message: 'Please enter the product name' },
      { line: 3, column: 'price', message: '"abc" is not a price (write 4.50)' },
      { line: 4, column: 'family', message: 'No family is named Nope' },
      {
        line: 5,
        column: 'gtin',
        message: `GTIN 4006381333931 is already the product ${holder.sku}'s`,
      },
      { line: 6, column: 'attr:speeds', message: '13 is not one of 10, 11, 12' },
      {
        line: 7,
        column: 'image_url',
        message:
          'Image link must be an http(s) URL or a path to one of our images (/images/… or /media/…)',
      },
    ]);
  });

  it('refuses a GTIN or a brand MPN that an earlier line of the file sets, however far back', async () => {
    // 1,200 lines: the clashes sit in a later batch of the check than the lines they repeat.
    const filler = Array.from({ length: 1200 }, (_, i) => `FILL-${i},Filler ${i},5.00,,,`);
    const file = [
      'sku,name,price,gtin,brand,mpn',
      'DUP-1,First,5.00,036000291452,Newmaker,CN-HG701',
      ...filler,
      // The same GTIN as EAN-13, and the same MPN of the same new brand written otherwise.
      'DUP-2,Second,5.00,0036000291452,NEWMAKER,cn-hg701',
      // Another brand may use that MPN.
      'DUP-3,Third,5.00,,Othermaker,CN-HG701',
    ].join('\n');
    const checked = await preview(file);
    expect(checked.status).toBe('invalid');
    expect(checked.errors).toEqual([
      { line: 1203, column: 'gtin', message: "GTIN 0036000291452 is already the product DUP-1's" },
      {
        line: 1203,
        column: 'mpn',
        message: "MPN cn-hg701 of this brand is already the product DUP-1's",
      },
    ]);
  });
});
