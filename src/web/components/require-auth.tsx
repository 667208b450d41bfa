import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { sitePaths } from '../../contract/site-paths.ts';
import { useGuardPresence, useSession, type AuthRedirectState } from '../lib/session.ts';
import { PageSpinner } from './page-spinner.tsx';

/**
 * Sends a signed-out visitor to /login, remembering where they were going. While the
 * session is being resolved it shows the spinner, so a signed-in user never sees /login.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, isPending, ended } = useSession();
  const location = useLocation();
  useGuardPresence();
  if (isPending) return <PageSpinner label="Checking your sign-in" />;
  if (!user) {
    const { pathname, search, hash } = location;
    const state: AuthRedirectState = { from: { pathname, search, hash }, sessionEnded: ended };
    return <Navigate to={sitePaths.login} replace state={state} />;
  }
  return children;
}

/** The router's layout route for every page that needs a signed-in user. */
export function RequireAuthOutlet() {
  return (
    <RequireAuth>
      <Outlet />
    </RequireAuth>
  );
}
