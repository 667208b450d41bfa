import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

/**
 * PostgreSQL text cannot hold U+0000, so a NUL anywhere in a request failed its query with a
 * 500 (a search, a review, a sign-in's rate-limit key). Refused here once for every route,
 * Better Auth's included, before any handler runs. A callback-style hook: an async one costs a
 * promise per request.
 */
export function registerNulTextCheck(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    if (hasNul(request.params) || hasNul(request.query) || hasNul(request.body)) {
      done(new AppError('bad_request', 'Text cannot contain NUL characters.'));
    } else done();
  });
}

// Deeper than any body the API accepts; the schemas refuse such shapes anyway.
const MAX_DEPTH = 32;

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return false;
  if (Buffer.isBuffer(value)) return false;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (key.includes('\u0000') || hasNul(record[key], depth + 1)) return true;
  }
  return false;
}
