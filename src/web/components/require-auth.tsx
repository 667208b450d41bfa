import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { sitePaths } from '../../contract/site-paths.ts';
import { useSession } from '../features/auth/session.ts';
import { PageSpinner } from './page-spinner.tsx';

/** Sends a signed-out visitor to /login, remembering where they were going. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, isPending } = useSession();
  const location = useLocation();
  if (isPending) return <PageSpinner label="Checking your sign-in" />;
  if (!user) return <Navigate to={sitePaths.login} replace state={{ from: location }} />;
  return children;
}
