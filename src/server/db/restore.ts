import { existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { makeDataDirPrivate } from '../lib/private-files.ts';
import { openPrivatePglite } from './private-pglite.ts';

/** A restore that would destroy or mix data: nothing was changed. */
export class RestoreRefusal extends Error {}

export type TableRows = { table: string; rows: number };

type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

// Every table the dump may hold: ours in `public`, drizzle's migration journal in `drizzle`.
const USER_TABLES = `
  select table_schema as schema, table_name as name from information_schema.tables
  where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
  order by table_schema <> 'public', table_schema, table_name`;

async function countRows(query: Query): Promise<TableRows[]> {
  const tables = (await query(USER_TABLES)).rows as { schema: string; name: string }[];
  const counts: TableRows[] = [];
  for (const { schema, name } of tables) {
    const id = `${quoteIdent(schema)}.${quoteIdent(name)}`;
    const { rows } = await query(`select count(*)::int as n from ${id}`);
    counts.push({
      table: schema === 'public' ? name : `${schema}.${name}`,
      rows: Number(rows[0]?.n),
    });
  }
  return counts;
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Loads a dump into a new embedded database in DATA_DIR/pglite. It is built beside the old
 * one and moved into place only once it loaded completely. An existing database is replaced
 * only with `force`, and then moved aside (`pglite.replaced-<time>`), never deleted.
 */
export async function restoreToPglite(sql: string, dataDir: string, { force = false } = {}) {
  // A new install restores before its first start: DATA_DIR may not exist yet.
  makeDataDirPrivate(dataDir);
  const target = join(dataDir, 'pglite');
  const occupied = existsSync(target) && readdirSync(target).length > 0;
  if (occupied && !force) {
    throw new RestoreRefusal(
      `${target} already holds a database. Restoring would replace it: run again with --force ` +
        'to move it aside (it is kept, not deleted) and restore in its place.',
    );
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const staging = join(dataDir, `pglite.restoring-${stamp}`);
  let tables: TableRows[];
  const client = openPrivatePglite(staging);
  try {
    await client.exec(sql);
    tables = await countRows((text) => client.query(text));
    await client.close();
  } catch (err) {
    await client.close().catch(() => {});
    rmSync(staging, { recursive: true, force: true });
    throw err;
  }
  let movedAside: string | undefined;
  if (occupied) {
    movedAside = join(dataDir, `pglite.replaced-${stamp}`);
    renameSync(target, movedAside);
  } else {
    rmSync(target, { recursive: true, force: true });
  }
  renameSync(staging, target);
  return { target, tables, movedAside };
}

const migrationsFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url));
// Migrations that adapt to what the server offers: where the dump's database had no pg_trgm
// they skipped its index, and the journal says they ran. Each is safe to run again. (0016 makes
// the search's one index and drops the older ones of 0005 and 0008, so those are not re-run.)
const SERVER_DEPENDENT_MIGRATIONS = ['0016_search_text.sql', '0019_description_search.sql'];

/**
 * Loads a dump into an empty PostgreSQL database, in one transaction: it all loads or nothing
 * does. A database that holds any table, sequence or schema of its own is refused.
 */
export async function restoreToPostgres(sql: string, url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: taken } = await client.query<{ name: string }>(`
      select n.nspname || '.' || c.relname as name from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
      union all
      select nspname from pg_namespace
      where nspname not in ('public', 'information_schema') and nspname not like 'pg\\_%'
      limit 5`);
    if (taken.length > 0) {
      throw new RestoreRefusal(
        `That PostgreSQL database is not empty (it holds ${taken.map((t) => t.name).join(', ')}). ` +
          'Restore into a new, empty database (createdb NAME) so nothing is mixed or overwritten.',
      );
    }
    const { rows } = await client.query<{ v: number }>('select current_setting($1)::int as v', [
      'server_version_num',
    ]);
    const adapted = forServerVersion(sql, rows[0]?.v ?? 0);
    const rerun = SERVER_DEPENDENT_MIGRATIONS.map((name) =>
      readFileSync(join(migrationsFolder, name), 'utf8'),
    ).join('\n');
    // The dump empties search_path; the migrations name their tables unqualified.
    await client.query(`begin;\n${adapted}\nset local search_path = public;\n${rerun}\ncommit;`);
    const tables = await countRows((text) => client.query(text));
    return { tables };
  } finally {
    await client.end();
  }
}

/**
 * PGlite's pg_dump is version 18; it sets `transaction_timeout`, which PostgreSQL before 17
 * does not know (an error that would stop the load). Everything else in our schema loads there.
 */
function forServerVersion(sql: string, versionNum: number) {
  if (versionNum >= 170_000) return sql;
  return sql.replace(/^SET transaction_timeout = 0;$/m, '');
}
