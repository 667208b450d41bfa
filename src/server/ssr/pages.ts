import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { scriptJson } from '../../contract/script-json.ts';
import type { Auth } from '../auth/auth.ts';
import type { ReadCache } from '../cache/read-cache.ts';
import type { Config } from '../config.ts';
import { createHtmlCache, type CachedPage } from './html-cache.ts';
import { pageCalls, type PageHandlers } from './page-calls.ts';
import { readTemplate } from './template.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

// Better Auth's session cookie (with its __Secure- prefix over HTTPS): without it, the visitor
// is signed out and gets the shared, cached rendering.
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;

export type PageDeps = {
  config: Config;
  handlers: PageHandlers;
  cache: ReadCache;
  auth: Auth;
  log: FastifyBaseLogger;
};

/**
 * Serves the web app's pages: public pages rendered on the server (docs/decisions/0013), with
 * their data for hydration; pages behind sign-in as the shell the browser draws them in.
 */
export async function createPages({ config, handlers, cache, auth, log }: PageDeps) {
  // Loaded here, not imported: React picks its build from NODE_ENV, which main.ts sets first.
  const entry = await import('../../web/entry-server.tsx');
  entry.answerPageCallsWith(pageCalls(handlers));
  const template = readTemplate(config.webDistDir);
  const htmlCache = createHtmlCache(cache);
  const shell: CachedPage = { status: 200, html: Buffer.from(template.shell), encoded: new Map() };

  async function signedInUser(request: FastifyRequest) {
    if (!SESSION_COOKIE.test(request.headers.cookie ?? '')) return null;
    const found = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!found || found.user.banned) return null;
    // As GET /api/auth/get-session shows the user to the browser (dates as text).
    return JSON.parse(JSON.stringify(found.user)) as Parameters<typeof entry.renderPage>[0]['user'];
  }

  async function render(url: string, user: Awaited<ReturnType<typeof signedInUser>>) {
    const page = await entry.renderPage({ url, origin: config.publicUrl, user });
    if (page.kind !== 'page') return page;
    const dataScript = `<script type="application/json" id="page-data">${scriptJson(page.data)}</script>`;
    const html = Buffer.from(template.fill({ head: page.head, body: page.body, dataScript }));
    return { kind: 'html' as const, page: { status: page.status, html, encoded: new Map() } };
  }

  return async function servePage(request: FastifyRequest, reply: FastifyReply) {
    const url = request.url;
    const user = await signedInUser(request);
    let page = user ? undefined : htmlCache.get(url);
    if (!page) {
      const keep = htmlCache.begin();
      let rendered: Awaited<ReturnType<typeof render>>;
      try {
        rendered = await render(url, user);
      } catch (error) {
        // The browser can still draw the page: serve the shell rather than an error.
        log.error({ err: error, url }, 'server rendering failed; serving the app shell');
        rendered = { kind: 'browser' };
      }
      if (rendered.kind === 'redirect') return reply.redirect(rendered.location, rendered.status);
      if (rendered.kind === 'browser') page = shell;
      else {
        page = rendered.page;
        if (!user) keep(url, page);
      }
    }
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    void reply
      .status(page.status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Encoding, Cookie');
    if (encoding === 'identity') return reply.send(page.html);
    return reply.header('content-encoding', encoding).send(await encoded(page, encoding));
  };
}

export type ServePage = Awaited<ReturnType<typeof createPages>>;

function chooseEncoding(accept: string | undefined) {
  if (!accept) return 'identity';
  if (/\bbr\b/.test(accept)) return 'br';
  if (/\bgzip\b/.test(accept)) return 'gzip';
  return 'identity';
}

/** Compressed once per cached page (and encoding); a fresh page is compressed for its request. */
async function encoded(page: CachedPage, encoding: 'br' | 'gzip') {
  const done = page.encoded.get(encoding);
  if (done) return done;
  const body =
    encoding === 'br'
      ? await brotli(page.html, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } })
      : await gzipAsync(page.html);
  page.encoded.set(encoding, body);
  return body;
}
