import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { sessionKey, sessionQuery } from './session.ts';

let onUnauthorized: (() => void) | undefined;

/**
 * Registers what happens when the API answers 401 (the session expired, or the user was
 * deleted or disabled). One place for every query and mutation, so no page has to handle it.
 */
export function whenUnauthorized(listener: () => void) {
  onUnauthorized = listener;
}

/** Every query and mutation reports here; so do the few calls made outside them. */
export const reportApiError = (error: unknown) => {
  if (error instanceof ApiError && error.status === 401) onUnauthorized?.();
};

/** Only a dropped connection or a server failure may pass on its own. */
const mayPass = (error: unknown) =>
  error instanceof ApiError && (error.status === 0 || error.status >= 500);

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: reportApiError }),
  mutationCache: new MutationCache({ onError: reportApiError }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // Network and 5xx errors keep the library's 3 retries (1 + 2 + 4 s). A 4xx will not change
      // on retry, and neither will a fault in the app's own code: those fail at once.
      retry: (count, error) => mayPass(error) && count < 3,
    },
  },
});

// The session arrives with the server's page (main.tsx hydrates it) and is read without an
// observer (useSession), so nothing else tells the cache how to fetch it again: without this,
// refetching it after a sign-in failed with "Missing queryFn" through 7 s of retries.
queryClient.setQueryDefaults(sessionKey, {
  queryFn: sessionQuery.queryFn,
  gcTime: sessionQuery.gcTime,
});
