import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../db/client.ts';
import { CACHED_TABLES, type CachedTable, type ReadCache, type WriteScope } from './read-cache.ts';

/**
 * The channel that carries the name of a table that changed: from the `notify_table_changed`
 * trigger (drizzle/0004_cache_notify.sql), at commit, for writes by anyone (a script, psql),
 * and from each server process right after its own writes (`ReadCache.write`), then followed
 * by `:stock` when the write changed only stock.
 */
export const CHANGE_CHANNEL = 'ecparts_table_changed';

const RETRY_MIN_MS = 200;
const RETRY_MAX_MS = 10_000;

// Anything but a scope this process knows drops everything built from the table.
const scopeOf = (scope: string | undefined): WriteScope | undefined =>
  scope === 'stock' ? scope : undefined;

const isCachedTable = (name: string): name is CachedTable =>
  (CACHED_TABLES as readonly string[]).includes(name);

/**
 * Drops cached reads when the database says a cached table changed, and tells the other
 * processes about this one's writes. On PostgreSQL this holds its own connection (outside the
 * pool) with LISTEN; while it is down, the cache is off and every read goes to the database,
 * since writes by other processes would go unnoticed. PGlite belongs to this one process and
 * delivers a notification before the writing query returns.
 */
export async function listenForChanges(
  database: Database,
  cache: ReadCache,
  log: FastifyBaseLogger,
): Promise<{ stop: () => Promise<void> }> {
  const onNotification = (payload: string | undefined) => {
    const [table, scope] = (payload ?? '').split(':');
    if (table && isCachedTable(table)) cache.invalidate(table, scopeOf(scope));
    else for (const one of CACHED_TABLES) cache.invalidate(one);
  };

  const { driver } = database;
  if (driver.kind === 'pglite') {
    const unlisten = await driver.client.listen(CHANGE_CHANNEL, onNotification);
    cache.setEnabled(true);
    return { stop: () => unlisten().catch(() => {}) };
  }

  const { pool } = driver;
  // After commit, in a statement of its own: a NOTIFY inside the write's transaction would hold
  // a database-wide lock through the commit and line all writers up behind each other.
  cache.setBroadcast((table, scope) => {
    const payload = scope ? `${table}:${scope}` : table;
    pool.query('select pg_notify($1, $2)', [CHANGE_CHANNEL, payload]).catch((err: unknown) => {
      log.warn({ err, table }, 'could not tell other server processes about a write');
    });
  });

  const { connectionString, host, port, user, password, database: name, ssl } = pool.options;
  let client: pg.Client | undefined;
  let retryMs = RETRY_MIN_MS;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const lost = (err?: Error) => {
    if (stopped) return;
    if (cache.enabled) log.warn({ err }, 'cache change listener lost: reading from the database');
    cache.setEnabled(false);
    client?.removeAllListeners();
    client?.on('error', () => {});
    void client?.end().catch(() => {});
    client = undefined;
    clearTimeout(timer);
    timer = setTimeout(() => void connect(), retryMs);
    timer.unref();
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  };

  const connect = async () => {
    if (stopped) return;
    const next = new pg.Client({
      connectionString,
      host,
      port,
      user,
      password,
      database: name,
      ssl,
      connectionTimeoutMillis: 5000,
    });
    client = next;
    next.on('error', lost);
    next.on('end', () => lost());
    next.on('notification', (message) => onNotification(message.payload));
    try {
      await next.connect();
      await next.query(`listen ${CHANGE_CHANNEL}`);
    } catch (err) {
      if (client === next) lost(err as Error);
      return;
    }
    if (stopped || client !== next) return;
    retryMs = RETRY_MIN_MS;
    // Anything cached before this point may have missed a notification.
    cache.setEnabled(true);
  };

  cache.setEnabled(false);
  await connect();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      cache.setEnabled(false);
      const last = client;
      client = undefined;
      last?.removeAllListeners();
      last?.on('error', () => {});
      await last?.end().catch(() => {});
    },
  };
}
