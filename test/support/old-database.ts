import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from '../../src/server/db/client.ts';
import { freshDatabase } from './test-app.ts';

const migrations = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** The migrations up to and including `lastIdx`, as an older release had them, in a folder of their own. */
function migrationsUpTo(lastIdx: number) {
  const folder = mkdtempSync(join(tmpdir(), 'ecparts-migrations-'));
  cpSync(migrations, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx <= lastIdx);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

/**
 * A fresh database as an older release left it: migrated up to and including migration
 * `lastIdx`, for an upgrade test to fill with that release's rows and then migrate on.
 */
export async function databaseMigratedUpTo(lastIdx: number): Promise<Database> {
  const database = await freshDatabase();
  const migrationsFolder = migrationsUpTo(lastIdx);
  const { driver } = database;
  if (driver.kind === 'pglite') {
    await migratePglite(drizzlePglite(driver.client), { migrationsFolder });
  } else {
    await migratePg(drizzlePg(driver.pool), { migrationsFolder });
  }
  return database;
}
