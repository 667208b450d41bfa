import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app.ts';
import { demoAccounts } from '../src/server/auth/demo-accounts.ts';
import { openPglite } from '../src/server/db/client.ts';
import { cookieFrom, linkIn, ORIGIN, outboxFor, signIn, signUp } from './support/auth.ts';
import { makeTestApp, testConfig, testDatabaseKind } from './support/test-app.ts';

const sessionOf = async (app: Awaited<ReturnType<typeof buildApp>>, cookie: string) =>
  (await app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } })).json<{
    user: { email: string };
  } | null>();

describe('sessions', () => {
  it.runIf(testDatabaseKind === 'pglite')(
    'survive a restart of the server on the same data directory',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'ecparts-restart-'));
      const config = testConfig({ DATA_DIR: dataDir });
      const first = await buildApp(config, { database: openPglite(dataDir) });
      const { cookie, email } = await signUp(first);
      await first.close();

      const second = await buildApp(config, { database: openPglite(dataDir) });
      expect((await sessionOf(second, cookie))?.user.email).toBe(email);
      await second.close();
    },
    // Two on-disk PGlite starts, each running every migration.
    120_000,
  );
});

describe('demo accounts', () => {
  it('are created with SEED_DEMO for a development start, once, and can sign in', async () => {
    const ctx = await makeTestApp({ SEED_DEMO: 'on', NODE_ENV: 'development' });
    try {
      for (const account of demoAccounts) {
        const res = await signIn(ctx.app, account.email, account.password);
        expect(res.statusCode, account.email).toBe(200);
        expect(res.json().user.role).toBe(account.role);
      }
    } finally {
      await ctx.app.close();
    }
  });

  it.each(['production', 'test'])(
    'are never created under NODE_ENV %s, even with SEED_DEMO on',
    async (NODE_ENV) => {
      const ctx = await makeTestApp({ SEED_DEMO: 'on', NODE_ENV });
      try {
        for (const account of demoAccounts) {
          const res = await signIn(ctx.app, account.email, account.password);
          expect(res.statusCode, account.email).toBe(401);
        }
      } finally {
        await ctx.app.close();
      }
    },
  );
});

describe('the demo company under a production start', () => {
  it('has its owner and buyer, whom nobody can sign in as until the mailbox resets a password', async () => {
    const ctx = await makeTestApp({ SEED_DEMO: 'on', NODE_ENV: 'production' });
    try {
      const owner = 'owner@velo-werkstatt.test';
      const asked = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        headers: { origin: ORIGIN },
        payload: { email: owner, redirectTo: '/reset-password' },
      });
      expect(asked.statusCode).toBe(200);
      const mail = outboxFor(ctx.config.dataDir, owner).find((m) => /Reset/.test(m.subject));
      const link = new URL(linkIn(mail!));
      const landing = await ctx.app.inject({ method: 'GET', url: link.pathname + link.search });
      const token = new URL(landing.headers.location!, ORIGIN).searchParams.get('token');
      const reset = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        headers: { origin: ORIGIN },
        payload: { token, newPassword: 'my-own-pass-2026' },
      });
      expect(reset.statusCode).toBe(200);
      const signedIn = await signIn(ctx.app, owner, 'my-own-pass-2026');
      expect(signedIn.statusCode).toBe(200);
      const cookie = cookieFrom(signedIn.headers['set-cookie']);
      const company = await ctx.app.inject({
        method: 'GET',
        url: '/api/companies/me',
        headers: { cookie },
      });
      expect(company.json()).toMatchObject({
        name: 'Velo Werkstatt Amsterdam',
        role: 'owner',
        terms: { netDays: 30 },
        creditLimit: 5000,
      });
      const members = await ctx.app.inject({
        method: 'GET',
        url: '/api/companies/me/members',
        headers: { cookie },
      });
      expect(members.json().data.map((m: { email: string; role: string }) => m.role)).toEqual(
        expect.arrayContaining(['owner', 'buyer']),
      );
    } finally {
      await ctx.app.close();
    }
  });
});
