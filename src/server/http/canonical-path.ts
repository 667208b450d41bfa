import { AppError } from '../errors.ts';

/**
 * A path has one spelling. Routers and libraries normalise dot segments, doubled slashes and
 * percent-encoded characters in different ways (Better Auth resolves `/sign-in/./email`, our
 * limiter and guards match the raw route), so a request in any other spelling could reach a
 * handler while a check keyed on the path looked elsewhere. Refused by the request checks
 * (request-checks.ts), before every hook that judges a request, so no per-route check can be
 * walked round.
 */
export function canonicalPathRefusal(url: string | undefined) {
  const problem = pathProblem(pathOf(url));
  if (!problem) return undefined;
  return new AppError('bad_request', `This address is not in its plain form: ${problem}.`);
}

function pathOf(url: string | undefined) {
  if (url === undefined) return '/';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

// Unreserved characters (RFC 3986 §2.3) are never percent-encoded in a canonical path; an
// encoded slash or backslash would turn into a segment boundary for whoever decodes it.
const ENCODED_UNRESERVED_OR_SEPARATOR = /%(?:[46][1-9a-f]|[57][0-9a]|3[0-9]|2[def]|5[cf]|7e)/i;

export function pathProblem(path: string): string | undefined {
  if (!path.startsWith('/')) return 'it must start with a slash';
  if (path.includes('\\')) return 'it contains a backslash';
  if (path.includes('//')) return 'it contains an empty segment (//)';
  // Every segment follows a slash: without '/.' there is no dot segment to look for.
  if (path.includes('/.') && path.split('/').some((s) => s === '.' || s === '..')) {
    return 'it contains a dot segment (. or ..)';
  }
  if (path.includes('%') && ENCODED_UNRESERVED_OR_SEPARATOR.test(path)) {
    return 'it percent-encodes a letter, digit, dot, slash or other plain character';
  }
  return undefined;
}
