import { afterEach, describe, expect, it } from 'vitest';
import type { AuditList } from '../src/contract/audit.ts';
import { buildApp, type App } from '../src/server/app.ts';
import { parseConfig } from '../src/server/config.ts';
import { type Database } from '../src/server/db/client.ts';
import { cookieFrom, signIn, signUp } from './support/auth.ts';
import { freshDatabase, testAppConfigs, testConfig } from './support/test-app.ts';

let database: (Database & { url?: string }) | undefined;
const apps: App[] = [];

afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  await database?.close();
  database = undefined;
});

/** A server start on the database this test keeps across starts (closing the app keeps it). */
async function start(env: Record<string, string> = {}) {
  database ??= await freshDatabase({ migrated: true });
  const config = testConfig(env);
  const app = await buildApp(config, {
    database: { ...database, close: async () => {} },
  });
  testAppConfigs.set(app, config);
  apps.push(app);
  return app;
}

async function signedInAs(app: App, email: string, password: string) {
  const res = await signIn(app, email, password);
  expect(res.statusCode, res.body).toBe(200);
  return {
    role: res.json<{ user: { role: string } }>().user.role,
    cookie: cookieFrom(res.headers['set-cookie']),
  };
}

describe('the first admin', () => {
  it('a server started without NODE_ENV is a production server', () => {
    const config = parseConfig({});
    expect(config.env).toBe('production');
    expect(config.isProduction).toBe(true);
    expect(config.isDevelopment).toBe(false);
    // The demo catalogue still fills a fresh embedded database.
    expect(config.seedDemo).toBe(true);
  });

  it('ADMIN_EMAILS makes a verified account that signed up before it was listed an admin at the next start', async () => {
    const first = await start();
    const owner = await signUp(first, { name: 'Olga Owner', verify: true });
    const other = await signUp(first, { name: 'Otto Other' });
    expect((await signedInAs(first, owner.email, owner.password)).role).toBe('user');
    await first.close();

    const second = await start({ ADMIN_EMAILS: owner.email.toUpperCase() });
    const signedIn = await signedInAs(second, owner.email, owner.password);
    expect(signedIn.role).toBe('admin');
    expect((await signedInAs(second, other.email, other.password)).role).toBe('user');

    const audit = await second.inject({
      method: 'GET',
      url: '/api/audit',
      headers: { cookie: signedIn.cookie },
    });
    expect(audit.statusCode, audit.body).toBe(200);
    const promotions = audit
      .json<AuditList>()
      .data.filter((entry) => entry.summary === `Made ${owner.email} an admin`);
    expect(promotions).toEqual([
      expect.objectContaining({ action: 'user.make_admin', actorEmail: 'ADMIN_EMAILS at start' }),
    ]);
  });

  it('a listed account that is already an admin is left alone at every start', async () => {
    const first = await start();
    const owner = await signUp(first, { verify: true });
    await first.close();
    await (await start({ ADMIN_EMAILS: owner.email })).close();
    const third = await start({ ADMIN_EMAILS: owner.email });

    const { cookie } = await signedInAs(third, owner.email, owner.password);
    const audit = await third.inject({ method: 'GET', url: '/api/audit', headers: { cookie } });
    const promotions = audit
      .json<AuditList>()
      .data.filter((entry) => entry.action === 'user.make_admin');
    expect(promotions).toHaveLength(1);
  });
});
