import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openPglite, openPostgres } from '../../src/server/db/client.ts';
import { runMigrations } from '../../src/server/db/migrate.ts';
import { adminQuery } from './drop-database.ts';

/**
 * Most test files want a database with every migration applied, and there are hundreds of them.
 * A new PGlite runs initdb (over two seconds) and the migrations take another half second, so the
 * migrated database is made once and copied: PGlite from a dump of its data directory in the
 * temporary folder, PostgreSQL as a template database. Both are named after the migrations, so a
 * changed migration makes a new one, and the copies of an older one are removed then.
 */
const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

function migrationsHash() {
  const hash = createHash('sha256');
  const files = readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort();
  for (const file of files) {
    if (!file.endsWith('.sql') && !file.endsWith('.json')) continue;
    hash.update(file).update(readFileSync(join(migrationsFolder, file)));
  }
  return hash.digest('hex').slice(0, 12);
}

const SNAPSHOT_PREFIX = 'ecparts-test-pglite-';
let pgliteSnapshot: Promise<Blob> | undefined;

/** The migrated PGlite's data directory, made by the first test process that needs it. */
export function migratedPgliteSnapshot(): Promise<Blob> {
  pgliteSnapshot ??= (async () => {
    const name = `${SNAPSHOT_PREFIX}${migrationsHash()}.tar`;
    const file = join(tmpdir(), name);
    try {
      return new Blob([readFileSync(file)]);
    } catch {
      // Not made yet: made below.
    }
    const database = openPglite();
    await runMigrations(database);
    if (database.driver.kind !== 'pglite') throw new Error('openPglite opened no PGlite');
    const dump = await database.driver.client.dumpDataDir('none');
    await database.close();
    // Written aside and renamed, so that a process reading it never sees half a file.
    const part = `${file}.${process.pid}.part`;
    writeFileSync(part, Buffer.from(await dump.arrayBuffer()));
    renameSync(part, file);
    for (const other of readdirSync(tmpdir())) {
      if (other.startsWith(SNAPSHOT_PREFIX) && other !== name && !other.endsWith('.part')) {
        rmSync(join(tmpdir(), other), { force: true });
      }
    }
    return dump;
  })();
  return pgliteSnapshot;
}

const TEMPLATE_PREFIX = 'ecparts_test_template_';
// Any constant works; it only has to be the same in every test process.
const TEMPLATE_LOCK = 724_312;
let postgresTemplate: Promise<string> | undefined;

/** The name of the migrated template database on the test PostgreSQL, made once. */
export function migratedPostgresTemplate(serverUrl: string): Promise<string> {
  postgresTemplate ??= (async () => {
    // One a role: another role may not copy a database it does not own.
    const prefix = `${TEMPLATE_PREFIX}${new URL(serverUrl).username}_`;
    const name = `${prefix}${migrationsHash()}`;
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
      const found = await client.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount === 0) await makeTemplate(serverUrl, name);
      const older = await client.query<{ datname: string }>(
        'select datname from pg_database where starts_with(datname, $1) and datname <> $2',
        [prefix, name],
      );
      for (const { datname } of older.rows) {
        await client.query(`drop database if exists ${datname} with (force)`).catch(() => {});
      }
    } finally {
      await client.end();
    }
    return name;
  })();
  return postgresTemplate;
}

async function makeTemplate(serverUrl: string, name: string) {
  const making = `${name}_making`;
  await adminQuery(serverUrl, `drop database if exists ${making} with (force)`);
  await adminQuery(serverUrl, `create database ${making}`);
  const url = new URL(serverUrl);
  url.pathname = `/${making}`;
  // Two: the migrations hold one connection for their lock while pg-boss's schema uses another.
  const database = openPostgres(url.toString(), 2);
  await runMigrations(database);
  await database.close();
  // Renamed only when whole: a run stopped halfway leaves no template that lacks a migration.
  await adminQuery(serverUrl, `alter database ${making} rename to ${name}`);
}
