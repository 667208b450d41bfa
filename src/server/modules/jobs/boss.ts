import { PgBoss, fromPglite, type Db as IDatabase } from 'pg-boss';
import type pg from 'pg';
import type { Database } from '../../db/client.ts';

/**
 * pg-boss on the shop's own database: on PostgreSQL through the app's pool (SKIP LOCKED makes
 * each job one server's), on PGlite through pg-boss's own adapter (one connection, one worker).
 * Its tables live in the `pgboss` schema, made with the migrations (migrateJobQueue), so a
 * server's start only checks their version.
 */
/** Statements on a pg pool or one of its clients, as pg-boss sends them. */
export const onPg = (runner: Pick<pg.Pool, 'query'>): IDatabase => ({
  executeSql: async (text, values) => {
    // A multi-statement text (pg-boss's locked blocks) answers one result a statement.
    const result = (await runner.query(text, values)) as unknown;
    const results = Array.isArray(result) ? result : [result];
    return { rows: results.flatMap((r: { rows?: unknown[] }) => r.rows ?? []) };
  },
});

export function newBoss(database: Database, on?: IDatabase) {
  const { driver } = database;
  const db: IDatabase =
    on ?? (driver.kind === 'pglite' ? fromPglite(driver.client) : onPg(driver.pool));
  return new PgBoss({
    db,
    backend: driver.kind === 'pglite' ? 'pglite' : 'postgres',
    // Nothing is scheduled by cron. A dead server's job is failed (then retried) by the monitor
    // pass, which pg-boss runs per queue every monitorIntervalSeconds (60 s unless said): every
    // 10 s, a job whose server was killed runs again within about 20 s of its last heartbeat
    // (test/faults/two-servers-jobs.test.ts).
    schedule: false,
    superviseIntervalSeconds: 10,
    monitorIntervalSeconds: 10,
  });
}

/**
 * Makes pg-boss's schema and the shop's queues; run with the migrations, on PostgreSQL on the
 * connection that holds the migration lock (`on`): the pool may have no other to give.
 */
export async function migrateJobQueue(
  database: Database,
  queues: readonly QueueSpec[],
  on?: IDatabase,
) {
  const boss = newBoss(database, on);
  await boss.start();
  try {
    await ensureQueues(boss, queues);
  } finally {
    await boss.stop({ graceful: false, close: false });
  }
}

export type QueueSpec = {
  name: string;
  /** Tries after the first. */
  retryLimit: number;
  /** Seconds before the first retry; each later one waits about twice as long. */
  retryDelaySeconds: number;
};

export async function ensureQueues(boss: PgBoss, queues: readonly QueueSpec[]) {
  for (const q of queues) {
    if (await boss.getQueue(q.name)) continue;
    await boss.createQueue(q.name, {
      retryLimit: q.retryLimit,
      retryDelay: q.retryDelaySeconds,
      retryBackoff: true,
      // A worker proves it is alive; a killed server's job is taken up again once this lapses.
      heartbeatSeconds: 10,
      // An import's apply on 100,000 rows is minutes at most.
      expireInSeconds: 3600,
    });
  }
}
