import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedList, SavedListList } from '../src/contract/saved-lists.ts';
import { cookieFrom, signIn } from './support/auth.ts';
import { inject } from './support/inject.ts';
import { makeTestApp } from './support/test-app.ts';

// The demo data shows one saved list (issue 34): the demo workshop's, shared with its company.

let demo: Awaited<ReturnType<typeof makeTestApp>>;

beforeAll(async () => {
  demo = await makeTestApp({ SEED_DEMO: 'on', NODE_ENV: 'development' });
});
afterAll(() => demo.app.close());

const signedIn = async (email: string, password: string) => {
  const res = await signIn(demo.app, email, password);
  expect(res.statusCode).toBe(200);
  return { cookie: cookieFrom(res.headers['set-cookie']) };
};

describe('the demo saved list', () => {
  it('is the demo company’s, seen by its buyer and owner, and goes to the cart with its off-pack line raised', async () => {
    const buyer = await signedIn('buyer@velo-werkstatt.test', 'buyer-demo-2026');
    const lists = (await inject(demo.app, 'GET /api/lists', { as: buyer })).json<SavedListList>();
    expect(lists.data).toEqual([
      expect.objectContaining({
        name: 'Workshop weekly consumables',
        shared: true,
        createdBy: 'Bram Buyer',
        lineCount: 5,
      }),
    ]);
    const id = lists.data[0]?._id ?? '';
    const owner = await signedIn('owner@velo-werkstatt.test', 'owner-demo-2026');
    const seen = await inject(demo.app, 'GET /api/lists/:id', { params: { id }, as: owner });
    expect(seen.json<SavedList>().lines.map((l) => l.sku)).toEqual([
      'ECP-CH11-01',
      'ECP-DBP-01',
      'ECP-IT700-25',
      'ECP-NTL-03',
      'ECP-CWC-01',
    ]);
    const customer = await signedIn('customer@ecparts.test', 'customer-demo-2026');
    expect(
      (await inject(demo.app, 'GET /api/lists/:id', { params: { id }, as: customer })).statusCode,
    ).toBe(404);

    const sent = await inject(demo.app, 'POST /api/lists/:id/to-cart', {
      params: { id },
      as: buyer,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const { results } = sent.json();
    expect(results.map((r) => r.status)).toEqual(['added', 'added', 'added', 'added', 'adjusted']);
    expect(results[4]).toMatchObject({ sku: 'ECP-CWC-01', inCart: 20 });
  });
});
