import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isSitePath } from '../../contract/site-paths.ts';
import type { Config } from '../config.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built SPA (pre-compressed .br/.gz beside each file) and answers every other
 * path: JSON 404 under /api, the SPA elsewhere (with status 404 when no page matches).
 */
export async function registerWebApp(app: FastifyInstance, config: Config) {
  const root = resolve(config.webDistDir);
  const hasBuild = existsSync(resolve(root, 'index.html'));

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      preCompressed: true,
      index: false,
      wildcard: true,
      cacheControl: false,
      // Directories (/, /images/) have no index here; the not-found handler serves the app.
      allowedPath: (pathname) => !pathname.endsWith('/'),
      setHeaders(res, path) {
        if (path.includes('/assets/')) res.header('cache-control', IMMUTABLE);
        else if (path.endsWith('.html')) res.header('cache-control', 'no-cache');
        else res.header('cache-control', 'public, max-age=86400');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    // A missing file (say, a chunk of an older deploy) must fail as a 404, never as HTML.
    const isFile = /\.[a-z0-9]+$/i.test(pathname);
    if (pathname.startsWith('/api/') || pathname === '/api' || isFile || !wantsPage || !hasBuild) {
      return reply
        .status(404)
        .send({ error: 'not_found', message: `No route ${request.method} ${pathname}` });
    }
    return reply
      .status(isSitePath(pathname) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .sendFile('index.html', root);
  });
}
