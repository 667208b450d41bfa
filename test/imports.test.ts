import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMPORT_BYTES, type ImportPreview } from '../src/contract/imports.ts';
import { products, stockMovements } from '../src/server/db/schema.ts';
import { signUp } from './support/auth.ts';
import { insertProduct } from './support/fixtures.ts';
import { inject } from './support/inject.ts';
import { placeOrder } from './support/payments.ts';
import { makeTestApp } from './support/test-app.ts';
import { applyImport, sendImportFile } from './support/import-files.ts';

type Ctx = Awaited<ReturnType<typeof makeTestApp>>;
type Who = { cookie: string; email: string };

const ADMIN = 'imports-admin@example.com';
let ctx: Ctx;
let admin: Who;
let buyer: Who;

beforeAll(async () => {
  ctx = await makeTestApp({ ADMIN_EMAILS: ADMIN, MAX_UNPAID_SHARE: '100' });
  admin = await signUp(ctx.app, { name: 'Ida Import', email: ADMIN });
  buyer = await signUp(ctx.app, { name: 'Bea Buyer' });
});
afterAll(() => ctx.app.close());

const upload = (kind: string, file: Buffer | string, as: Who = admin) =>
  sendImportFile(ctx.app, as, { kind }, file);

async function preview(kind: string, file: Buffer | string) {
  const res = await upload(kind, file);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ImportPreview>();
}

const applied = (importId: string) => applyImport(ctx.app, admin, importId);

const stockOf = async (id: string) =>
  (await ctx.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]
    ?.stock;

describe('a stock file', () => {
  it('is checked first, then each count becomes a counted movement noting the import', async () => {
    const a = await insertProduct(ctx.db, { stock: 40 });
    const b = await insertProduct(ctx.db, { stock: 5 });
    const file = `sku,stock\n${a.sku},55\n${b.sku},5\n`;
    const checked = await preview('stock', file);
    expect(checked).toMatchObject({
      status: 'valid',
      rows: 2,
      updates: 1,
      unchanged: 1,
      errors: [],
    });
    expect(await stockOf(a.id)).toBe(40);

    const job = await applied(checked._id);
    expect(job).toMatchObject({ status: 'done', progress: { done: 1, total: 1 } });
    expect(await stockOf(a.id)).toBe(55);
    const [movement] = await ctx.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.productId, a.id))
      .orderBy(stockMovements.id)
      .then((rows) => rows.slice(-1));
    expect(movement).toMatchObject({ reason: 'counted', delta: 15, note: `import ${checked._id}` });
  });

  it('counts what unpaid orders hold, and refuses a count below it on its line', async () => {
    const part = await insertProduct(ctx.db, { stock: 100, moq: 10 });
    await placeOrder(ctx.app, buyer, part.id, 30);
    expect(await stockOf(part.id)).toBe(70);
    const refused = await preview('stock', `sku,stock\n${part.sku},20\n`);
    expect(refused.status).toBe('invalid');
    expect(refused.errors).toEqual([
      {
        line: 2,
        column: 'stock',
        message: '30 are held by unpaid orders: the count cannot be below that',
      },
    ]);
    const apply = await inject(ctx.app, 'POST /api/imports/:id/apply', {
      params: { id: refused._id },
      as: admin,
    });
    expect(apply.statusCode).toBe(409);

    // 90 on the shelf, 30 of them held: 60 left to sell.
    const counted = await preview('stock', `sku,stock\n${part.sku},90\n`);
    await applied(counted._id);
    expect(await stockOf(part.id)).toBe(60);
  });

  it('applied twice is applied once', async () => {
    const part = await insertProduct(ctx.db, { stock: 10 });
    const checked = await preview('stock', `sku,stock\n${part.sku},12\n`);
    const first = await applied(checked._id);
    const again = await inject(ctx.app, 'POST /api/imports/:id/apply', {
      params: { id: checked._id },
      as: admin,
    });
    expect(again.json<{ jobId: string }>().jobId).toBe(first._id);
    expect(await stockOf(part.id)).toBe(12);
    const moves = await ctx.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.productId, part.id));
    expect(moves.filter((m) => m.reason === 'counted')).toHaveLength(1);
  });
});

describe('a prices file', () => {
  it('takes semicolons, a BOM and decimal commas, as European spreadsheets save it', async () => {
    const part = await insertProduct(ctx.db, { moq: 10, priceCents: 500 });
    const file = `\uFEFFsku;price;tiers\r\n${part.sku};4,50;10:4,50|50:4,10\r\n`;
    const checked = await preview('prices', file);
    expect(checked).toMatchObject({ status: 'valid', updates: 1 });
    await applied(checked._id);
    const [row] = await ctx.db.select().from(products).where(eq(products.id, part.id));
    expect(row).toMatchObject({
      priceCents: 450,
      tiers: [
        { minQuantity: 10, priceCents: 450 },
        { minQuantity: 50, priceCents: 410 },
      ],
    });
  });

  it('reads a Windows-1252 file and a quoted field with a comma and a line break', async () => {
    const part = await insertProduct(ctx.db, { moq: 10, priceCents: 500 });
    const file = iconv.encode(`"sku","price","tiers"\n"${part.sku}","3.99",""\n`, 'win1252');
    const checked = await preview('prices', file);
    expect(checked).toMatchObject({ status: 'valid', updates: 1 });
    // A quoted cell with a comma and a line break is one cell; the next line is numbered 4.
    const odd = await preview('stock', `sku,stock\n"${part.sku}","1,2\n3"\nNOPE-2,4\n`);
    expect(odd.errors).toEqual([
      { line: 2, column: 'stock', message: 'Stock must be a whole number of pieces, 0 or more' },
      { line: 4, column: 'sku', message: 'No product has SKU NOPE-2' },
    ]);
  });

  it("gives a broken ladder the admin form's own messages, by line and column", async () => {
    const part = await insertProduct(ctx.db, { moq: 10, priceCents: 500 });
    const other = await insertProduct(ctx.db, { moq: 10, priceCents: 500 });
    const checked = await preview(
      'prices',
      `sku,price,tiers\n${part.sku},4.50,20:4.50\n${other.sku},4.50,10:4.50|50:4.90\nNOPE-1,1.00,\n`,
    );
    expect(checked.status).toBe('invalid');
    expect(checked.errors).toEqual([
      { line: 2, column: 'tiers', message: 'The first tier starts at the minimum order (10)' },
      { line: 3, column: 'tiers', message: 'A larger quantity cannot cost more per piece' },
      { line: 4, column: 'sku', message: 'No product has SKU NOPE-1' },
    ]);
    expect(checked.errorCount).toBe(3);
  });
});

describe('a file that cannot be read as a whole', () => {
  it.each([
    ['an image', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d]), 'not a CSV file'],
    ['no sku column', 'name,stock\nx,1\n', 'no sku column'],
    ['an unknown column', 'sku,stock,colour\nA,1,red\n', 'Unknown column: colour'],
    ['a SKU twice', 'sku,stock\nA-1,1\na-1,2\n', 'SKU A-1 is in the file twice (line 3)'],
    ['an empty file', '', 'The file is empty'],
  ])('is refused with a 400 saying so: %s', async (_, file, message) => {
    const res = await upload('stock', file);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(message);
  });

  it('is refused to a buyer', async () => {
    const res = await upload('stock', 'sku,stock\n', buyer);
    expect(res.statusCode).toBe(403);
  });
});

describe('a file as it arrives', () => {
  const uploads = () => join(ctx.config.dataDir, 'uploads');
  // The multipart library removes a spooled file once the answer has gone out (onResponse), a
  // moment after inject() has the answer: a file still there a second later was kept.
  const expectNoUploadsLeft = () =>
    expect.poll(() => readdirSync(uploads()), { timeout: 1_000 }).toEqual([]);
  const nameOf = async (sku: string) =>
    (await ctx.db.select({ name: products.name }).from(products).where(eq(products.sku, sku)))[0]
      ?.name;
  /** Lines of plain ASCII before the line that matters, `bytes` long in all. */
  const filler = (bytes: number, header: string) => {
    const lines: string[] = [];
    let length = header.length + 1;
    for (let i = 0; length + 40 < bytes; i++) {
      const line = `FILL-${String(i).padStart(6, '0')},Filler part,5.00`;
      lines.push(line);
      length += line.length + 1;
    }
    const last = `FILL-LAST,${'x'.repeat(bytes - length - 'FILL-LAST,,5.00\n'.length)},5.00`;
    return [header, ...lines, last].join('\n') + '\n';
  };

  it('reads Windows-1252 whose first accented letter is past the first 64 KB', async () => {
    const header = 'sku,name,price';
    const file = `${filler(70_000, header)}WIN-1,Kettenblatt für 11-fach – Größe 52,5.00\n`;
    const checked = await preview('products', iconv.encode(file, 'win1252'));
    expect(checked).toMatchObject({ status: 'valid' });
    expect((await applied(checked._id)).status).toBe('done');
    expect(await nameOf('WIN-1')).toBe('Kettenblatt für 11-fach – Größe 52');
  });

  it('reads UTF-8 whose two-byte letter is split where the file is read in two', async () => {
    const header = 'sku,name,price';
    // The "é" of the last line starts at byte 65,535: its two bytes come in two reads.
    const before = filler(65_535 - 'UTF-1,Caf'.length, header);
    const file = Buffer.from(`${before}UTF-1,Café racer bars,5.00\n`);
    expect(file.indexOf(Buffer.from('é'))).toBe(65_535);
    const checked = await preview('products', file);
    expect((await applied(checked._id)).status).toBe('done');
    expect(await nameOf('UTF-1')).toBe('Café racer bars');
  });

  it('is kept in a private folder only while it is checked, also when it is refused', async () => {
    expect(statSync(uploads()).mode & 0o777).toBe(0o700);
    const part = await insertProduct(ctx.db, { moq: 10, priceCents: 500 });
    expect((await upload('stock', `sku,stock\n${part.sku},3\n`)).statusCode).toBe(201);
    expect((await upload('stock', `sku,colour\n${part.sku},red\n`)).statusCode).toBe(400);
    expect((await upload('stock', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0]))).statusCode).toBe(400);
    await expectNoUploadsLeft();
  });

  it('refuses a file over 50 MB with a 400 that says so, and keeps nothing of it', async () => {
    const line = 'SKU-0000001,12\n';
    const lines = Math.ceil((MAX_IMPORT_BYTES + 1 - 'sku,stock\n'.length) / line.length);
    const file = Buffer.from(`sku,stock\n${line.repeat(lines)}`);
    const res = await upload('stock', file);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'The file is over 50 MB' });
    await expectNoUploadsLeft();
  });
});
