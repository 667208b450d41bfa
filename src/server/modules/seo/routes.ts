import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ReadCache } from '../../cache/read-cache.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { planSitemap, sitemapFile, type SitemapPlan } from './sitemap-files.ts';
import { robotsTxt, sitemapIndexXml } from './sitemap.ts';

const filePath = (file: number) => `/sitemap/${file + 1}.xml`;

/**
 * /sitemap.xml and /robots.txt, for search engines. Past `sitemapUrlsPerFile` addresses the
 * sitemap is an index of files (/sitemap/1.xml, …). How it is cut is kept until the read cache
 * drops anything (a write in any process); each file is streamed from the database when asked
 * for, never held whole. Not API routes, so not in the endpoint table.
 */
export async function registerSeoRoutes(
  app: FastifyInstance,
  { db, cache, config }: { db: Db; cache: ReadCache; config: Config },
) {
  let plan: Promise<SitemapPlan> | undefined;
  cache.onDrop(() => {
    plan = undefined;
  });
  const build = () => planSitemap(db, config.sitemapUrlsPerFile);
  const current = () => {
    if (!cache.enabled) return build();
    if (!plan) {
      const building = build();
      plan = building;
      // A failure is not kept: the next request tries again.
      building.catch(() => {
        if (plan === building) plan = undefined;
      });
    }
    return plan;
  };
  const xml = 'application/xml; charset=utf-8';

  // Files for crawlers, not calls of the API: the OpenAPI document leaves them out.
  const notApi = { schema: { hide: true } };
  app.get('/sitemap.xml', notApi, async (_request, reply) => {
    const cut = await current();
    reply.header('content-type', xml).header('cache-control', 'public, max-age=300');
    if (cut.files.length === 1)
      return reply.send(Readable.from(sitemapFile(db, config.publicUrl, cut, 0)));
    const files = cut.files.map((file, i) => ({ path: filePath(i), ...file }));
    return reply.send(sitemapIndexXml(config.publicUrl, files));
  });
  app.get<{ Params: { file: string } }>('/sitemap/:file', notApi, async (request, reply) => {
    const cut = await current();
    const file = Number(/^([1-9]\d{0,5})\.xml$/.exec(request.params.file)?.[1] ?? 0) - 1;
    // Any other name is the site's own 404 page.
    if (file < 0 || file >= cut.files.length) return reply.callNotFound();
    return reply
      .header('content-type', xml)
      .header('cache-control', 'public, max-age=300')
      .send(Readable.from(sitemapFile(db, config.publicUrl, cut, file)));
  });
  const robots = robotsTxt(config.publicUrl);
  app.get('/robots.txt', notApi, async (_request, reply) =>
    reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(robots),
  );
}
