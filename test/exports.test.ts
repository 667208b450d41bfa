import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../src/contract/orders.ts';
import { orders } from '../src/server/db/schema.ts';
import { signUp, type Account } from './support/auth.ts';
import { givenCompany } from './support/companies.ts';
import { insertProduct } from './support/fixtures.ts';
import { inject } from './support/inject.ts';
import { payOrder, placeOrder } from './support/payments.ts';
import { makeTestApp } from './support/test-app.ts';

// Exports (issue 33): an admin downloads orders, invoices, products and customers as CSV, for a
// spreadsheet, a bookkeeper or an ERP (the products file: test/exports-products.test.ts).

const ADMIN = 'exports-admin@example.com';

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let admin: Account;
let buyer: Account;

beforeAll(async () => {
  ctx = await makeTestApp({ ADMIN_EMAILS: ADMIN, MAX_UNPAID_ORDERS: '100' });
  admin = await signUp(ctx.app, { name: 'Ada Admin', email: ADMIN });
  buyer = await signUp(ctx.app, { name: 'Dana Spokes' });
});
afterAll(() => ctx.app.close());

type Name = 'orders' | 'invoices' | 'products' | 'customers';

/** Downloads an export, as the admin unless told (`null`: signed out). */
const download = (name: Name, query: Record<string, string> = {}, as: Account | null = admin) =>
  inject(ctx.app, 'GET /api/exports/:name.csv', { params: { name }, query, as: as ?? undefined });

/** The file's rows, header first. */
function rowsOf(body: string, delimiter = ',') {
  return parse(body, { bom: true, delimiter, relax_column_count: false }) as string[][];
}

/** The rows as records keyed by the header. */
function recordsOf(body: string) {
  const [header = [], ...rows] = rowsOf(body);
  return rows.map((row) => Object.fromEntries(header.map((h, i) => [h, row[i] ?? ''])));
}

const today = () => new Date().toISOString().slice(0, 10);

async function paidOrder(
  who: Account = buyer,
  overrides: Parameters<typeof insertProduct>[1] = {},
) {
  const product = await insertProduct(ctx.db, { stock: 1000, priceCents: 1299, ...overrides });
  const placed = await placeOrder(ctx.app, who, product.id, 10);
  expect(placed.statusCode, placed.body).toBe(201);
  const paid = await payOrder(ctx.app, who, placed.json()._id);
  expect(paid.statusCode, paid.body).toBe(200);
  const [row] = await ctx.db.select().from(orders).where(eq(orders.id, placed.json()._id));
  return { order: paid.json<Order>(), row: row!, product };
}

describe('the orders export', () => {
  it('gives an admin one row per order line, with money written with a dot, as a CSV attachment', async () => {
    const { row, product } = await paidOrder();
    const res = await download('orders');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="orders-${today()}.csv"`);
    const [header] = rowsOf(res.body);
    expect(header).toEqual([
      'order number',
      'date',
      'status',
      'company',
      'buyer email',
      'PO number',
      'SKU',
      'name',
      'quantity',
      'unit price',
      'line total',
      'shipping',
      'tax',
      'grand total',
      'currency',
      'invoice number',
      'ship-to country',
    ]);
    const line = recordsOf(res.body).find((r) => r['order number'] === String(row.number));
    expect(line).toMatchObject({
      date: today(),
      status: 'paid',
      'buyer email': buyer.email.toLowerCase(),
      SKU: product.sku,
      name: product.name,
      quantity: '10',
      'unit price': '12.99',
      'line total': '129.90',
      'grand total': (row.grandTotalCents / 100).toFixed(2),
      currency: 'USD',
      'invoice number': row.invoiceNumber,
      'ship-to country': row.shippingAddress?.country ?? '',
    });
  });

  it('keeps only the orders placed between from and to (whole days), and in the status asked for', async () => {
    const { row: january } = await paidOrder();
    await ctx.db
      .update(orders)
      .set({ createdAt: new Date('2026-01-15T23:30:00Z') })
      .where(eq(orders.id, january.id));
    const product = await insertProduct(ctx.db, { stock: 100 });
    const unpaid = await placeOrder(ctx.app, buyer, product.id, 10);
    expect(unpaid.statusCode).toBe(201);

    const numbers = async (query: Record<string, string>) =>
      recordsOf((await download('orders', query)).body).map((r) => r['order number']);
    expect(await numbers({ from: '2026-01-15', to: '2026-01-15' })).toEqual([
      String(january.number),
    ]);
    expect(await numbers({ from: '2026-01-16', to: '2026-01-31' })).toEqual([]);
    expect(await numbers({ to: '2026-01-14' })).toEqual([]);
    const unpaidOnes = await numbers({ status: 'unpaid' });
    expect(unpaidOnes).toContain(String(unpaid.json().number));
    expect(unpaidOnes).not.toContain(String(january.number));
    expect(await numbers({ status: 'paid' })).not.toContain(String(unpaid.json().number));
  });

  it('writes semicolons and a byte-order mark with excel=1, and money still with a dot', async () => {
    const { row } = await paidOrder();
    const res = await download('orders', { excel: '1' });
    expect(res.statusCode).toBe(200);
    expect(res.body.startsWith('\uFEFForder number;date;status;')).toBe(true);
    const line = rowsOf(res.body, ';').find((r) => r[0] === String(row.number));
    expect(line?.[9]).toBe('12.99');
  });

  it('neutralises a company or part name a spreadsheet would run as a formula, and leaves the SKU', async () => {
    const { owner } = await givenCompany(ctx.app, '=HYPERLINK("http://evil.example")');
    const { row, product } = await paidOrder(owner, { name: '+SUM(A1:A9)', sku: '-DASH-1' });
    const line = recordsOf((await download('orders')).body).find(
      (r) => r['order number'] === String(row.number),
    );
    expect(line?.company).toBe(`'=HYPERLINK("http://evil.example")`);
    expect(line?.name).toBe(`'+SUM(A1:A9)`);
    expect(line?.SKU).toBe(product.sku);
  });
});

describe('who may export, and what is refused', () => {
  it('answers 401 to a visitor and 403 to a customer', async () => {
    expect((await download('orders', {}, null)).statusCode).toBe(401);
    expect((await download('customers', {}, buyer)).statusCode).toBe(403);
  });

  it('refuses from after to, a status the export does not take and an unknown export with 400', async () => {
    const late = await download('orders', { from: '2026-02-01', to: '2026-01-31' });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toMatch(/first day comes after the last/);
    expect((await download('invoices', { status: 'shipped' })).statusCode).toBe(400);
    expect((await download('products', { status: 'paid' })).statusCode).toBe(400);
    expect((await download('orders', { from: '15.01.2026' })).statusCode).toBe(400);
    const unknown = await ctx.app.inject({
      url: '/api/exports/passwords.csv',
      headers: { cookie: admin.cookie },
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('is described in the OpenAPI document as a CSV file, its name one of the five', async () => {
    const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json();
    const op = doc.paths['/api/exports/{name}.csv'].get;
    expect(Object.keys(op.responses['200'].content)).toEqual(['text/csv']);
    const name = op.parameters.find((p: { name: string }) => p.name === 'name');
    expect(name.schema.enum).toEqual([
      'orders',
      'invoices',
      'products',
      'customers',
      'dealer-prices',
    ]);
  });

  it('takes the blank fields a plain form sends as no filter', async () => {
    const res = await download('orders', { from: '', to: '', status: '' });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('the invoices export', () => {
  it('lists each invoice and credit note with its net, tax per rate, gross and dates', async () => {
    const { order, row } = await paidOrder();
    const cancelled = await inject(ctx.app, 'POST /api/orders/:id/cancel', {
      params: { id: order._id },
      body: { reason: 'Ordered the wrong size' },
      as: admin,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const creditNote = cancelled.json().creditNoteNumber;

    const res = await download('invoices');
    expect(res.statusCode, res.body).toBe(200);
    const [header = []] = rowsOf(res.body);
    expect(header.slice(0, 7)).toEqual([
      'type',
      'number',
      'date',
      'order number',
      'customer',
      'VAT ID',
      'net',
    ]);
    expect(header.slice(-4)).toEqual(['gross', 'currency', 'due date', 'paid date']);
    expect(header.slice(7, -4).every((h) => /^tax \d+(\.\d+)?%$/.test(h))).toBe(true);
    const records = recordsOf(res.body);
    const net = ((row.totalCents + row.shippingCents) / 100).toFixed(2);
    expect(records.find((r) => r.number === row.invoiceNumber)).toMatchObject({
      type: 'invoice',
      date: today(),
      'order number': String(row.number),
      // As the invoice names the buyer: the billing (or ship-to) name, else the account's.
      customer: (row.billingAddress ?? row.shippingAddress)?.name || row.userName,
      net,
      gross: (row.grandTotalCents / 100).toFixed(2),
      'paid date': today(),
      'due date': '',
    });
    expect(records.find((r) => r.number === creditNote)).toMatchObject({
      type: 'credit note',
      net: `-${net}`,
      gross: `-${(row.grandTotalCents / 100).toFixed(2)}`,
      'paid date': today(),
    });
  });

  it('keeps paid documents with status=paid and the rest with status=unpaid', async () => {
    const { row } = await paidOrder();
    const paid = recordsOf((await download('invoices', { status: 'paid' })).body);
    const unpaid = recordsOf((await download('invoices', { status: 'unpaid' })).body);
    expect(paid.map((r) => r.number)).toContain(row.invoiceNumber);
    expect(unpaid.map((r) => r.number)).not.toContain(row.invoiceNumber);
    expect(paid.every((r) => r['paid date'] !== '')).toBe(true);
    expect(unpaid.every((r) => r['paid date'] === '')).toBe(true);
  });

  it('dates invoices by their own day for from and to', async () => {
    const { row } = await paidOrder();
    await ctx.db
      .update(orders)
      .set({ invoicedAt: new Date('2025-12-31T10:00:00Z') })
      .where(eq(orders.id, row.id));
    const numbers = async (query: Record<string, string>) =>
      recordsOf((await download('invoices', query)).body).map((r) => r.number);
    expect(await numbers({ from: '2025-12-31', to: '2025-12-31' })).toEqual([row.invoiceNumber]);
    expect(await numbers({ from: '2026-01-01', to: '2026-01-01' })).toEqual([]);
  });
});

describe('the customers export', () => {
  it('neutralises a name a spreadsheet would run as a formula', async () => {
    const sly = await signUp(ctx.app, { name: '@SUM(1+1)' });
    const records = recordsOf((await download('customers')).body);
    expect(records.find((r) => r.email === sly.email.toLowerCase())?.name).toBe("'@SUM(1+1)");
  });

  it('lists accounts with their company, terms and balance', async () => {
    const { owner, company } = await givenCompany(ctx.app, 'Rad Werk GmbH');
    const res = await download('customers');
    expect(res.statusCode, res.body).toBe(200);
    const records = recordsOf(res.body);
    expect(rowsOf(res.body)[0]).toEqual([
      'email',
      'name',
      'account',
      'signed up',
      'company',
      'company role',
      'VAT ID',
      'VAT ID verified',
      'terms (net days)',
      'credit limit',
      'balance',
      'discount %',
      'PO required',
      'currency',
    ]);
    expect(records.find((r) => r.email === owner.email.toLowerCase())).toMatchObject({
      name: 'Olive Owner',
      account: 'customer',
      'signed up': today(),
      company: company.name,
      'company role': 'owner',
      'credit limit': '0.00',
      balance: '0.00',
      'discount %': '0',
    });
    expect(records.find((r) => r.email === ADMIN)).toMatchObject({
      account: 'admin',
      company: '',
      'credit limit': '',
      balance: '',
    });
  });
});
