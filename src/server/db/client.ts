import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  kind: 'pglite' | 'postgres';
  db: Db;
  close: () => Promise<void>;
  /** The raw driver handle, for migrations and LISTEN/NOTIFY. */
  driver: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool };
};

/** `dataDir` undefined means an in-memory PGlite (tests). */
export function openPglite(dataDir?: string): Database {
  let client: PGlite;
  if (dataDir) {
    const dir = join(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir);
  } else {
    client = new PGlite();
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    driver: { kind: 'pglite', client },
    close: () => client.close(),
  };
}

const CONNECT_TIMEOUT_MS = 5000;

class QuickToConnectClient extends pg.Client {
  constructor(config: pg.ClientConfig = {}) {
    super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  }
}

export function openPostgres(url: string, max = 10): Database {
  // pg-pool applies connectionTimeoutMillis to waiting for a free client as well as to
  // connecting: a burst of orders queues behind `max` clients, so give the queue time.
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: 15_000,
    // Opening a connection gets less: while the database is away, fail fast with a 503.
    Client: QuickToConnectClient,
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
  return {
    kind: 'postgres',
    db,
    driver: { kind: 'postgres', pool },
    close: () => pool.end(),
  };
}

export function openDatabase(config: { databaseUrl?: string; dataDir: string }): Database {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir);
}
