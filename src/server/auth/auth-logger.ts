import type { FastifyBaseLogger } from 'fastify';

type Level = 'debug' | 'info' | 'warn' | 'error';

// Drizzle's failed-query errors end with the query's parameters: session tokens, emails,
// password hashes. Better Auth logs such errors whole when the database is away.
const withoutParams = (text: string) => text.replace(/\nparams:[\s\S]*$/, '\nparams: [redacted]');

/** What of a Better Auth log argument may be written: errors and text without query values. */
function redactForLog(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return withoutParams(value);
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Error) {
    const cause =
      value.cause !== undefined && depth < 3 ? redactForLog(value.cause, depth + 1) : null;
    return { name: value.name, message: withoutParams(value.message), ...(cause ? { cause } : {}) };
  }
  return `[${value === null ? 'null' : typeof value}]`;
}

/** Better Auth's logger option: its warnings and errors go to the server's log, redacted. */
export function betterAuthLogger(log: FastifyBaseLogger) {
  return {
    level: 'warn' as const,
    log(level: Level, message: string, ...args: unknown[]) {
      const entry = { source: 'better-auth', details: args.map((arg) => redactForLog(arg)) };
      if (level === 'error') log.error(entry, withoutParams(message));
      else if (level === 'warn') log.warn(entry, withoutParams(message));
      else log.info(entry, withoutParams(message));
    },
  };
}
