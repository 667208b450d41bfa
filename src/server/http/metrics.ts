import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UNMATCHED_ROUTE, type ShopMetrics } from '../metrics/shop-metrics.ts';

/**
 * `GET /metrics` in Prometheus text format, for the operator's scraper only. Without
 * METRICS_TOKEN there is no such route; with it, a request without `Authorization: Bearer
 * <token>` (or with another token) gets the very answer an unknown path gets, so nobody on the
 * internet learns that the route exists. Requests are timed only while someone can read them.
 */
export function registerMetrics(
  app: FastifyInstance,
  { token, metrics }: { token: string | undefined; metrics: ShopMetrics },
) {
  if (!token) return;
  const expected = digest(`Bearer ${token}`);

  // Callback-style: an async hook costs a promise per request.
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(
      request.method,
      request.routeOptions.url ?? UNMATCHED_ROUTE,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!authorised(request, expected)) return reply.callNotFound();
    const text = await metrics.registry.metrics();
    return reply
      .header('content-type', metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(text);
  });
}

// Digests have one length whatever was sent, so the comparison takes the same time for any guess.
const digest = (value: string) => createHash('sha256').update(value).digest();

function authorised(request: FastifyRequest, expected: Buffer) {
  const header = request.headers.authorization;
  return typeof header === 'string' && timingSafeEqual(digest(header), expected);
}
