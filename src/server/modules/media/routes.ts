import type { FastifyInstance } from 'fastify';
import { parseMediaPath } from '../../../contract/product-images.ts';
import type { Db } from '../../db/client.ts';
import { readRendition, readRenditionEtag } from './repository.ts';

const TYPES = { webp: 'image/webp', jpg: 'image/jpeg' } as const;
// A URL names one image at one size for ever (a new upload is a new id): cached for a year.
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Whether an If-None-Match header (a list, maybe weak) names this ETag. */
function matches(header: string | undefined, etag: string) {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * /media/{imageId}-{width}.{webp|jpg}: an uploaded image's sizes, made at upload and kept in the
 * database. Files, not calls of the API, so outside the endpoint table (as /images/parts/ is).
 * Nothing is kept in memory: each answer is one indexed read, browsers and CDNs keep the bytes
 * (immutable), and a revalidation reads only the ETag. Anything else under /media/ is a 404.
 */
export function registerMediaRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get<{ Params: { file: string } }>(
    '/media/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const named = parseMediaPath(`/media/${request.params.file}`);
      if (!named) return reply.callNotFound();
      const { id, width, format } = named;
      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch) {
        const etag = await readRenditionEtag(db, id, width, format);
        if (etag === undefined) return reply.callNotFound();
        if (matches(ifNoneMatch, etag)) {
          return reply.status(304).header('etag', etag).header('cache-control', IMMUTABLE).send();
        }
      }
      const found = await readRendition(db, id, width, format);
      if (!found) return reply.callNotFound();
      return reply
        .header('content-type', TYPES[format])
        .header('cache-control', IMMUTABLE)
        .header('etag', found.etag)
        .send(found.bytes);
    },
  );
}
