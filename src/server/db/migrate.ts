import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client.ts';

const migrationsFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url));

// Any constant works; it only has to be the same in every process of this app.
const MIGRATION_LOCK = 724_311;

export async function runMigrations(database: Database) {
  const { driver } = database;
  if (driver.kind === 'pglite') {
    await migratePglite(drizzlePglite(driver.client), { migrationsFolder });
    return;
  }
  // Two servers starting together on one PostgreSQL must not both apply a migration.
  const client = await driver.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
}
