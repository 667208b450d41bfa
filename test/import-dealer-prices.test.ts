import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportPreview } from '../src/contract/imports.ts';
import { companies, companyMembers, users } from '../src/server/db/schema.ts';
import { signUp, type Account } from './support/auth.ts';
import { insertProduct, ladderInCents } from './support/fixtures.ts';
import { inject, type Sender } from './support/inject.ts';
import { asCustomer } from './support/requests.ts';
import { makeTestApp } from './support/test-app.ts';
import { applyImport, sendImportFile } from './support/import-files.ts';

// A dealer-prices file: one company's own ladders by SKU, checked by the dealer-price form's
// rules, applied once, seen by that company's members and by nobody else.

const ADMIN = 'dealer-import-admin@example.com';
const NO_COMPANY = '00000000-0000-4000-8000-000000000000';
let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let admin: Account;
let member: Account;
let rival: Account;
let veloId: string;
let rivalId: string;
let chain: { id: string; sku: string };
let pads: { id: string; sku: string };
let cable: { id: string; sku: string };

async function companyOf(name: string, owner: Account) {
  const [company] = await ctx.db.insert(companies).values({ name }).returning();
  const [user] = await ctx.db.select().from(users).where(eq(users.email, owner.email));
  await ctx.db
    .insert(companyMembers)
    .values({ userId: user!.id, companyId: company!.id, role: 'owner' });
  return company!.id;
}

beforeAll(async () => {
  ctx = await makeTestApp({ ADMIN_EMAILS: ADMIN });
  admin = await signUp(ctx.app, { name: 'Ida Import', email: ADMIN });
  member = await signUp(ctx.app, { name: 'Mia Member' });
  rival = await signUp(ctx.app, { name: 'Ray Rival' });
  veloId = await companyOf('Velo Werkstatt', member);
  rivalId = await companyOf('Rival Bikes', rival);
  // List: chain $20.00 from 10, $18.00 from 50; pads $6.00 from 10; cable $2.00 from 10.
  chain = await insertProduct(ctx.db, { tiers: ladderInCents([10, 2000], [50, 1800]), stock: 500 });
  pads = await insertProduct(ctx.db, { tiers: ladderInCents([10, 600]), stock: 500 });
  cable = await insertProduct(ctx.db, { tiers: ladderInCents([10, 200]), stock: 500 });
  // Velo already has its own ladder for the pads; the rival one for the chain.
  const own = (id: string, body: unknown) =>
    inject(ctx.app, 'PUT /api/companies/:id/prices', { params: { id }, payload: body, as: admin });
  const velo = await own(veloId, {
    products: [{ productId: pads.id, tiers: [{ minQuantity: 10, price: 5.5 }] }],
  });
  expect(velo.statusCode, velo.body).toBe(200);
  const rivals = await own(rivalId, {
    products: [{ productId: chain.id, tiers: [{ minQuantity: 10, price: 19 }] }],
  });
  expect(rivals.statusCode, rivals.body).toBe(200);
});
afterAll(() => ctx.app.close());

const upload = (kind: string, file: string, fields: { companyId?: string } = {}) =>
  sendImportFile(ctx.app, admin, { kind, ...fields }, file);

async function preview(file: string, companyId = veloId) {
  const res = await upload('dealer-prices', file, { companyId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ImportPreview>();
}

const applyOnce = (id: string) =>
  inject(ctx.app, 'POST /api/imports/:id/apply', { params: { id }, as: admin });

const applied = (importId: string) => applyImport(ctx.app, admin, importId);

const priceList = async (id: string) =>
  (await inject(ctx.app, 'GET /api/companies/:id/prices', { params: { id }, as: admin })).json<{
    products: { sku: string; tiers: { minQuantity: number; price: number }[] }[];
  }>();

const priceOf = async (id: string, as?: Sender) =>
  (await inject(ctx.app, 'GET /api/tools/:id', { params: { id }, ...(as ? { as } : {}) })).json<{
    price: number;
  }>().price;

describe('a dealer-prices file', () => {
  it('needs a company that exists, and only dealer prices take one', async () => {
    const file = `sku,price,tiers\n${chain.sku},17.00,\n`;
    const without = await upload('dealer-prices', file);
    expect(without.statusCode).toBe(400);
    expect(without.json().message).toBe(
      'companyId: choose the company whose dealer prices the file sets',
    );
    const unknown = await upload('dealer-prices', file, { companyId: NO_COMPANY });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('companyId: no company has this id');
    const notAnId = await upload('dealer-prices', file, { companyId: 'velo' });
    expect(notAnId.statusCode).toBe(400);
    const withPrices = await upload('prices', file, { companyId: veloId });
    expect(withPrices.statusCode).toBe(400);
    expect(withPrices.json().message).toBe(
      'companyId goes with dealer-prices only, not with prices',
    );
    expect((await priceList(veloId)).products.map((p) => p.sku)).toEqual([pads.sku]);
  });

  it("lists ladder errors by line with the dealer-price form's messages, and changes nothing", async () => {
    const file = [
      'sku,price,tiers',
      `${chain.sku},17.00,10:17.00|50:18.00`, // rises
      `${pads.sku},5.00,50:5.00|20:4.00`, // quantities go down
      `${cable.sku},1.80,10:1.90|50:1.50`, // price is not the first rung's
      'ECP-NOT-THERE,1.00,',
      `${cable.sku.toLowerCase()}x,abc,`,
    ].join('\n');
    const checked = await preview(file);
    expect(checked).toMatchObject({ kind: 'dealer-prices', companyId: veloId, status: 'invalid' });
    expect(checked.errors).toEqual([
      { line: 2, column: 'tiers', message: 'A larger quantity cannot cost more per piece' },
      { line: 3, column: 'tiers', message: 'Each tier starts above the one before (50)' },
      { line: 4, column: 'tiers', message: "The first tier's price is the price" },
      { line: 5, column: 'sku', message: 'No product has SKU ECP-NOT-THERE' },
      { line: 6, column: 'sku', message: `No product has SKU ${cable.sku}X` },
    ]);
    expect((await applyOnce(checked._id)).statusCode).toBe(409);
    expect((await priceList(veloId)).products.map((p) => p.sku)).toEqual([pads.sku]);
  });

  it('refuses a rung the form refuses: a price of 0 and more than ten rungs', async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `${10 + i}:${(5 - i * 0.1).toFixed(2)}`);
    const checked = await preview(
      `sku,price,tiers\n${chain.sku},5.00,10:5.00|20:0.00\n${pads.sku},5.00,${eleven.join('|')}\n`,
    );
    expect(checked.errors).toEqual([
      { line: 2, column: 'tiers', message: 'Price must be more than 0' },
      { line: 3, column: 'tiers', message: 'A price ladder has at most 10 tiers' },
    ]);
  });

  it('counts a product without an own ladder as new, a changed one as changed, the same as unchanged', async () => {
    const checked = await preview(
      [
        'sku,price,tiers',
        `${chain.sku},17.00,10:17.00|50:15.50`,
        `${pads.sku},5.50,`,
        `${cable.sku},1.80,`,
      ].join('\n'),
    );
    expect(checked).toMatchObject({
      status: 'valid',
      rows: 3,
      creates: 2,
      updates: 0,
      unchanged: 1,
      errors: [],
    });
    const changed = await preview(`sku;price;tiers\n${pads.sku};5,20;10:5,20|100:4,90\n`);
    expect(changed).toMatchObject({ status: 'valid', creates: 0, updates: 1, unchanged: 0 });
  });

  it("applies once: the company's members pay the file's prices, other companies and the list do not change", async () => {
    const checked = await preview(
      [
        'sku,price,tiers',
        `${chain.sku},17.00,10:17.00|50:15.50`,
        `${pads.sku},5.20,10:5.20|100:4.90`,
        `${cable.sku},1.80,`,
      ].join('\n'),
    );
    expect(checked).toMatchObject({ status: 'valid', creates: 2, updates: 1 });
    const job = await applied(checked._id);
    expect(job.status, job.error ?? '').toBe('done');
    const again = await applyOnce(checked._id);
    expect(again.json().jobId).toBe(job._id);

    expect((await priceList(veloId)).products).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          sku: chain.sku,
          tiers: [
            { minQuantity: 10, price: 17 },
            { minQuantity: 50, price: 15.5 },
          ],
        }),
        expect.objectContaining({
          sku: pads.sku,
          tiers: [
            { minQuantity: 10, price: 5.2 },
            { minQuantity: 100, price: 4.9 },
          ],
        }),
        expect.objectContaining({ sku: cable.sku, tiers: [{ minQuantity: 10, price: 1.8 }] }),
      ]),
    );
    expect((await priceList(veloId)).products).toHaveLength(3);
    // The member sees and pays them; the rival keeps its own; a stranger sees the list.
    expect(await priceOf(chain.id, member)).toBe(17);
    const cart = asCustomer(ctx.app, member);
    await cart.emptyCart();
    const line = await cart.setLine(chain.id, 50);
    expect(line.json()).toMatchObject({
      lines: [{ productId: chain.id, unitPrice: 15.5, lineTotal: 775 }],
    });
    expect(await priceOf(chain.id, rival)).toBe(19);
    expect(await priceOf(chain.id)).toBe(20);
    expect((await priceList(rivalId)).products.map((p) => p.sku)).toEqual([chain.sku]);

    // The same file again is all unchanged: nothing to apply.
    const same = await preview(
      [
        'sku,price,tiers',
        `${chain.sku},17.00,10:17.00|50:15.50`,
        `${pads.sku},5.20,10:5.20|100:4.90`,
        `${cable.sku},1.80,`,
      ].join('\n'),
    );
    expect(same).toMatchObject({ creates: 0, updates: 0, unchanged: 3 });
  });

  it('writes to the audit trail, as the form does, which ladders the file set for the company', async () => {
    const audit = await inject(ctx.app, 'GET /api/audit', { as: admin });
    const entries = audit
      .json<{ data: { action: string; targetId: string; actorEmail: string; summary: string }[] }>()
      .data.filter((e) => e.action === 'company.prices' && e.targetId === veloId);
    const byFile = entries.filter((e) => e.summary.includes('by import'));
    expect(byFile).toHaveLength(1);
    expect(byFile[0]?.actorEmail).toBe(ADMIN);
    expect(byFile[0]?.summary).toMatch(
      new RegExp(
        `^Set the dealer prices of Velo Werkstatt by import [0-9a-f-]{36}: own ladders: ${chain.sku} 10\\+ \\$17\\.00 · 50\\+ \\$15\\.50; ${pads.sku} 10\\+ \\$5\\.20 · 100\\+ \\$4\\.90; ${cable.sku} 10\\+ \\$1\\.80$`,
      ),
    );
  });
});

describe("a company's dealer prices as a CSV file", () => {
  const download = (query: Record<string, string>, who: Sender = admin) =>
    inject(ctx.app, 'GET /api/exports/:name.csv', {
      params: { name: 'dealer-prices' },
      query,
      as: who,
    });

  it('downloads its own ladders by SKU in the columns the import reads, named after the company', async () => {
    const res = await download({ company: veloId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="dealer-prices-velo-werkstatt-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bySku = [
      `${chain.sku},17.00,10:17.00|50:15.50`,
      `${pads.sku},5.20,10:5.20|100:4.90`,
      `${cable.sku},1.80,10:1.80`,
    ].sort();
    expect(res.body.trim().split(/\r?\n/)).toEqual(['sku,price,tiers', ...bySku]);
    // The rival's own ladder is its own file.
    const rivals = await download({ company: rivalId });
    expect(rivals.body.trim().split(/\r?\n/)).toEqual([
      'sku,price,tiers',
      `${chain.sku},19.00,10:19.00`,
    ]);
  });

  it.each([
    ['as it is', {}],
    ['for a European spreadsheet', { excel: '1' }],
  ])('imported back %s, changes nothing', async (_, query) => {
    const res = await download({ company: veloId, ...query });
    expect(res.statusCode, res.body).toBe(200);
    const sent = await sendImportFile(
      ctx.app,
      admin,
      { kind: 'dealer-prices', companyId: veloId },
      res.rawPayload,
    );
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json<ImportPreview>()).toMatchObject({
      errors: [],
      rows: 3,
      creates: 0,
      updates: 0,
      unchanged: 3,
    });
  });

  it('keeps only the ladders changed between from and to', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(
      (await download({ company: veloId, from: today })).body.trim().split(/\r?\n/),
    ).toHaveLength(4);
    expect((await download({ company: veloId, from: tomorrow })).body.trim()).toBe(
      'sku,price,tiers',
    );
  });

  it('needs a company that exists, is refused to other exports, and is an admin’s or a catalog:read key’s', async () => {
    const missing = await download({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(
      'company: choose the company whose dealer prices to export',
    );
    for (const company of [NO_COMPANY, 'not-an-id']) {
      const unknown = await download({ company });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().message).toBe('company: no company has this id');
    }
    const orders = await inject(ctx.app, 'GET /api/exports/:name.csv', {
      params: { name: 'orders' },
      query: { company: veloId },
      as: admin,
    });
    expect(orders.statusCode).toBe(400);
    expect(orders.json().message).toBe('company: the orders export takes no company');
    expect((await download({ company: veloId }, member)).statusCode).toBe(403);
    expect((await download({ company: veloId }, {})).statusCode).toBe(401);

    const keyWith = async (scope: string) => {
      const made = await inject(ctx.app, 'POST /api/api-keys', {
        body: { name: `erp ${scope}`, scopes: [scope as 'catalog:read'] },
        as: admin,
      });
      expect(made.statusCode, made.body).toBe(201);
      return { authorization: `Bearer ${made.json<{ key: string }>().key}` };
    };
    const byKey = (headers: Record<string, string>) =>
      inject(ctx.app, 'GET /api/exports/:name.csv', {
        params: { name: 'dealer-prices' },
        query: { company: veloId },
        headers,
      });
    expect((await byKey(await keyWith('catalog:read'))).statusCode).toBe(200);
    const ordersKey = await byKey(await keyWith('orders:read'));
    expect(ordersKey.statusCode).toBe(403);
    expect(ordersKey.json().message).toContain('catalog:read');
  });
});
