import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrateJobQueue, onPg } from '../modules/jobs/boss.ts';
import { allQueues } from '../modules/jobs/queues.ts';
import type { Database } from './client.ts';

const migrationsFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url));

// Any constant works; it only has to be the same in every process of this app.
const MIGRATION_LOCK = 724_311;

export async function runMigrations(database: Database) {
  const { driver } = database;
  if (driver.kind === 'pglite') {
    await migratePglite(drizzlePglite(driver.client), { migrationsFolder });
    await migrateJobQueue(database, allQueues);
    return;
  }
  // Two servers starting together on one PostgreSQL must not both apply a migration.
  const client = await driver.pool.connect();
  try {
    // Polled rather than waited for: a query may not run longer than the pool's query timeout,
    // and another server's migrations may take longer than that.
    while (
      !(await client.query('select pg_try_advisory_lock($1) as ok', [MIGRATION_LOCK])).rows[0]?.ok
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await migratePg(drizzlePg(client), { migrationsFolder });
    await migrateJobQueue(database, allQueues, onPg(client));
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
}
