import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

// RFC 9110 host [":" port]: a DNS name or IPv4 address, or an IPv6 literal in brackets.
// Underscores are not DNS, but container and compose service names use them.
const HOST = /^(?:[a-z0-9_.-]+|\[[0-9a-f:.]+\])(?::[0-9]{0,5})?$/i;
// A name is at most 253 characters; with brackets, a port and its colon this is ample.
const HOST_MAX_LENGTH = 300;

/**
 * A Host that is not a host name (`bad host`, `a%b`, `[`) made every URL built from it throw,
 * and Better Auth's routes answered 500. Refused here, once, for every route. An absent or
 * empty Host is left alone: HTTP/1.0 clients send none, and nothing is built from it.
 */
export function registerHostHeaderCheck(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    const host = request.headers.host;
    if (!host || isHostHeader(host)) return;
    throw new AppError('bad_request', 'The Host header is not a valid host name.');
  });
}

export function isHostHeader(value: string) {
  if (value.length > HOST_MAX_LENGTH || !HOST.test(value)) return false;
  try {
    // Catches what the pattern lets through but no URL can hold: port 99999, '[1:2]'.
    new URL(`http://${value}/`);
    return true;
  } catch {
    return false;
  }
}
