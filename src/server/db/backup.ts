import { AsyncLocalStorage } from 'node:async_hooks';
import { readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import { mkdirPrivate, writePrivate } from '../lib/private-files.ts';

export const backupsDir = (dataDir: string) => join(dataDir, 'backups');

const BACKUP_NAME = /^ecparts-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.sql$/;

/** `ecparts-2026-11-23T20-15-00-123Z.sql`: sorts by time, and is a valid name everywhere. */
export function backupFileName(at: Date) {
  return `ecparts-${at.toISOString().replace(/[:.]/g, '-')}.sql`;
}

// Marks the dump's own calls while it holds PGlite's transaction lock (see dumpPglite).
const dumping = new AsyncLocalStorage<true>();

/**
 * A plain-SQL dump (pg_dump's format) of the whole embedded database.
 *
 * PGlite is one connection. pg_dump's queries go straight to it, past PGlite's locks, so a
 * dump that ran while a transaction of ours was open would read inside it: a half-placed order,
 * and its COMMIT would be pg_dump's. So the dump holds the transaction lock from start to end:
 * every transaction that had committed (every order answered 201) is in it, no open one is.
 * pg_dump itself makes a few ordinary queries through that lock; those, and only those, pass.
 * Ownership and grants are left out so the dump loads as whatever user restores it.
 */
export async function dumpPglite(client: PGlite): Promise<string> {
  // Opening runs queries of its own, which must not wait behind the lock taken below.
  await client.waitReady;
  const original = client._runExclusiveTransaction;
  const outer = original.bind(client) as PGlite['_runExclusiveTransaction'];
  return outer(() =>
    dumping.run(true, async () => {
      client._runExclusiveTransaction = (fn) => (dumping.getStore() ? fn() : outer(fn));
      const before = await sessionSettings(client);
      try {
        const file = await pgDump({ pg: client, args: ['--no-owner', '--no-privileges'] });
        return await file.text();
      } finally {
        // pg_dump leaves its read-only transaction open on the connection and its settings
        // (extra_float_digits, search_path, …) changed: every later write would fail.
        await client.exec('rollback');
        await restoreSessionSettings(client, before);
        client._runExclusiveTransaction = original;
      }
    }),
  );
}

async function sessionSettings(client: PGlite) {
  const { rows } = await client.query<{ name: string; setting: string }>(
    `select name, setting from pg_settings where context in ('user', 'superuser')`,
  );
  return new Map(rows.map((row) => [row.name, row.setting]));
}

async function restoreSessionSettings(client: PGlite, before: Map<string, string>) {
  const now = await sessionSettings(client);
  for (const [name, setting] of before) {
    if (now.get(name) !== setting) {
      await client.query('select set_config($1, $2, false)', [name, setting]);
    }
  }
}

/**
 * Dumps the database into DATA_DIR/backups under a timestamped name, then deletes the oldest
 * backups beyond `keep`; returns the new file's path. The file appears complete or not at all
 * (written aside, then renamed), and only its owner may read it: it holds password hashes and
 * session tokens.
 */
export async function writeBackup(client: PGlite, dataDir: string, keep: number) {
  const dir = backupsDir(dataDir);
  mkdirPrivate(dir);
  const sql = await dumpPglite(client);
  const file = join(dir, backupFileName(new Date()));
  const partial = `${file}.partial`;
  writePrivate(partial, sql);
  renameSync(partial, file);
  pruneBackups(dir, keep);
  return file;
}

/** Keeps the newest `keep` backups; files not named like ours are left alone. */
function pruneBackups(dir: string, keep: number) {
  const ours = readdirSync(dir)
    .filter((name) => BACKUP_NAME.test(name))
    .sort();
  for (const name of ours.slice(0, Math.max(0, ours.length - keep))) {
    rmSync(join(dir, name), { force: true });
  }
}

type Log = {
  info: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

/**
 * Backups of a running server's embedded database: `backup()` on request, and one every
 * `everyMs` (0: none). They run one at a time; `stop` waits for one in progress, so the
 * database can close after it.
 */
export function startBackups({
  client,
  dataDir,
  everyMs,
  keep,
  log,
}: {
  client: PGlite;
  dataDir: string;
  everyMs: number;
  keep: number;
  log: Log;
}) {
  let last: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const backup = (reason: 'scheduled' | 'requested') => {
    if (stopped) return Promise.reject(new Error('the server is shutting down'));
    const next = last.then(async () => {
      const startedAt = performance.now();
      const file = await writeBackup(client, dataDir, keep);
      const ms = Math.round(performance.now() - startedAt);
      log.info({ file, reason, ms }, `database backed up to ${file}`);
      return file;
    });
    last = next.catch(() => {});
    return next;
  };
  const timer =
    everyMs > 0
      ? setInterval(() => {
          backup('scheduled').catch((err: unknown) => {
            log.error({ err }, 'scheduled database backup failed');
          });
        }, everyMs)
      : undefined;
  timer?.unref();
  return {
    backup: () => backup('requested'),
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await last;
    },
  };
}
