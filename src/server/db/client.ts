import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { openPrivatePglite, pgliteExtensions } from './private-pglite.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction of the database: it runs every statement the database does. */
export type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * What a repository runs its statements on: the database, or the caller's transaction when
 * the statement is one step of a larger change (a service's or a flow's).
 */
export type Executor = Db | Transaction;

export type Database = {
  kind: 'pglite' | 'postgres';
  db: Db;
  close: () => Promise<void>;
  /** The raw driver handle, for migrations and LISTEN/NOTIFY. */
  driver: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool };
  /** How busy the connections are, for the metrics. */
  connections: ConnectionStats;
};

/**
 * PostgreSQL: the pool's connections, and how long each checkout waited for one (opening a
 * connection included). PGlite has a single connection that serves one call at a time: it is
 * in use while a query or transaction runs, and the wait is the time a call spends queued
 * behind the others.
 */
export type ConnectionStats = {
  /** Connections open now: in use, idle, and callers waiting for one. */
  now(): { total: number; idle: number; waiting: number };
  /** Calls `listener` with each wait in seconds; returns the function that stops it. */
  onWait(listener: (seconds: number) => void): () => void;
};

function waitListeners() {
  const listeners = new Set<(seconds: number) => void>();
  return {
    onWait(listener: (seconds: number) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    report(startedAt: number) {
      if (listeners.size === 0) return;
      const seconds = (performance.now() - startedAt) / 1000;
      for (const listener of listeners) listener(seconds);
    },
  };
}

/**
 * Every PGlite query and transaction runs in `_runExclusiveTransaction` (one at a time, in
 * order): the time until its turn comes is the wait.
 */
function pgliteStats(client: PGlite): ConnectionStats {
  const waits = waitListeners();
  let queued = 0;
  let running = 0;
  const runExclusive = client._runExclusiveTransaction.bind(client);
  client._runExclusiveTransaction = <T>(fn: () => Promise<T>) => {
    const startedAt = performance.now();
    queued++;
    return runExclusive(async () => {
      queued--;
      running++;
      waits.report(startedAt);
      try {
        return await fn();
      } finally {
        running--;
      }
    });
  };
  return {
    now: () => ({ total: 1, idle: running > 0 ? 0 : 1, waiting: queued }),
    onWait: waits.onWait,
  };
}

/** pg.Pool.query checks out through `connect` too, so wrapping it sees every wait. */
function poolStats(pool: pg.Pool): ConnectionStats {
  const waits = waitListeners();
  const connect = pool.connect.bind(pool) as (
    callback?: (err: Error | undefined, ...rest: unknown[]) => void,
  ) => unknown;
  pool.connect = ((callback?: (err: Error | undefined, ...rest: unknown[]) => void) => {
    const startedAt = performance.now();
    if (callback) {
      return connect((err, ...rest) => {
        waits.report(startedAt);
        callback(err, ...rest);
      });
    }
    return (connect() as Promise<pg.PoolClient>).finally(() => waits.report(startedAt));
  }) as typeof pool.connect;
  return {
    now: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    onWait: waits.onWait,
  };
}

/** Where the shop's PGlite database lives in its DATA_DIR. */
export const pgliteDir = (dataDir: string) => join(dataDir, 'pglite');

/**
 * `dataDir` undefined means an in-memory PGlite (tests), started from `loadDataDir` when given
 * (a dump of another's data directory: much quicker than the initdb a new one runs).
 */
export function openPglite(
  dataDir?: string,
  { loadDataDir }: { loadDataDir?: Blob } = {},
): Database {
  const client = dataDir
    ? openPrivatePglite(pgliteDir(dataDir))
    : new PGlite({ extensions: pgliteExtensions, loadDataDir });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return opened(db, { kind: 'pglite', client }, pgliteStats(client));
}

/** A database as the app holds it; closing it closes its driver. */
function opened(db: Db, driver: Database['driver'], connections: ConnectionStats): Database {
  const close = () => (driver.kind === 'pglite' ? driver.client.close() : driver.pool.end());
  return { kind: driver.kind, db, driver, connections, close };
}

const CONNECT_TIMEOUT_MS = 5000;
// A database behind a network that drops packets sends no reset: without a limit a query would
// wait for minutes. Our queries take milliseconds; one unanswered for this long is lost.
const QUERY_TIMEOUT_MS = 10_000;

/**
 * A pg client that gives up in bounded time, so a request answers 503 instead of hanging. pg
 * fails a timed-out query but keeps waiting on its connection, which would then hold every later
 * query too (a transaction's ROLLBACK first): such a connection is lost, so it is closed at once
 * and the pool opens a fresh one.
 */
class BoundedClient extends pg.Client {
  constructor(config: pg.ClientConfig = {}) {
    super({
      ...config,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      query_timeout: QUERY_TIMEOUT_MS,
    });
    const send = this.query.bind(this) as (...args: unknown[]) => unknown;
    const dropIfTimedOut = (err: unknown) => {
      if (err instanceof Error && err.message === 'Query read timeout') {
        (
          this as unknown as { connection: { stream: { destroy: () => void } } }
        ).connection.stream.destroy();
      }
    };
    this.query = ((...args: unknown[]) => {
      const callback = args.at(-1);
      if (typeof callback === 'function') {
        args[args.length - 1] = (err: unknown, result: unknown) => {
          dropIfTimedOut(err);
          (callback as (err: unknown, result: unknown) => void)(err, result);
        };
        return send(...args);
      }
      const pending = send(...args);
      if (pending instanceof Promise) pending.catch(dropIfTimedOut);
      return pending;
    }) as typeof this.query;
  }
}

/** How long a request waits for a free connection before it answers 503. */
const POOL_WAIT_MS = 15_000;

export function openPostgres(url: string, max = 10, poolWaitMs = POOL_WAIT_MS): Database {
  // pg-pool applies connectionTimeoutMillis to waiting for a free client as well as to
  // connecting: a burst of orders queues behind `max` clients, so give the queue time.
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: poolWaitMs,
    // Opening a connection, or a query, gets less: while the database is away, fail with a 503.
    Client: BoundedClient,
    // Notices a peer that vanished without closing the connection (a dead host, a cut network).
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // A connection that drops must not crash the process. The pool drops an idle one itself; a
  // checked-out one (inside a transaction) has no listener of its own and would throw an
  // uncaught 'error': its current or next query fails instead, and the pool discards it.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return opened(db, { kind: 'postgres', pool }, poolStats(pool));
}

export function openDatabase(config: { databaseUrl?: string; dataDir: string }): Database {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir);
}
