import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

/**
 * PostgreSQL text cannot hold U+0000, so a NUL anywhere in a request failed its query with a
 * 500 (a search, a review, a sign-in's rate-limit key). Refused here once for every route,
 * Better Auth's included, before any handler runs.
 */
export function registerNulTextCheck(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (hasNul(request.params) || hasNul(request.query) || hasNul(request.body)) {
      throw new AppError('bad_request', 'Text cannot contain NUL characters.');
    }
  });
}

// Deeper than any body the API accepts; the schemas refuse such shapes anyway.
const MAX_DEPTH = 32;

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return false;
  if (Buffer.isBuffer(value)) return false;
  return Object.entries(value).some(
    ([key, item]) => key.includes('\u0000') || hasNul(item, depth + 1),
  );
}
