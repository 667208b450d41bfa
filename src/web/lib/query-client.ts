import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

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

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: reportApiError }),
  mutationCache: new MutationCache({ onError: reportApiError }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A 4xx will not change on retry; network and 5xx errors keep the library's 3 retries.
      retry: (count, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 3,
    },
  },
});
