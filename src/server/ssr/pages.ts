import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { scriptJson } from '../../contract/script-json.ts';
import type { Auth } from '../auth/auth.ts';
import type { ReadCache } from '../cache/read-cache.ts';
import type { Config } from '../config.ts';
import type { ShopMetrics } from '../metrics/shop-metrics.ts';
import { createHtmlCache, type CachedPage } from './html-cache.ts';
import { clearFlashCookie, flashCookie, readFlash, type Flash } from './flash.ts';
import { inProcess } from './in-process.ts';
import { sameOriginCheck } from '../http/same-origin.ts';
import type { RenderInput } from '../../web/entry-server.tsx';

type User = RenderInput['user'];
import { readTemplate } from './template.ts';

// Better Auth's session cookie (with its __Secure- prefix over HTTPS): without it, the visitor
// is signed out and gets the shared, cached rendering.
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;

/** Whether the request carries a session cookie at all (not whether it is still good). */
export const hasSessionCookie = (request: FastifyRequest) =>
  SESSION_COOKIE.test(request.headers.cookie ?? '');

/** The type of a form posted to a page (web-app.ts parses it, within a body limit). */
export const FORM_TYPE = 'application/x-www-form-urlencoded';
const FOREIGN_FORM = 'This form was sent from another site and was refused.';
const NOT_A_FORM = 'A page takes a form (application/x-www-form-urlencoded) only.';

export type PageDeps = {
  config: Config;
  /** The app whose routes answer the pages' loaders and actions, in-process. */
  app: FastifyInstance;
  cache: ReadCache;
  auth: Auth;
  metrics: Pick<ShopMetrics, 'watchCacheBytes'>;
};

/**
 * Serves the web app's pages: public pages rendered on the server (docs/decisions/0013), with
 * their data for hydration; pages behind sign-in as the shell the browser draws them in.
 */
export async function createPages({ config, app, cache, auth, metrics }: PageDeps) {
  // Loaded here, not imported: React picks its build from NODE_ENV, which main.ts sets first.
  const entry = await import('../../web/entry-server.tsx');
  const template = readTemplate(config.webDistDir);
  const htmlCache = createHtmlCache(cache, { maxBytes: config.cacheBudgets.pageBytes });
  metrics.watchCacheBytes('pages', () => htmlCache.bytes);
  const shell: CachedPage = { status: 200, html: Buffer.from(template.shell), encoded: new Map() };
  const fromOurSite = sameOriginCheck(config);
  const secure = config.publicUrl.startsWith('https:');

  async function signedInUser(request: FastifyRequest) {
    if (!hasSessionCookie(request)) return null;
    const found = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!found || found.user.banned) return null;
    // As GET /api/auth/get-session shows the user to the browser (dates as text).
    return JSON.parse(JSON.stringify(found.user)) as User;
  }

  type Rendered =
    | { kind: 'browser' }
    | { kind: 'redirect'; status: number; location: string; flash?: Flash }
    | { kind: 'html'; page: CachedPage };

  /** Runs the page's loaders, or a posted form's action, and draws the page once. */
  async function render(request: FastifyRequest, user: User, flash?: Flash) {
    const { send, setCookies } = inProcess(app, request);
    const form = request.method === 'POST';
    const page = await entry.renderPage({
      request: new Request(new URL(request.url, config.publicUrl), {
        method: form ? 'POST' : 'GET',
        ...(form && postedForm(request)),
      }),
      origin: config.publicUrl,
      user,
      send,
      flash,
    });
    if (page.kind !== 'page') return { rendered: page as Rendered, setCookies };
    const dataScript = `<script type="application/json" id="page-data">${scriptJson(page.data)}</script>`;
    const html = Buffer.from(template.fill({ head: page.head, body: page.body, dataScript }));
    const rendered: Rendered = {
      kind: 'html',
      page: { status: page.status, html, encoded: new Map() },
    };
    return { rendered, setCookies };
  }

  async function renderOrShell(request: FastifyRequest, user: User, flash?: Flash) {
    try {
      return await render(request, user, flash);
    } catch (error) {
      // The browser can still draw the page: serve the shell rather than an error.
      request.log.error(
        { err: error, url: request.url },
        'server rendering failed; serving the shell',
      );
      return { rendered: { kind: 'browser' } as Rendered, setCookies: [] };
    }
  }

  return async function servePage(request: FastifyRequest, reply: FastifyReply) {
    const url = request.url;
    const posted = request.method === 'POST';
    // A form posted to a page is judged as the API's writes are, cookie or not (a sign-up).
    if (posted && !fromOurSite(request)) {
      return reply.status(403).type('text/plain; charset=utf-8').send(FOREIGN_FORM);
    }
    // A page takes what a form sends; JSON is the API's.
    if (posted && !isForm(request.body)) {
      return reply.status(415).type('text/plain; charset=utf-8').send(NOT_A_FORM);
    }
    const user = await signedInUser(request);
    const flash = posted ? undefined : readFlash(request);
    // A page with a message on it, or a form's answer, is this visitor's alone.
    const shared = !user && !flash && !posted;
    let page = shared ? htmlCache.get(url) : undefined;
    if (!page) {
      const keep = htmlCache.begin();
      const { rendered, setCookies } = await renderOrShell(request, user, flash);
      const cookies = [...setCookies];
      if (flash) cookies.push(clearFlashCookie(secure));
      if (rendered.kind === 'redirect') {
        if (rendered.flash) cookies.push(flashCookie(rendered.flash, secure));
        if (cookies.length) void reply.header('set-cookie', cookies);
        return reply.redirect(rendered.location, posted ? 303 : rendered.status);
      }
      if (cookies.length) void reply.header('set-cookie', cookies);
      if (rendered.kind === 'browser') page = shell;
      // A page without a form: sent back to the page, which then works (its script sends it).
      else if (posted && rendered.page.status === 405) return reply.redirect(url, 303);
      else {
        page = rendered.page;
        if (shared) keep(url, page);
      }
    }
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    void reply
      .status(page.status)
      .header('content-type', 'text/html; charset=utf-8')
      // A page drawn for one visitor (a member's dealer prices, a form's answer) is theirs:
      // no shared cache between them and us may keep it.
      .header('cache-control', shared ? 'no-cache' : 'private, no-cache')
      .header('vary', 'Accept-Encoding, Cookie');
    if (encoding === 'identity') return reply.send(page.html);
    return reply
      .header('content-encoding', encoding)
      .send(await htmlCache.compressed(page, encoding));
  };
}

export type ServePage = Awaited<ReturnType<typeof createPages>>;

/** A url-encoded form (text), or a form with a file (web-app.ts keeps its bytes as they came). */
const isForm = (body: unknown) => typeof body === 'string' || Buffer.isBuffer(body);

/** The posted form as the route's action reads it: its own type (a file's form has a boundary). */
function postedForm(request: FastifyRequest) {
  if (Buffer.isBuffer(request.body)) {
    const type = request.headers['content-type'] ?? '';
    // Node's Buffer is a Uint8Array over its own memory: handed on without a copy.
    return { headers: { 'content-type': type }, body: request.body as Uint8Array<ArrayBuffer> };
  }
  return { headers: { 'content-type': FORM_TYPE }, body: String(request.body) };
}

function chooseEncoding(accept: string | undefined) {
  if (!accept) return 'identity';
  if (/\bbr\b/.test(accept)) return 'br';
  if (/\bgzip\b/.test(accept)) return 'gzip';
  return 'identity';
}
