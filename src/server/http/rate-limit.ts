import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { hitRateWindow, refundRateWindow, type RateRule } from '../lib/rate-window.ts';

/**
 * One count against an allowance: `bucket` names the allowance (an endpoint table bucket or
 * route, one of Better Auth's paths), `who` whose share of it it is ("user:…", "ip:…",
 * "email:…"). The endpoint table's limits and Better Auth's are both counted through here.
 */
export type Hit = { bucket: string; who: string; rule: RateRule };

const keyOf = ({ bucket, who }: Hit) => `${bucket}:${who}`;

export type Verdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one hit against each allowance, in the database so every server process shares the
 * counts. Refused when any of them is used up, with the longest wait among those.
 */
export async function countHits(db: Db, hits: readonly Hit[]): Promise<Verdict> {
  const results = await Promise.all(hits.map((hit) => hitRateWindow(db, keyOf(hit), hit.rule)));
  const waits = results.filter((r) => !r.allowed).map((r) => r.retryAfterSeconds);
  return waits.length === 0
    ? { allowed: true }
    : { allowed: false, retryAfterSeconds: Math.max(...waits) };
}

/** Takes back hits that turned out not to count, such as a sign-in that did not fail. */
export async function refundHits(db: Db, hits: readonly Hit[]) {
  await Promise.all(hits.map((hit) => refundRateWindow(db, keyOf(hit))));
}

/** The 429, with Retry-After; the message says how long unless the caller words it. */
export const rateLimited = (retryAfterSeconds: number, message?: string) =>
  new AppError(
    'rate_limited',
    message ?? `Too many requests. Please try again in ${waitText(retryAfterSeconds)}.`,
    retryAfterSeconds,
  );

function waitText(seconds: number) {
  if (seconds < 90) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}
