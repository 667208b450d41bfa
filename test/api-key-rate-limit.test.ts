import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiKey } from '../src/contract/api-keys.ts';
import { buildApp } from '../src/server/app.ts';
import { signUp, type Account } from './support/auth.ts';
import { makeTestApp, testConfig } from './support/test-app.ts';

// Issue 33: each API key has its own allowance a minute (API_KEY_RATE_LIMIT), counted in the
// database, so two servers on one database share it.

const ADMIN = 'keys-admin@example.com';
const ENV = { ADMIN_EMAILS: ADMIN, API_KEY_RATE_LIMIT: '3' };

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let second: Awaited<ReturnType<typeof buildApp>>;
let admin: Account;

beforeAll(async () => {
  ctx = await makeTestApp(ENV);
  // A second server on the same database (which the first one closes).
  second = await buildApp(testConfig(ENV), {
    database: { ...ctx.database, close: async () => {} },
  });
  admin = await signUp(ctx.app, { email: ADMIN, name: 'Kim Keys' });
});
afterAll(async () => {
  await second.close();
  await ctx.app.close();
});

async function makeKey(name: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers: { origin: 'http://localhost:3000', cookie: admin.cookie },
    payload: { name, scopes: ['catalog:read'] },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CreatedApiKey>().key;
}

const readWith = (server: typeof second, key: string) =>
  server.inject({ url: '/api/categories', headers: { authorization: `Bearer ${key}` } });

describe('an API key’s rate limit', () => {
  it('refuses the call past API_KEY_RATE_LIMIT a minute with 429 and Retry-After, counted across servers', async () => {
    const key = await makeKey('erp-sync');
    expect((await readWith(ctx.app, key)).statusCode).toBe(200);
    expect((await readWith(second, key)).statusCode).toBe(200);
    expect((await readWith(ctx.app, key)).statusCode).toBe(200);
    const refused = await readWith(second, key);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('is each key’s own: another key still calls, and so does the admin who made them', async () => {
    const busy = await makeKey('busy');
    for (let i = 0; i < 3; i++) expect((await readWith(ctx.app, busy)).statusCode).toBe(200);
    expect((await readWith(ctx.app, busy)).statusCode).toBe(429);
    expect((await readWith(ctx.app, await makeKey('quiet'))).statusCode).toBe(200);
    const asAdmin = await ctx.app.inject({
      url: '/api/categories',
      headers: { cookie: admin.cookie },
    });
    expect(asAdmin.statusCode).toBe(200);
  });
});
