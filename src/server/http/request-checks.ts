import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { canonicalPathRefusal } from './canonical-path.ts';
import { hostRefusal } from './host-header.ts';
import { crossSiteRefusal } from './same-origin.ts';
import { keepSecurityHeadersWhileClosing } from './security.ts';

/**
 * The first hook of all, for every request: the security headers, then the path's spelling,
 * the Host and, for a cookie-carrying write, the site it came from. A refusal ends the hooks
 * after it, so the headers go first and every answer carries them; nothing after judges a path
 * that has another spelling or a request whose Host cannot be parsed.
 *
 * One callback-style hook rather than one hook per check: an async hook costs a promise per
 * request, and every hook a turn of Fastify's hook runner (bench/README.md, "API overhead").
 */
export function registerRequestChecks(
  app: FastifyInstance,
  config: Config,
  headers: Record<string, string>,
) {
  const crossSite = crossSiteRefusal(config);
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(headers);
    done(
      canonicalPathRefusal(request.raw.url) ??
        hostRefusal(request.headers.host) ??
        crossSite(request),
    );
  });
  keepSecurityHeadersWhileClosing(app, headers);
}
