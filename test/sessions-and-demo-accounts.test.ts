import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app.ts';
import { demoAccounts } from '../src/server/auth/demo-accounts.ts';
import { openPglite } from '../src/server/db/client.ts';
import { signIn, signUp } from './support/auth.ts';
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
