import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { MAX_IMPORT_BYTES } from '../../contract/imports.ts';
import { sitePaths } from '../../contract/site-paths.ts';
import type { Config } from '../config.ts';
import { createPages, FORM_TYPE, hasSessionCookie, type PageDeps } from '../ssr/pages.ts';
import { registerPartImages } from './part-images.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The longest form a page takes: the quick order's pasted list is the largest (contract). */
const FORM_BODY_LIMIT = 256 * 1024;
/** Pages whose form sends a file (multipart): the Import page's CSV file, as the API takes it. */
const UPLOAD_PAGES = new Set<string>([sitePaths.imports]);
const UPLOAD_TYPE = 'multipart/form-data';
/** The file's most, and room for the form's other fields and its part headers. */
const UPLOAD_BODY_LIMIT = MAX_IMPORT_BYTES + 64 * 1024;

/**
 * Serves the built web app (pre-compressed .br/.gz beside each file) and the demo parts'
 * drawn pictures (part-images.ts), and answers every other path: JSON 404 under /api, a page
 * elsewhere (rendered on the server, status 404 when no page matches).
 */
export async function registerWebApp(
  app: FastifyInstance,
  config: Config,
  deps: Omit<PageDeps, 'config' | 'app'>,
) {
  const root = resolve(config.webDistDir);
  const hasBuild = existsSync(resolve(root, 'index.html'));
  const servePage = hasBuild ? await createPages({ ...deps, config, app }) : undefined;
  // Drawn, not built: there with or without the web app's build.
  registerPartImages(app);

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

  // Every page of the site has its own route: no file lookup on the way to a page.
  if (servePage) {
    for (const path of new Set(Object.values(sitePaths))) app.get(path, servePage);
    await app.register(async (forms) => {
      // A form posted before the page's script took over (docs/decisions/0018): its page's
      // action answers it. Only here are url-encoded bodies read; the API still takes JSON only.
      forms.addContentTypeParser(
        FORM_TYPE,
        { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
        (_request, body, done) => done(null, body),
      );
      for (const path of new Set(Object.values(sitePaths))) {
        if (!UPLOAD_PAGES.has(path)) forms.post(path, servePage);
      }
    });
    await app.register(async (uploads) => {
      // The same, for a page whose form sends a file: the body is kept as it came, and the
      // page's action reads the form and sends it on to the API (multipart there too). Only a
      // signed-in visitor's body is read; the API then decides whether they may send it.
      uploads.addContentTypeParser(
        FORM_TYPE,
        { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
        (_request, body, done) => done(null, body),
      );
      uploads.addContentTypeParser(
        UPLOAD_TYPE,
        { parseAs: 'buffer', bodyLimit: UPLOAD_BODY_LIMIT },
        (_request, body, done) => done(null, body),
      );
      uploads.addHook('onRequest', async (request, reply) => {
        if (hasSessionCookie(request)) return;
        await reply.status(403).type('text/plain; charset=utf-8').send('Sign in to send a file.');
      });
      for (const path of UPLOAD_PAGES) uploads.post(path, servePage);
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    // A missing file (say, a chunk of an older deploy) must fail as a 404, never as HTML.
    const isFile = /\.[a-z0-9]+$/i.test(pathname);
    if (pathname.startsWith('/api/') || pathname === '/api' || isFile || !wantsPage || !servePage) {
      return reply
        .status(404)
        .send({ error: 'not_found', message: `No route ${request.method} ${pathname}` });
    }
    return servePage(request, reply);
  });
}
