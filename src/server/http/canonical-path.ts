import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

/**
 * A path has one spelling. Routers and libraries normalise dot segments, doubled slashes and
 * percent-encoded characters in different ways (Better Auth resolves `/sign-in/./email`, our
 * limiter and guards match the raw route), so a request in any other spelling could reach a
 * handler while a check keyed on the path looked elsewhere. Refused here, before every hook that
 * judges a request, so no per-route check can be walked round.
 */
export function registerCanonicalPathCheck(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    const path = request.raw.url?.split('?', 1)[0] ?? '/';
    const problem = pathProblem(path);
    if (problem)
      throw new AppError('bad_request', `This address is not in its plain form: ${problem}.`);
  });
}

// Unreserved characters (RFC 3986 §2.3) are never percent-encoded in a canonical path; an
// encoded slash or backslash would turn into a segment boundary for whoever decodes it.
const ENCODED_UNRESERVED_OR_SEPARATOR = /%(?:[46][1-9a-f]|[57][0-9a]|3[0-9]|2[def]|5[cf]|7e)/i;

export function pathProblem(path: string): string | undefined {
  if (!path.startsWith('/')) return 'it must start with a slash';
  if (path.includes('\\')) return 'it contains a backslash';
  if (path.includes('//')) return 'it contains an empty segment (//)';
  if (path.split('/').some((segment) => segment === '.' || segment === '..')) {
    return 'it contains a dot segment (. or ..)';
  }
  if (ENCODED_UNRESERVED_OR_SEPARATOR.test(path)) {
    return 'it percent-encodes a letter, digit, dot, slash or other plain character';
  }
  return undefined;
}
