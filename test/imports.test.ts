import iconv from 'iconv-lite';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportPreview } from '../src/contract/imports.ts';
import type { Job } from '../src/contract/jobs.ts';
import { products, stockMovements } from '../src/server/db/schema.ts';
import { signUp } from './support/auth.ts';
import { insertProduct } from './support/fixtures.ts';
import { multipartForm } from './support/images.ts';
import { inject } from './support/inject.ts';
import { placeOrder } from './support/payments.ts';
import { makeTestApp } from './support/test-app.ts';

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

const upload = (kind: string, file: Buffer | string, as: Who = admin) => {
  const bytes = typeof file === 'string' ? Buffer.from(file) : file;
  const form = multipartForm({ kind }, [
    { field: 'file', filename: `${kind}.csv`, type: 'text/csv', bytes },
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/imports',
    payload: form.payload,
    headers: { ...form.headers, cookie: as.cookie, origin: 'http://localhost:3000' },
  });
};

async function preview(kind: string, file: Buffer | string) {
  const res = await upload(kind, file);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ImportPreview>();
}

async function applied(importId: string) {
  const res = await inject(ctx.app, 'POST /api/imports/:id/apply', {
    params: { id: importId },
    as: admin,
  });
  expect(res.statusCode, res.body).toBe(202);
  const { jobId } = res.json<{ jobId: string }>();
  for (let i = 0; i < 100; i++) {
    const job = await inject(ctx.app, 'GET /api/jobs/:id', { params: { id: jobId }, as: admin });
    const body = job.json<Job>();
    if (body.status === 'done' || body.status === 'failed') return body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the apply job did not end');
}

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
