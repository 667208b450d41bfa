import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { jobStatuses } from '../../../contract/jobs.ts';
import { createdAt } from './columns.ts';

/**
 * Long work as people see it: what it is, how far it has got and how it ended. pg-boss (its own
 * schema `pgboss`) runs it, retries it and makes sure one server takes it; this row is what
 * `GET /api/jobs/{id}` answers (docs/decisions/0029-imports-exports-and-jobs.md).
 */
export const jobs = pg.pgTable(
  'job',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    kind: pg.text('kind').notNull(),
    status: pg.text('status', { enum: jobStatuses }).notNull().default('queued'),
    // What the job works on (an import's id, a delivery's id): the handler reads the rest.
    input: pg.jsonb('input').$type<Record<string, unknown>>().notNull().default({}),
    progressDone: pg.integer('progress_done').notNull().default(0),
    progressTotal: pg.integer('progress_total').notNull().default(0),
    result: pg.jsonb('result').$type<Record<string, unknown>>(),
    error: pg.text('error'),
    attempts: pg.integer('attempts').notNull().default(0),
    // Who started it: an account id, or null for the server itself.
    startedBy: pg.text('started_by'),
    createdAt: createdAt(),
    startedAt: pg.timestamp('started_at', { withTimezone: true }),
    finishedAt: pg.timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    pg.check('job_progress_sane', sql`${t.progressDone} >= 0 and ${t.progressTotal} >= 0`),
    pg.index('job_status_idx').on(t.status),
  ],
);
