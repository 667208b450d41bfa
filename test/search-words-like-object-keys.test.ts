import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDemoData } from '../src/server/db/seed.ts';
import { makeTestApp } from './support/test-app.ts';

// A search word or filter that names something every JavaScript object has ("constructor",
// "__proto__") is an ordinary word: found in nothing, answered like any other.

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
beforeAll(async () => {
  ctx = await makeTestApp();
  await seedDemoData(ctx.db);
});
afterAll(() => ctx.app.close());

it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty chain'])(
  'a search for %s answers like any other',
  async (q) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/tools?q=${encodeURIComponent(q)}`,
    });
    expect(res.statusCode, res.body).toBe(200);
  },
);

it('a filter on an attribute named constructor is refused as unknown, not a crash', async () => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/tools?a.constructor=x' });
  expect(res.statusCode, res.body).toBe(400);
});
