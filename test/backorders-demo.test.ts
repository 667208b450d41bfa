import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../src/contract/catalog.ts';
import { demoBackorderSku } from '../src/server/db/seed-backorders.ts';
import { inject } from './support/inject.ts';
import { makeTestApp } from './support/test-app.ts';

// The demo data shows one part on backorder (issue 34): sold out, taking orders, a date given.

let demo: Awaited<ReturnType<typeof makeTestApp>>;

beforeAll(async () => {
  demo = await makeTestApp({ SEED_DEMO: 'on', NODE_ENV: 'development' });
});
afterAll(() => demo.app.close());

describe('the demo part on backorder', () => {
  it('is sold out, allows backorders and says when more is expected', async () => {
    const found = await inject(demo.app, 'GET /api/tools', { query: { q: demoBackorderSku } });
    const part = found.json<{ data: Product[] }>().data.find((p) => p.sku === demoBackorderSku);
    expect(part).toMatchObject({ stock: 0, availability: 'backorder' });
    expect(part?.backorder.allowed).toBe(true);
    expect(part?.backorder.expectedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Date.parse(part!.backorder.expectedAt!)).toBeGreaterThan(Date.now());
  });
});
