import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ApiScope, CreatedApiKey } from '../src/contract/api-keys.ts';
import type { ImportPreview } from '../src/contract/imports.ts';
import type { Job } from '../src/contract/jobs.ts';
import { makeWorld, type World } from './security/world.ts';
import { sendImportFile } from './support/import-files.ts';

// Issue 33: the ERP's own calls with a key: a catalogue file in (catalog:write), the
// spreadsheets out (orders:read for orders, invoices and customers; catalog:read for products).

let w: World;

beforeAll(async () => {
  w = await makeWorld();
});
afterAll(() => w.app.close());

async function keyWith(...scopes: ApiScope[]) {
  const res = await w.send('admin', 'POST', '/api/api-keys', {
    name: `erp-${scopes.join('-')}`,
    scopes,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CreatedApiKey>().key;
}

const asKey = (key: string, method: 'GET' | 'POST', url: string, extra: object = {}) =>
  w.app.inject({ method, url, headers: { authorization: `Bearer ${key}` }, ...extra });

it('a key with catalog:write sends a stock file, applies it and follows its job', async () => {
  const key = await keyWith('catalog:write');
  const part = await w.product();
  const sent = await sendImportFile(
    w.app,
    { headers: { authorization: `Bearer ${key}` } },
    { kind: 'stock' },
    `sku,stock\n${part.sku},321\n`,
  );
  expect(sent.statusCode, sent.body).toBe(201);
  const preview = sent.json<ImportPreview>();
  const applied = await asKey(key, 'POST', `/api/imports/${preview._id}/apply`);
  expect(applied.statusCode, applied.body).toBe(202);
  const { jobId } = applied.json<{ jobId: string }>();
  let job: Job | undefined;
  for (let i = 0; i < 100 && job?.status !== 'done'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    job = (await asKey(key, 'GET', `/api/jobs/${jobId}`)).json<Job>();
  }
  expect(job?.status).toBe('done');

  const readOnly = await keyWith('catalog:read');
  const refused = await asKey(readOnly, 'POST', `/api/imports/${preview._id}/apply`);
  expect(refused.statusCode).toBe(403);
  expect(refused.json<{ message: string }>().message).toContain('catalog:write');
});

it('each export asks a key for its own scope', async () => {
  const orders = await keyWith('orders:read');
  const catalog = await keyWith('catalog:read');
  expect((await asKey(orders, 'GET', '/api/exports/orders.csv')).statusCode).toBe(200);
  expect((await asKey(orders, 'GET', '/api/exports/invoices.csv')).statusCode).toBe(200);
  const noProducts = await asKey(orders, 'GET', '/api/exports/products.csv');
  expect(noProducts.statusCode).toBe(403);
  expect(noProducts.json<{ message: string }>().message).toContain('catalog:read');
  const products = await asKey(catalog, 'GET', '/api/exports/products.csv');
  expect(products.statusCode).toBe(200);
  expect(products.body.split('\n')[0]).toMatch(/^sku,name,/);
  expect((await asKey(catalog, 'GET', '/api/exports/customers.csv')).statusCode).toBe(403);
});
