import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ImportPreview } from '../src/contract/imports.ts';
import { seedDemoData } from '../src/server/db/seed.ts';
import { signUp } from './support/auth.ts';
import { makeTestApp } from './support/test-app.ts';
import { sendImportFile } from './support/import-files.ts';

type Ctx = Awaited<ReturnType<typeof makeTestApp>>;

const ADMIN = 'round-trip@example.com';
let ctx: Ctx;
let admin: { cookie: string };

beforeAll(async () => {
  ctx = await makeTestApp({ ADMIN_EMAILS: ADMIN });
  await seedDemoData(ctx.db);
  admin = await signUp(ctx.app, { name: 'Rhonda Trip', email: ADMIN });
});
afterAll(() => ctx.app.close());

const reimport = async (file: Buffer) => {
  const res = await sendImportFile(ctx.app, admin, { kind: 'products' }, file);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ImportPreview>();
};

it.each([
  ['as it is', ''],
  ['for a European spreadsheet', '?excel=1'],
])('the products export, imported again %s, changes nothing', async (_, query) => {
  const exported = await ctx.app.inject({
    method: 'GET',
    url: `/api/exports/products.csv${query}`,
    headers: { cookie: admin.cookie },
  });
  expect(exported.statusCode, exported.body).toBe(200);
  const lines = exported.body.trim().split(/\r?\n/).length;
  expect(lines).toBeGreaterThan(10);

  const checked = await reimport(exported.rawPayload);
  expect(checked.errors).toEqual([]);
  expect(checked).toMatchObject({
    status: 'valid',
    rows: lines - 1,
    creates: 0,
    updates: 0,
    unchanged: lines - 1,
    newCategories: [],
    newBrands: [],
  });
});
