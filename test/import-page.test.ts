import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceColumns, productColumns, stockColumns } from '../src/contract/csv-cells.ts';
import type { ImportPreview } from '../src/contract/imports.ts';
import { ORIGIN, signUp } from './support/auth.ts';
import { multipartForm } from './support/images.ts';
import { inject } from './support/inject.ts';
import { postForm } from './support/page-forms.ts';
import { companies } from '../src/server/db/schema.ts';
import { makeTestApp } from './support/test-app.ts';
import { jobEnded } from './support/import-files.ts';

// Dashboard, Import (issue 33): its templates are files the import takes as they are, and its
// forms work before the page's script has taken over: the file (multipart), Apply, Retry.

const ADMIN = 'import-page-admin@example.com';
const TEMPLATE = `<!doctype html><html lang="en"><head><!--page-head--><title>ECParts</title><!--/page-head--></head>
<body><div id="root"></div></body></html>`;

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let admin: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'ecparts-import-page-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), TEMPLATE);
  ctx = await makeTestApp({ WEB_DIST_DIR: dist, ADMIN_EMAILS: ADMIN });
  admin = await signUp(ctx.app, { name: 'Ines Import', email: ADMIN });
});
afterAll(() => ctx.app.close());

const template = (name: string) => readFileSync(join('public', 'templates', name), 'utf8');

/** The Import page's file form, as a browser without script posts it. */
const postFile = (
  kind: string,
  csv: string,
  headers: Record<string, string> = {},
  fields: Record<string, string> = {},
) => {
  const form = multipartForm({ kind, ...fields }, [
    { field: 'file', filename: `${kind}.csv`, type: 'text/csv', bytes: Buffer.from(csv) },
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: '/dashboard/imports',
    payload: form.payload,
    headers: { ...form.headers, origin: ORIGIN, cookie: admin.cookie, ...headers },
  });
};

const importIdOf = (location: unknown) => {
  const match = /^\/dashboard\/imports\?import=([0-9a-f-]{36})$/.exec(String(location));
  expect(match, String(location)).not.toBeNull();
  return match![1]!;
};

const previewOf = async (id: string) =>
  (
    await inject(ctx.app, 'GET /api/imports/:id', { params: { id }, as: admin })
  ).json<ImportPreview>();

const finished = (jobId: string) => jobEnded(ctx.app, admin, jobId);

describe('the templates', () => {
  it('have each kind of import’s columns, in the contract’s order', () => {
    const header = (name: string) => template(name).split('\r\n')[0];
    expect(header('products.csv')).toBe(productColumns.join(','));
    expect(header('stock.csv')).toBe(stockColumns.join(','));
    expect(header('prices.csv')).toBe(priceColumns.join(','));
    expect(header('dealer-prices.csv')).toBe(priceColumns.join(','));
  });
});

describe('the Import page without script', () => {
  it('checks each template, applies it, and shows the import at its own address', async () => {
    const products = await postFile('products', template('products.csv'));
    expect(products.statusCode, products.body).toBe(303);
    const productsId = importIdOf(products.headers.location);
    expect(await previewOf(productsId)).toMatchObject({
      status: 'valid',
      creates: 1,
      newBrands: ['ECParts'],
      newCategories: ['Tools', 'Tools > Chain tools'],
    });

    const page = await ctx.app.inject({
      url: `/dashboard/imports?import=${productsId}`,
      headers: { cookie: admin.cookie },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Tools &gt; Chain tools');
    expect(page.body).toMatch(/<button[^>]*type="submit"[^>]*>.*Apply<\/button>/s);

    const apply = await postForm(
      ctx.app,
      `/dashboard/imports?import=${productsId}`,
      { intent: 'apply', importId: productsId },
      { cookie: admin.cookie },
    );
    expect(apply.statusCode, apply.body).toBe(303);
    expect(importIdOf(apply.headers.location)).toBe(productsId);
    const { jobId } = await previewOf(productsId);
    expect(await finished(jobId ?? '')).toMatchObject({ status: 'done' });
    const done = await ctx.app.inject({
      url: `/dashboard/imports?import=${productsId}`,
      headers: { cookie: admin.cookie },
    });
    // React writes <!-- --> between a text's pieces.
    expect(done.body.replaceAll('<!-- -->', '')).toContain(
      'Import applied: 1 product added and 0 changed.',
    );

    // The template's part exists now: the stock and prices templates are taken as they are.
    for (const kind of ['stock', 'prices']) {
      const checked = await postFile(kind, template(`${kind}.csv`));
      expect(checked.statusCode, checked.body).toBe(303);
      const preview = await previewOf(importIdOf(checked.headers.location));
      expect(preview, kind).toMatchObject({ kind, status: 'valid', updates: 1, errors: [] });
    }
  });

  it('offers the companies for a dealer-prices file, and sends the one chosen with it only', async () => {
    const [velo] = await ctx.db
      .insert(companies)
      .values({ name: 'Velo Page Werkstatt' })
      .returning();
    const form = await ctx.app.inject({
      url: '/dashboard/imports',
      headers: { cookie: admin.cookie },
    });
    expect(form.body).toMatch(/<label[^>]*for="import-company"[^>]*>Company \(for dealer prices\)/);
    expect(form.body).toContain(`<option value="${velo!.id}">Velo Page Werkstatt</option>`);
    expect(form.body).toContain('href="/templates/dealer-prices.csv"');

    const none = await postFile(
      'dealer-prices',
      template('dealer-prices.csv'),
      {},
      { companyId: '' },
    );
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain('Choose the company whose dealer prices the file sets.');
    expect(none.body).toMatch(/id="import-kind-dealer-prices"[^>]*checked/);

    // The first test made the template's product; the dealer template sets Velo's own ladder.
    const checked = await postFile(
      'dealer-prices',
      template('dealer-prices.csv'),
      {},
      {
        companyId: velo!.id,
      },
    );
    expect(checked.statusCode, checked.body).toBe(303);
    const id = importIdOf(checked.headers.location);
    expect(await previewOf(id)).toMatchObject({
      kind: 'dealer-prices',
      companyId: velo!.id,
      status: 'valid',
      creates: 1,
      errors: [],
    });
    const page = await ctx.app.inject({
      url: `/dashboard/imports?import=${id}`,
      headers: { cookie: admin.cookie },
    });
    expect(page.body).toContain('Checked: Dealer prices for Velo Page Werkstatt');
    expect(page.body).toMatch(new RegExp(`<option value="${velo!.id}" selected`));

    // The picker is on the page whatever the kind: with list prices its company is not sent.
    const prices = await postFile('prices', template('prices.csv'), {}, { companyId: velo!.id });
    expect(prices.statusCode, prices.body).toBe(303);
    expect(await previewOf(importIdOf(prices.headers.location))).toMatchObject({
      kind: 'prices',
      companyId: null,
    });
  });

  it('draws the page again with the reason when the file cannot be read, or is missing', async () => {
    const unreadable = await postFile('stock', 'name,stock\nx,1\n');
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.body).toContain('no sku column');
    expect(unreadable.body).toMatch(/id="import-kind-stock"[^>]*checked/);

    const empty = await postFile('stock', '');
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Choose a CSV file to check.');
  });

  it('takes a file only from a signed-in visitor, and only on the Import page', async () => {
    const visitor = await postFile('stock', 'sku,stock\n', { cookie: '' });
    expect(visitor.statusCode).toBe(403);
    const elsewhere = multipartForm({ text: 'x' }, []);
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/quick-order',
      payload: elsewhere.payload,
      headers: { ...elsewhere.headers, origin: ORIGIN, cookie: admin.cookie },
    });
    expect(other.statusCode).toBe(415);
  });

  it('refuses a buyer’s file with the API’s own answer', async () => {
    const buyer = await signUp(ctx.app, { name: 'Bo Buyer' });
    const refused = await postFile('stock', 'sku,stock\n', { cookie: buyer.cookie });
    expect(refused.statusCode).toBe(403);
  });
});
