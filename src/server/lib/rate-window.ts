import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { rawRows } from '../db/raw-rows.ts';

export type RateRule = { max: number; windowSeconds: number };

// A key is built from what the client sends (an email, a path); past this length only its hash
// is stored, so no key can outgrow the primary-key index.
const MAX_PLAIN_KEY = 200;

const storedKey = (key: string) =>
  key.length <= MAX_PLAIN_KEY ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`;

/**
 * Counts one hit against `key` in a fixed window, atomically in the database so every server
 * process shares the count. Returns how long to wait when the limit is passed.
 */
export async function hitRateWindow(db: Db, key: string, rule: RateRule) {
  const result = await db.execute(sql`
    insert into rate_limit (key, count, reset_at)
    values (${storedKey(key)}, 1, now() + make_interval(secs => ${rule.windowSeconds}))
    on conflict (key) do update set
      count = case when rate_limit.reset_at <= now() then 1 else rate_limit.count + 1 end,
      reset_at = case when rate_limit.reset_at <= now() then excluded.reset_at
                      else rate_limit.reset_at end
    returning count, ceil(extract(epoch from reset_at - now()))::int as retry_after`);
  // Both drivers (pg and PGlite) answer raw SQL with `{ rows }`.
  const row = rawRows<{ count: number; retry_after: number }>(result)[0];
  const count = Number(row?.count ?? 1);
  return {
    allowed: count <= rule.max,
    retryAfterSeconds: Math.max(1, Number(row?.retry_after ?? 1)),
  };
}

/** Deletes the windows that have ended; a later hit on the same key starts a new one anyway. */
export async function deleteEndedRateWindows(db: Db) {
  const result = await db.execute(sql`delete from rate_limit where reset_at <= now() returning 1`);
  return rawRows(result).length;
}

const CLEAN_UP_EVERY_MS = 10 * 60_000;

/** Deletes ended windows every ten minutes, so the table holds only live counters. */
export function cleanUpRateWindows(db: Db, log: FastifyBaseLogger) {
  const timer = setInterval(() => {
    deleteEndedRateWindows(db).catch((err: unknown) => {
      log.warn({ err }, 'could not delete ended rate-limit windows');
    });
  }, CLEAN_UP_EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/**
 * Takes back one hit counted in `key`'s live window, for a hit that turned out not to count
 * (a sign-in that did not fail). A window that has ended meanwhile is left alone.
 */
export async function refundRateWindow(db: Db, key: string) {
  await db.execute(sql`
    update rate_limit set count = count - 1
    where key = ${storedKey(key)} and count > 0 and reset_at > now()`);
}
