import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, type Location } from 'react-router';
import { sitePaths } from '../../contract/site-paths.ts';
import { ApiError, authApi } from './api-client.ts';
import { clearAccessToken, readAccessToken } from './auth-client.ts';
import { notify } from './notify.ts';
import { reportApiError } from './query-client.ts';
import {
  completeSignIn,
  guardedPagesGone,
  sessionKey,
  type AuthRedirectState,
  type SessionState,
  type SessionUser,
} from './session.ts';

// The shell's side of the session (navbar, router): kept apart from session.ts because only
// the first paint imports it, never a lazy page.

/**
 * A social sign-in comes back from the provider already signed in (cookie) but without the
 * access token, and a stored token can expire: fetch one whenever a signed-in user lacks it.
 */
export function useAccessTokenGuard(user: SessionUser | null) {
  useEffect(() => {
    if (!user || readAccessToken()) return;
    // Other failures wait for the next try; a 401 means the session is gone.
    completeSignIn(user.email).catch(reportApiError);
  }, [user]);
}

/** Drops what the signed-in pages cached (orders, admin status): not for the next user. */
const forgetUserData = (queryClient: QueryClient) =>
  queryClient.removeQueries({
    type: 'inactive',
    predicate: (query) => query.queryKey[0] !== sessionKey[0],
  });

export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  const signOut = async () => {
    setPending(true);
    try {
      await authApi<{ success: boolean }>('/auth/sign-out', { method: 'POST', body: {} });
    } catch (error) {
      // 401: the server had already ended the session; finish signing out here.
      if (!(error instanceof ApiError && error.status === 401)) {
        setPending(false);
        notify('error', error instanceof Error ? error.message : 'Could not sign out.');
        return;
      }
    }
    clearAccessToken();
    // Leave first: a guarded page seeing the user vanish would redirect to /login instead.
    await navigate(sitePaths.home);
    await guardedPagesGone();
    queryClient.setQueryData<SessionState>(sessionKey, { user: null });
    forgetUserData(queryClient);
    // What is still on screen was fetched as the user (a member's dealer prices): ask again.
    void queryClient.invalidateQueries({
      predicate: (query) => query.queryKey[0] !== sessionKey[0],
    });
    setPending(false);
  };
  return { signOut, pending };
}

type Navigator = {
  state: { location: Location };
  navigate: (to: string, options: { replace: boolean; state: AuthRedirectState }) => Promise<void>;
};

/**
 * The server answered 401 although this browser believes it is signed in: the session
 * expired or the account was deleted or disabled. Sign out here too and explain it at /login.
 */
export async function endLostSession(queryClient: QueryClient, router: Navigator) {
  if (!queryClient.getQueryData<SessionState>(sessionKey)?.user) return;
  clearAccessToken();
  // Before leaving, so /login does not bounce the "signed-in" visitor straight back.
  queryClient.setQueryData<SessionState>(sessionKey, { user: null, ended: true });
  const { pathname, search, hash } = router.state.location;
  await router.navigate(sitePaths.login, {
    replace: true,
    state: { from: { pathname, search, hash }, sessionEnded: true },
  });
  await guardedPagesGone();
  forgetUserData(queryClient);
}
