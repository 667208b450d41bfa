import type { FastifyInstance } from 'fastify';
import type { ReadCache } from '../../cache/read-cache.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { postsForSitemap, productsForSitemap } from './repository.ts';
import { robotsTxt, sitemapXml } from './sitemap.ts';

/**
 * /sitemap.xml and /robots.txt, for search engines. The sitemap is built from the database and
 * kept until the read cache drops anything (a write in any process); blog posts have no writes
 * but the seed. Not API routes, so not in the endpoint table.
 */
export async function registerSeoRoutes(
  app: FastifyInstance,
  { db, cache, config }: { db: Db; cache: ReadCache; config: Config },
) {
  let sitemap: Promise<string> | undefined;
  cache.onDrop(() => {
    sitemap = undefined;
  });
  const build = async () => {
    const [products, posts] = await Promise.all([productsForSitemap(db), postsForSitemap(db)]);
    return sitemapXml(config.publicUrl, { products, posts });
  };
  const current = () => {
    if (!cache.enabled) return build();
    if (!sitemap) {
      const building = build();
      sitemap = building;
      // A failure is not kept: the next request tries again.
      building.catch(() => {
        if (sitemap === building) sitemap = undefined;
      });
    }
    return sitemap;
  };

  // Files for crawlers, not calls of the API: the OpenAPI document leaves them out.
  const notApi = { schema: { hide: true } };
  app.get('/sitemap.xml', notApi, async (_request, reply) =>
    reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(await current()),
  );
  const robots = robotsTxt(config.publicUrl);
  app.get('/robots.txt', notApi, async (_request, reply) =>
    reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(robots),
  );
}
