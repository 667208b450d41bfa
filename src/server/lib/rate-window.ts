import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

export type RateRule = { max: number; windowSeconds: number };

/**
 * Counts one hit against `key` in a fixed window, atomically in the database so every server
 * process shares the count. Returns how long to wait when the limit is passed.
 */
export async function hitRateWindow(db: Db, key: string, rule: RateRule) {
  const result = await db.execute(sql`
    insert into rate_limit (key, count, reset_at)
    values (${key}, 1, now() + make_interval(secs => ${rule.windowSeconds}))
    on conflict (key) do update set
      count = case when rate_limit.reset_at <= now() then 1 else rate_limit.count + 1 end,
      reset_at = case when rate_limit.reset_at <= now() then excluded.reset_at
                      else rate_limit.reset_at end
    returning count, ceil(extract(epoch from reset_at - now()))::int as retry_after`);
  // Both drivers (pg and PGlite) answer raw SQL with `{ rows }`.
  const row = (result as unknown as { rows: { count: number; retry_after: number }[] }).rows[0];
  const count = Number(row?.count ?? 1);
  return {
    allowed: count <= rule.max,
    retryAfterSeconds: Math.max(1, Number(row?.retry_after ?? 1)),
  };
}
