import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../src/server/app.ts';
import { parseConfig, type Config } from '../../src/server/config.ts';
import { openPglite, openPostgres, type Database } from '../../src/server/db/client.ts';
import { migratedPgliteSnapshot, migratedPostgresTemplate } from './database-snapshots.ts';
import { adminQuery, dropTestDatabase } from './drop-database.ts';

const postgresUrl = process.env.TEST_DATABASE_URL;
export const testDatabaseKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * A fresh database: in-memory PGlite, or a new database on the test PostgreSQL. Empty, or with
 * every migration applied when `migrated` (copied from one made once: ./database-snapshots.ts).
 */
export async function freshDatabase({
  poolWaitMs,
  migrated = false,
}: { poolWaitMs?: number; migrated?: boolean } = {}): Promise<Database & { url?: string }> {
  if (testDatabaseKind === 'pglite') {
    return migrated
      ? openPglite(undefined, { loadDataDir: await migratedPgliteSnapshot() })
      : openPglite();
  }
  if (!postgresUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `ecparts_test_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const template = migrated ? ` template ${await migratedPostgresTemplate(postgresUrl)}` : '';
  await adminQuery(postgresUrl, `create database ${name}${template}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString(), undefined, poolWaitMs);
  const close = database.close;
  database.close = async () => {
    await close();
    await dropTestDatabase(postgresUrl, name);
  };
  return Object.assign(database, { url: url.toString() });
}

export function testConfig(env: Record<string, string> = {}) {
  return parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'ecparts-test-')),
    WEB_DIST_DIR: join(tmpdir(), 'ecparts-no-web-build'),
    ...env,
  });
}

/** The configuration each test app was built with (signUp reads its ADMIN_EMAILS and outbox). */
export const testAppConfigs = new WeakMap<object, Config>();

/** The database each test app was built on (the delivery helpers write methods straight in). */
export const testAppDatabases = new WeakMap<object, Database['db']>();

export async function makeTestApp(
  env: Record<string, string> = {},
  options: Parameters<typeof freshDatabase>[0] = {},
) {
  const database = await freshDatabase({ ...options, migrated: true });
  const config = testConfig(env);
  const app = await buildApp(config, { database });
  testAppConfigs.set(app, config);
  testAppDatabases.set(app, database.db);
  return { app, database, db: database.db, config };
}
