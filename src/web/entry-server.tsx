import { PassThrough } from 'node:stream';
import {
  dehydrate,
  QueryClient,
  QueryClientProvider,
  type DehydratedState,
} from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  matchRoutes,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router';
import { Toaster } from './components/toaster.tsx';
import { ApiError, apiThrough, type Send } from './lib/api-client.ts';
import { routerContext, type Flash } from './lib/page-context.ts';
import { FlashNotice } from './components/flash-notice.tsx';
import type { PageData, RouterData, SerializedError } from './lib/page-data.ts';
import { sessionKey, type SessionState, type SessionUser } from './lib/session.ts';
import { SiteOriginContext } from './lib/site-origin.tsx';
import { loadSignedInNavbar, routes, type RouteHandle } from './routes.tsx';

// The server's side of rendering (docs/decisions/0013-server-rendering.md, 0018). The browser's
// side is main.tsx; both render the same tree, so hydration finds what the server wrote.

const handler = createStaticHandler(routes);

export type RenderInput = {
  /** The request as it arrived (a form's POST included): the routes' loaders and actions read it. */
  request: Request;
  /** The shop's public address (PUBLIC_URL): canonical links and structured data use it. */
  origin: string;
  /** The signed-in user, as GET /api/auth/get-session shows them, or null. */
  user: SessionUser | null;
  /** How this request's loaders and actions reach the API: in-process, as this visitor. */
  send: Send;
  /** The message a form's action left for this page (its flash cookie). */
  flash?: Flash;
};

export type RenderedPage =
  | { kind: 'browser' }
  | { kind: 'redirect'; status: number; location: string; flash?: Flash }
  | {
      kind: 'page';
      status: number;
      /** <title>, meta and link tags for the document's head. */
      head: string;
      /** The app's markup, for inside #root. */
      body: string;
      /** The page's queries, route data and origin, for main.tsx to hydrate from. */
      data: PageData;
    };

/**
 * Runs the page's loaders (or a posted form's action, then the loaders) into a query cache made
 * for this request, renders once, and hands the cache over once.
 */
export async function renderPage(input: RenderInput): Promise<RenderedPage> {
  const { request, origin, user, send } = input;
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, retry: false, gcTime: Infinity } },
  });
  queryClient.setQueryData<SessionState>(sessionKey, { user });
  let flash: Flash | undefined;
  const requestContext = routerContext({
    queryClient,
    ...apiThrough(send),
    waitForData: true,
    flash: (message) => (flash = message),
  });
  const context = await handler.query(toIndexAction(request), { requestContext });
  if (context instanceof Response) {
    return {
      kind: 'redirect',
      status: context.status,
      location: context.headers.get('location') ?? '/',
      flash,
    };
  }
  const handles = context.matches.map((match) => match.route.handle as RouteHandle | undefined);
  // A visitor without a session is sent to sign in by the browser, which remembers the page.
  if (!user && handles.some((handle) => handle?.browserOnly)) return { kind: 'browser' };
  // The signed-in navbar's code (routes.tsx), so the one render draws it rather than a fallback.
  if (user) await loadSignedInNavbar();

  const router = createStaticRouter(handler.dataRoutes, context);
  const html = await renderOnce(
    <SiteOriginContext value={origin}>
      <QueryClientProvider client={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
        <FlashNotice flash={input.flash} />
        <Toaster />
      </QueryClientProvider>
    </SiteOriginContext>,
  );
  const { head, body } = splitHoisted(html);
  const notFound = context.matches.at(-1)?.route.path === '*';
  return {
    kind: 'page',
    status: notFound ? 404 : context.statusCode,
    head,
    body,
    data: {
      origin,
      queries: dehydrateSettled(queryClient),
      router: routerData(context),
      flash: input.flash,
    },
  };
}

/**
 * A form posted to `/` is the home page's (its contact form), but React Router gives a post to
 * an index route's address to the layout above it unless the address says `?index`.
 */
function toIndexAction(request: Request) {
  if (request.method !== 'POST') return request;
  const url = new URL(request.url);
  if (!matchRoutes(handler.dataRoutes, url.pathname)?.at(-1)?.route.index) return request;
  url.searchParams.set('index', '');
  return new Request(url, request);
}

/**
 * One render, waiting for the code of lazy components (the home page's sections) the first time
 * they are met. Every boundary is written in place (no size makes one stream in later), so the
 * markup has no inline script, as renderToString's had none.
 */
function renderOnce(app: ReactNode) {
  return new Promise<string>((resolve, reject) => {
    const stream = renderToPipeableStream(app, {
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellError: reject,
      onAllReady() {
        const chunks: Buffer[] = [];
        const sink = new PassThrough();
        sink.on('data', (chunk: Buffer) => chunks.push(chunk));
        sink.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        sink.on('error', reject);
        stream.pipe(sink);
      },
    });
  });
}

/** What the browser's router starts from: each loader's answer, and a loader's thrown 404. */
function routerData(context: StaticHandlerContext): RouterData {
  const errors: RouterData['errors'] = {};
  for (const [id, error] of Object.entries(context.errors ?? {})) {
    errors[id] = isRouteErrorResponse(error)
      ? { status: error.status, statusText: error.statusText }
      : { status: 500, statusText: 'Internal Server Error' };
  }
  return { loaderData: context.loaderData, actionData: context.actionData, errors };
}

// React writes a page's <title>, <meta> and <link> elements ahead of the markup when it renders
// less than a whole document: they go into the template's <head>.
const HOISTED = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/?>|<link [^>]*\/?>)/;

function splitHoisted(html: string) {
  let rest = html;
  let head = '';
  for (let found = HOISTED.exec(rest); found; found = HOISTED.exec(rest)) {
    head += found[0];
    rest = rest.slice(found[0].length);
  }
  return { head, body: rest };
}

/** Successes and failures both go to the browser, which then draws the same page. */
function dehydrateSettled(queryClient: QueryClient): DehydratedState {
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) => query.state.status !== 'pending',
    shouldRedactErrors: () => false,
  });
  return {
    ...state,
    queries: state.queries.map((query) => {
      const { error } = query.state;
      if (!(error instanceof Error)) return query;
      const serialized: SerializedError =
        error instanceof ApiError
          ? { status: error.status, code: error.code, message: error.message }
          : { status: 500, code: 'server_error', message: 'Something went wrong.' };
      return { ...query, state: { ...query.state, error: serialized as never } };
    }),
  };
}
