import type { FastifyBaseLogger } from 'fastify';
import type { Job } from 'pg-boss';

import type { Database } from '../../db/client.ts';
import { ensureQueues, newBoss, type QueueSpec } from './boss.ts';
import {
  insertJob,
  insertJobOnce,
  markDone,
  markRunning,
  markTryFailed,
  requeueFailed,
  setProgress,
  unfinishedJobs,
} from './repository.ts';

export type JobContext = {
  jobId: string;
  input: Record<string, unknown>;
  /** Moves the progress bar; written as it is, so call it a batch at a time. */
  progress: (done: number, total: number) => Promise<void>;
};

/** One kind of long work: its queue's retry rule and what a try does. */
export type JobKind = QueueSpec & {
  /** Jobs of this kind one server runs at once (1 unless said): deliveries wait on strangers. */
  concurrency?: number;
  work: (context: JobContext) => Promise<Record<string, unknown>>;
};

export type JobQueue = Awaited<ReturnType<typeof startJobQueue>>;

/**
 * The job worker of this server: pg-boss hands each job to one server (SKIP LOCKED on
 * PostgreSQL; PGlite has one), retries a try that threw with backoff, and takes a job up again
 * when the server that ran it stopped beating. The `job` row says how it goes.
 */
export async function startJobQueue({
  database,
  log,
  kinds,
  retryDelaySeconds,
}: {
  database: Database;
  log: FastifyBaseLogger;
  kinds: readonly JobKind[];
  /** Overrides each queue's first retry delay (JOB_RETRY_DELAY_SECONDS). */
  retryDelaySeconds: number;
}) {
  const { db } = database;
  const boss = newBoss(database);
  boss.on('error', (err) => log.error({ err }, 'job queue'));
  await boss.start();
  await ensureQueues(boss, kinds);

  const run = async (kind: JobKind, job: Job<object>) => {
    const row = await markRunning(db, job.id);
    // Ended already: a duplicate hand-over after a retry by an admin, say.
    if (!row) return;
    // Which server took which try: with several on one database, the log says where it ran.
    log.info({ jobId: row.id, kind: kind.name, attempt: row.attempts }, 'job started');
    try {
      const result = await kind.work({
        jobId: row.id,
        input: row.input,
        progress: (done, total) => setProgress(db, row.id, done, total),
      });
      await markDone(db, row.id, result);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      const last = job.retryCount >= kind.retryLimit;
      log.warn({ err, jobId: row.id, kind: kind.name, last }, 'job try failed');
      await markTryFailed(db, row.id, reason, last);
      throw err;
    }
  };
  for (const kind of kinds) {
    await boss.work<object>(
      kind.name,
      { pollingIntervalSeconds: 0.5, batchSize: 1, localConcurrency: kind.concurrency ?? 1 },
      async ([job]) => {
        if (job) await run(kind, job);
      },
    );
  }

  // pg-boss keeps one job per id: sending an id it holds (queued, running or done) is nothing.
  const send = (kind: string, id: string, options: { startAfterSeconds?: number } = {}) =>
    boss.send(
      kind,
      {},
      {
        id,
        retryDelay: retryDelaySeconds,
        retryBackoff: true,
        ...(options.startAfterSeconds
          ? { startAfter: new Date(Date.now() + options.startAfterSeconds * 1000) }
          : {}),
      },
    );
  // A job written while its server stopped before handing it over: the same id, so a job
  // pg-boss already holds is not sent twice.
  for (const job of await unfinishedJobs(
    db,
    kinds.map((k) => k.name),
  )) {
    await send(job.kind, job.id);
  }

  return {
    /** Hands a job written in the caller's transaction to the queue, once that has committed. */
    send,
    /** Writes the job and hands it to the queue; the answer is its row. */
    async enqueue(kind: string, input: Record<string, unknown>, startedBy: string | null) {
      const row = await insertJob(db, { kind, input, startedBy });
      await send(kind, row.id);
      return row;
    },
    /**
     * Writes the job under an id the caller chose, unless it exists, and hands it over (again):
     * a caller that may repeat itself (a sweep, a retry schedule) starts the work once.
     */
    async enqueueOnce(
      kind: string,
      id: string,
      input: Record<string, unknown>,
      options: { startAfterSeconds?: number } = {},
    ) {
      await insertJobOnce(db, { id, kind, input, startedBy: null });
      await send(kind, id, options);
    },
    /** A failed job from the start again; undefined unless it had failed. */
    async retry(id: string) {
      const row = await requeueFailed(db, id);
      if (!row) return undefined;
      await boss.deleteJob(row.kind, id);
      await send(row.kind, id);
      return row;
    },
    stop: () => boss.stop({ graceful: true, close: false, timeout: 20_000 }),
  };
}
