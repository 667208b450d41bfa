import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query';
import { createContext, RouterContextProvider } from 'react-router';
import { ApiError, type AuthApi, type Call } from './api-client.ts';
import { sessionKey, type SessionState, type SessionUser } from './session.ts';

/**
 * What a route's loader or action works with (docs/decisions/0018-loaders-and-actions.md): the
 * query cache of the page being drawn and the calls that reach the API. In the browser, the
 * app's cache and fetch; on the server, a cache made for the request and the app's routes
 * answered in-process with the visitor's cookie. Passed as the router's request context, so
 * nothing in a module holds one request's caller.
 */
export type PageContext = {
  queryClient: QueryClient;
  call: Call;
  authApi: AuthApi;
  /**
   * The server waits for the data: its one render needs it all. The browser only starts the
   * fetches, so a navigation shows the page at once with its loading states (the spec's), and
   * the page's own queries join the fetches already under way.
   */
  waitForData: boolean;
  /** A message for the next page (a form's action on the server: a one-time cookie). */
  flash?: (message: Flash) => void;
};

/** A toast that travels to the next page: the app's own words ("Order Placed Success"). */
export type Flash = { kind: 'success' | 'error' | 'info'; message: string };

const pageContextKey = createContext<PageContext>();

/** The router's request context carrying a page context (server: per request). */
export function routerContext(page: PageContext) {
  const context = new RouterContextProvider();
  context.set(pageContextKey, page);
  return context;
}

/** The page context of a loader's or action's `context` argument. */
export const pageOf = (context: unknown) =>
  (context as Readonly<RouterContextProvider>).get(pageContextKey);

/** A 404 answer, as a loader throws it: the route's error page shows "not found". */
export const notFound = () => new Response('Not found', { status: 404, statusText: 'Not Found' });

// Each query's own type does not matter here: only that it lands in the cache.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQuery = FetchQueryOptions<any, any, any, any>;

/**
 * Fills the page's cache with what it shows, all at once. A 404 from any of them is the page's
 * 404; another failure stays in the cache, where the page shows it as it always has.
 */
export async function ensureAll({ queryClient, waitForData }: PageContext, queries: AnyQuery[]) {
  if (!waitForData) return prefetch(queryClient, queries);
  const missing = await Promise.all(
    queries.map((query) =>
      queryClient.ensureQueryData(query).then(
        () => false,
        (error: unknown) => error instanceof ApiError && error.status === 404,
      ),
    ),
  );
  if (missing.some(Boolean)) throw notFound();
  return null;
}

/**
 * A signed-in page's data, with the visitor's session. Without one there is nothing to load (the
 * page sends them to sign in); what is missing, the page itself says (the purchase page's
 * "no longer available"), so nothing is thrown.
 */
export async function ensureSignedIn(
  page: PageContext,
  queries: (user: SessionUser) => AnyQuery[],
) {
  const user = page.queryClient.getQueryData<SessionState>(sessionKey)?.user;
  if (!user) return null;
  if (!page.waitForData) return prefetch(page.queryClient, queries(user));
  await Promise.allSettled(queries(user).map((query) => page.queryClient.ensureQueryData(query)));
  return null;
}

function prefetch(queryClient: QueryClient, queries: AnyQuery[]) {
  for (const query of queries) void queryClient.prefetchQuery(query);
  return null;
}
