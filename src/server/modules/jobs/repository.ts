import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Job } from '../../../contract/jobs.ts';
import type { Executor } from '../../db/client.ts';
import { jobs } from '../../db/schema.ts';

type JobRow = typeof jobs.$inferSelect;

export const jobAnswer = (row: JobRow): Job => ({
  _id: row.id,
  kind: row.kind,
  status: row.status,
  progress: { done: row.progressDone, total: row.progressTotal },
  result: row.result,
  error: row.error,
  attempts: row.attempts,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

export async function insertJob(
  db: Executor,
  values: { kind: string; input: Record<string, unknown>; startedBy: string | null },
) {
  const [row] = await db.insert(jobs).values(values).returning();
  if (!row) throw new Error('job not written');
  return row;
}

/** The job under this id, written unless it exists (a caller that may repeat itself). */
export async function insertJobOnce(
  db: Executor,
  values: { id: string; kind: string; input: Record<string, unknown>; startedBy: string | null },
) {
  await db.insert(jobs).values(values).onConflictDoNothing({ target: jobs.id });
}

export async function findJob(db: Executor, id: string) {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row;
}

/** Takes a queued job (or one whose server died while it ran); undefined when it has ended. */
export async function markRunning(db: Executor, id: string) {
  const [row] = await db
    .update(jobs)
    .set({ status: 'running', attempts: sql`${jobs.attempts} + 1`, startedAt: sql`now()` })
    .where(and(eq(jobs.id, id), inArray(jobs.status, ['queued', 'running'])))
    .returning();
  return row;
}

export async function setProgress(db: Executor, id: string, done: number, total: number) {
  await db.update(jobs).set({ progressDone: done, progressTotal: total }).where(eq(jobs.id, id));
}

export async function markDone(db: Executor, id: string, result: Record<string, unknown>) {
  await db
    .update(jobs)
    .set({ status: 'done', result, error: null, finishedAt: sql`now()` })
    .where(eq(jobs.id, id));
}

/** After a try that threw: back in the queue for the next try, or failed after the last. */
export async function markTryFailed(db: Executor, id: string, error: string, last: boolean) {
  await db
    .update(jobs)
    .set(last ? { status: 'failed', error, finishedAt: sql`now()` } : { status: 'queued', error })
    .where(eq(jobs.id, id));
}

/** A failed job back in the queue, from its first try's count again; undefined unless failed. */
export async function requeueFailed(db: Executor, id: string) {
  const [row] = await db
    .update(jobs)
    .set({ status: 'queued', error: null, finishedAt: null, progressDone: 0 })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'failed')))
    .returning();
  return row;
}

/** Jobs not yet ended, of the kinds this server runs: handed to pg-boss again at start. */
export async function unfinishedJobs(db: Executor, kinds: readonly string[]) {
  return db
    .select({ id: jobs.id, kind: jobs.kind })
    .from(jobs)
    .where(and(inArray(jobs.status, ['queued', 'running']), inArray(jobs.kind, [...kinds])));
}
