import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';
import { trustedOrigins } from './trusted-origins.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses cookie-authenticated writes that come from another site (CSRF), for the request
 * checks (request-checks.ts). Better Auth checks its own routes; this covers every other route.
 * Bearer-token calls carry no ambient credentials and the payment provider's webhook carries no
 * cookie, so neither is affected.
 */
export function crossSiteRefusal(config: Config) {
  const fromOurSite = sameOriginCheck(config);
  return (request: FastifyRequest) => {
    if (SAFE_METHODS.has(request.method) || !request.headers.cookie) return undefined;
    // Judged by the route reached, not the raw path: '/%61pi/orders' reaches POST /api/orders.
    if (request.routeOptions.url?.startsWith('/api/auth/')) return undefined;
    if (fromOurSite(request)) return undefined;
    return new AppError('forbidden', 'This request came from another site and was refused.');
  };
}

/**
 * Whether a request comes from one of our own pages (its Origin, or its Referer's). The API's
 * writes and the forms posted to page addresses (src/server/ssr/pages.ts) are judged by it.
 */
export function sameOriginCheck(config: Config) {
  const trusted = new Set(trustedOrigins(config));
  return (request: FastifyRequest) => {
    const origin = request.headers.origin ?? originOf(request.headers.referer);
    const own = `${request.protocol}://${request.headers.host ?? ''}`;
    return Boolean(origin && (origin === own || trusted.has(origin)));
  };
}

function originOf(url: string | undefined) {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
