import type { FastifyInstance } from 'fastify';
import { partImage } from '../db/seed-catalogue-images.ts';

const SVG = 'image/svg+xml; charset=utf-8';

/**
 * /images/parts/{key}.svg: the demo catalogue's pictures, drawn from the part's key (no files
 * to ship or write). Any other name is a 404, as a missing file is. A file, not a call of the
 * API, so not in the endpoint table; the security headers come from the first hook, as on
 * every answer (request-checks.ts).
 */
export function registerPartImages(app: FastifyInstance) {
  app.get<{ Params: { file: string } }>(
    '/images/parts/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const key = /^([a-z0-9-]{1,80})\.svg$/.exec(request.params.file)?.[1];
      const svg = key === undefined ? undefined : partImage(key);
      if (svg === undefined) return reply.callNotFound();
      return reply
        .header('content-type', SVG)
        .header('cache-control', 'public, max-age=86400')
        .send(svg);
    },
  );
}
