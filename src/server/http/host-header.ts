import { AppError } from '../errors.ts';

// RFC 9110 host [":" port]: a DNS name or IPv4 address, or an IPv6 literal in brackets.
// Underscores are not DNS, but container and compose service names use them.
const HOST = /^(?:[a-z0-9_.-]+|\[[0-9a-f:.]+\])(?::[0-9]{0,5})?$/i;
// A name is at most 253 characters; with brackets, a port and its colon this is ample.
const HOST_MAX_LENGTH = 300;

/**
 * A Host that is not a host name (`bad host`, `a%b`, `[`) made every URL built from it throw,
 * and Better Auth's routes answered 500. Refused by the request checks (request-checks.ts),
 * once, for every route. An absent or empty Host is left alone: HTTP/1.0 clients send none,
 * and nothing is built from it.
 */
export function hostRefusal(host: string | undefined) {
  if (!host || isHostHeader(host)) return undefined;
  return new AppError('bad_request', 'The Host header is not a valid host name.');
}

// A shop is reached under a handful of names: those already judged good skip the URL parse
// that every request paid for. Bounded, since anyone may send any valid name.
const knownGood = new Set<string>();
const KNOWN_GOOD_MAX = 32;

export function isHostHeader(value: string) {
  if (knownGood.has(value)) return true;
  if (value.length > HOST_MAX_LENGTH || !HOST.test(value)) return false;
  try {
    // Catches what the pattern lets through but no URL can hold: port 99999, '[1:2]'.
    new URL(`http://${value}/`);
  } catch {
    return false;
  }
  if (knownGood.size < KNOWN_GOOD_MAX) knownGood.add(value);
  return true;
}
