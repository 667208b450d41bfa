// First: it configures zod before any schema in the app is used.
import './lib/zod-jitless.ts';
import { hydrate, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition, useEffect } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { FlashNotice } from './components/flash-notice.tsx';
import { Toaster } from './components/toaster.tsx';
import { call, authApi } from './lib/api-client.ts';
import { routerContext } from './lib/page-context.ts';
import { hydrationState, readPageData } from './lib/page-data.ts';
import { queryClient, whenUnauthorized } from './lib/query-client.ts';
import { markServerRendered } from './lib/server-rendered.ts';
import { sessionKey, type SessionState } from './lib/session.ts';
import { endLostSession } from './lib/session-shell.ts';
import { SiteOriginContext } from './lib/site-origin.tsx';
import { loadSignedInNavbar, routes } from './routes.tsx';

const container = document.getElementById('root')!;
const pageData = readPageData();
// The server rendered this page: take its data, and the code of the page's routes, before
// hydrating, so the first render in the browser is the one the server wrote.
if (pageData) {
  hydrate(queryClient, pageData.queries);
  markServerRendered();
  const lazyMatches = matchRoutes(routes, window.location)?.filter((m) => m.route.lazy) ?? [];
  const signedIn = Boolean(queryClient.getQueryData<SessionState>(sessionKey)?.user);
  await Promise.all([
    ...lazyMatches.map(async ({ route }) => {
      const loaded = await (route.lazy as () => Promise<object>)();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
    // The signed-in navbar's own code (routes.tsx): the server drew it too.
    signedIn && loadSignedInNavbar(),
  ]);
  // Hydration starts in a task of its own, after the pages' code has been evaluated.
  await new Promise((resolve) => setTimeout(resolve, 0));
}

// Scroll positions are saved per history entry (ScrollRestoration, keyed by location.key). A
// document loaded whole (typed address, bookmark, link from elsewhere) starts on an entry
// without state, which React Router keys "default": every such page would then share one
// position and open where the last one was left. Its framework mode gives the entry a key of its
// own before the router starts; so does this. A reload keeps the entry, and so its position.
if (!(window.history.state as { key?: unknown } | null)?.key) {
  const key = Math.random().toString(36).slice(2, 10);
  window.history.replaceState({ ...(window.history.state as object | null), key }, '');
}

const router = createBrowserRouter(routes, {
  // The server ran this page's loaders: their data is in the cache, so they do not run again.
  hydrationData: pageData ? hydrationState(pageData.router) : undefined,
  // Loaders and actions use the app's cache and the browser's calls.
  getContext: () => routerContext({ queryClient, call, authApi, waitForData: false }),
});
// A 401 from the API while signed in: the session is gone, so go to /login and say why.
whenUnauthorized(() => void endLostSession(queryClient, router));

/** Marks the document once the app has taken over (tests wait for it before using controls). */
function ReadyMark() {
  useEffect(() => {
    document.documentElement.dataset.ready = 'true';
  }, []);
  return null;
}

const app = (
  <StrictMode>
    <ReadyMark />
    <SiteOriginContext value={pageData?.origin ?? window.location.origin}>
      <QueryClientProvider client={queryClient}>
        {/* What react-router/dom's RouterProvider adds: without it the router cannot honour
            navigate(…, { flushSync: true }) (useListParams), and warns on each such update. */}
        <RouterProvider router={router} flushSync={(update) => void flushSync(update)} />
        <FlashNotice flash={pageData?.flash} />
        <Toaster />
      </QueryClientProvider>
    </SiteOriginContext>
  </StrictMode>
);

// As a transition, the first render yields to the browser every few milliseconds instead of
// holding the main thread for the whole tree (phones: Total Blocking Time).
startTransition(() => {
  if (pageData) hydrateRoot(container, app);
  else createRoot(container).render(app);
});
