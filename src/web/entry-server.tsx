import {
  dehydrate,
  QueryClient,
  QueryClientProvider,
  type DehydratedState,
  type Query,
} from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { BROWSER_ONLY_CALL, type CallFailure } from '../contract/page-calls.ts';
import { Toaster } from './components/toaster.tsx';
import { answerCallsWith, ApiError, type CallTransport } from './lib/api-client.ts';
import type { PageData, SerializedError } from './lib/page-data.ts';
import { sessionKey, type SessionState, type SessionUser } from './lib/session.ts';
import { SiteOriginContext } from './lib/site-origin.tsx';
import { routes, type RouteHandle } from './routes.tsx';

// The server's side of rendering (docs/decisions/0013-server-rendering.md). The browser's side is
// main.tsx; both render the same tree, so hydration finds what the server wrote.

const handler = createStaticHandler(routes);

/** Rounds of rendering and fetching at most: each fetches what the last one asked for. */
const MAX_ROUNDS = 4;

/** A Suspense boundary renderToString could not finish (its code was not loaded yet). */
const LEFT_TO_BROWSER = /<!--\$[?!]-->/;

export type RenderInput = {
  /** The path and query, as requested: `/shop?q=chain`. */
  url: string;
  /** The shop's public address (PUBLIC_URL): canonical links and structured data use it. */
  origin: string;
  /** The signed-in user, as GET /api/auth/get-session shows them, or null. */
  user: SessionUser | null;
};

export type RenderedPage =
  | { kind: 'browser' }
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      /** <title>, meta and link tags for the document's head. */
      head: string;
      /** The app's markup, for inside #root. */
      body: string;
      /** The page's queries and origin, for main.tsx to hydrate from. */
      data: PageData;
    };

/**
 * Called once when the server starts: page data is read in-process, through the endpoints' own
 * handlers. Their failures become the ApiErrors the pages already know how to show.
 */
export function answerPageCallsWith(transport: CallTransport) {
  answerCallsWith(async (route, input) => {
    try {
      return await transport(route, input);
    } catch (error) {
      if (!isCallFailure(error)) throw error;
      throw new ApiError(error.status, error.code, error.message);
    }
  });
}

const isCallFailure = (error: unknown): error is CallFailure =>
  error instanceof Error && typeof (error as Partial<CallFailure>).status === 'number';

export async function renderPage({ url, origin, user }: RenderInput): Promise<RenderedPage> {
  const context = await handler.query(new Request(new URL(url, origin)));
  if (context instanceof Response) {
    return {
      kind: 'redirect',
      status: context.status,
      location: context.headers.get('location') ?? '/',
    };
  }
  const handles = context.matches.map((match) => match.route.handle as RouteHandle | undefined);
  // A visitor without a session is sent to sign in by the browser, which remembers the page.
  if (!user && handles.some((handle) => handle?.browserOnly)) return { kind: 'browser' };

  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, retry: false, gcTime: Infinity } },
  });
  queryClient.setQueryData<SessionState>(sessionKey, { user });
  const router = createStaticRouter(handler.dataRoutes, context);
  const app = (
    <SiteOriginContext value={origin}>
      <QueryClientProvider client={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
        <Toaster />
      </QueryClientProvider>
    </SiteOriginContext>
  );

  // Components ask for their data with useQuery, which does not fetch on the server: render,
  // fetch what the render asked for, and render again until nothing new is asked for. A render
  // that met a lazy component whose code is not loaded yet (a boundary left to the browser)
  // first waits for that code. Once the server has loaded every page's code, a page takes two
  // plain renders: one that asks, one with the answers.
  const refused = new Set<string>();
  const pending = () =>
    queryClient
      .getQueryCache()
      .getAll()
      .filter(
        (query) =>
          query.state.status === 'pending' && !refused.has(query.queryHash) && !switchedOff(query),
      );
  let html = renderToString(app);
  for (let round = 1; round < MAX_ROUNDS; round += 1) {
    const complete = !LEFT_TO_BROWSER.test(html);
    if (complete && pending().length === 0) break;
    if (!complete) await loadEverything(app);
    await Promise.all(pending().map((query) => fetchOnServer(queryClient, query, refused)));
    html = renderToString(app);
  }
  const { head, body } = splitHoisted(html);
  const lastMatch = context.matches.at(-1);
  const notFound =
    lastMatch?.route.path === '*' ||
    queryClient
      .getQueryCache()
      .getAll()
      .some((query) => query.state.error instanceof ApiError && query.state.error.status === 404);
  return {
    kind: 'page',
    status: notFound ? 404 : context.statusCode,
    head,
    body,
    data: { origin, queries: dehydrateSettled(queryClient) },
  };
}

/**
 * A query its component switched off (`enabled: false`, as My Review's product lookup is until a
 * product is named) is not fetched in the browser, so not here either: fetched anyway, its
 * failure (a 404 for an empty id) made the whole page answer 404.
 */
function switchedOff(query: Query) {
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  return (typeof enabled === 'function' ? enabled(query) : enabled) === false;
}

/** Fetches a query the page asked for; one only the browser can answer stays pending there. */
async function fetchOnServer(queryClient: QueryClient, query: Query, refused: Set<string>) {
  try {
    await queryClient.fetchQuery({ ...query.options, queryKey: query.queryKey, retry: false });
  } catch (error) {
    if (error instanceof ApiError && error.code === BROWSER_ONLY_CALL) {
      refused.add(query.queryHash);
      // Back to pending, as the browser will find it before fetching it itself.
      queryClient.removeQueries({ queryKey: query.queryKey, exact: true });
    }
  }
}

/**
 * Renders once, waiting for every lazy component's code (and asking for every query on the
 * way); the markup is dropped, as a prerender writes out-of-order segments with inline scripts.
 */
async function loadEverything(app: ReactNode) {
  const { prelude } = await prerenderToNodeStream(app);
  prelude.resume();
  await new Promise((resolve) => prelude.on('end', resolve));
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
