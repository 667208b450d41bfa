import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

// Socket errors, and PostgreSQL's own codes for "the server is going away or not taking
// connections": admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections.
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

// node-postgres reports a dropped or timed-out connection with these messages and no code.
const UNREACHABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^timeout expired$/,
  /is not queryable/,
  /^Query read timeout/,
];

/**
 * Whether `err` means the database could not be reached, rather than that a query was wrong.
 * Drizzle and Better Auth wrap the driver's error, so the causes are searched too.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; depth < 6 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || code.startsWith('08'))) {
      return true;
    }
    if (
      UNREACHABLE_MESSAGES.some((pattern) =>
        pattern.test(current instanceof Error ? current.message : ''),
      )
    ) {
      return true;
    }
    current = current.cause;
  }
  return false;
}

/** Whether the database answers a trivial query within `timeoutMs`. */
export async function databaseAnswers(db: Db, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const probe = db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
