import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { Location } from 'react-router';
import { authApi, call } from './api-client.ts';
import { storeAccessToken } from './auth-client.ts';

// Part of the first paint (navbar, guards), which has a budget (docs/decisions/0003): no zod,
// no Better Auth client, and no useQuery/useMutation here (their observers cost ~3 KB gzip).
// Lazy pages import this file too, so it must stay free of module-level side effects
// (query client, toasts): sharing such modules makes the bundler split the first paint.

/** The signed-in user as Better Auth's GET /api/auth/get-session shows it. */
export type SessionUser = {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image?: string | null;
  role?: string | null;
  createdAt?: string;
};

type SessionResponse = { session: { id: string; expiresAt: string }; user: SessionUser } | null;

/** `ended` marks a session the server dropped under us, so /login can say why. */
export type SessionState = { user: SessionUser | null; ended?: boolean };

/** Where a guard sends a signed-out visitor: /login, with the page they wanted. */
export type AuthRedirectState = {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
  sessionEnded?: boolean;
};

export const sessionKey = ['session'] as const;

export const fetchSession = async (signal?: AbortSignal): Promise<SessionState> => {
  const data = await authApi<SessionResponse>('/auth/get-session', { signal });
  return { user: data?.user ?? null };
};

// A plain object, not queryOptions(): that helper alone would become a separate first-paint chunk.
export const sessionQuery = {
  queryKey: sessionKey,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchSession(signal),
  // Read through the cache without an observer (below), so it must never be collected.
  gcTime: Infinity,
};

/**
 * The session from the ['session'] query, read straight from the query cache: the same data,
 * invalidation and setQueryData as useQuery, without shipping its observer in the shell.
 * Fetches when missing, stale (on mount) or invalidated.
 */
export function useSession() {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.query.queryKey[0] === sessionKey[0]) onChange();
      }),
    [queryClient],
  );
  const snapshot = () => queryClient.getQueryState<SessionState>(sessionKey);
  // The server renders with the session it found (or none); hydration reads the same state.
  const state = useSyncExternalStore(subscribe, snapshot, snapshot);
  const invalidated = state?.isInvalidated;
  useEffect(() => {
    void queryClient.prefetchQuery(sessionQuery);
  }, [queryClient, invalidated]);

  const data = state?.data;
  return {
    user: data?.user ?? null,
    isPending: data === undefined && state?.status !== 'error',
    ended: data?.ended === true,
  };
}

let mountedGuards = 0;

/** RequireAuth counts itself, so sign-out can tell when no guarded page is on screen. */
export function useGuardPresence() {
  useEffect(() => {
    mountedGuards += 1;
    return () => {
      mountedGuards -= 1;
    };
  }, []);
}

/**
 * Resolves once every guarded page has unmounted (or after a second). Router navigations
 * commit in a React transition, so "navigate() resolved" does not yet mean "page gone".
 */
export function guardedPagesGone() {
  const deadline = Date.now() + 1000;
  return new Promise<void>((resolve) => {
    const check = () => {
      if (mountedGuards === 0 || Date.now() > deadline) resolve();
      else requestAnimationFrame(check);
    };
    check();
  });
}

let finishing: { email: string; done: Promise<void> } | null = null;

/**
 * What follows every sign-in (spec §4): an access token for this session, stored under
 * `accessToken`, then the upsert of the user's own record. Shared by concurrent callers.
 */
export function completeSignIn(email: string) {
  if (finishing?.email === email) return finishing.done;
  const done = (async () => {
    const token = await call('POST /api/login', { body: { email } });
    storeAccessToken(token);
    await call('PUT /api/users/:email', { params: { email }, body: { email } });
  })().finally(() => {
    finishing = null;
  });
  finishing = { email, done };
  return done;
}
