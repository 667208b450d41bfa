import { sitePaths } from '../../../contract/site-paths.ts';
import type { AuthRedirectState } from './session.ts';

// Coming back to these after signing in would only bounce the user again.
const authPages: string[] = [
  sitePaths.login,
  sitePaths.signup,
  sitePaths.forgotPassword,
  sitePaths.resetPassword,
];

/** The page a guard sent the visitor away from (RequireAuth puts it in the state), or /. */
export function originPath(state: unknown) {
  const from = (state as AuthRedirectState | null)?.from;
  const pathname = from?.pathname;
  // Only our own paths: '//host' would leave the site.
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || pathname.startsWith('//')) {
    return sitePaths.home;
  }
  if (authPages.includes(pathname)) return sitePaths.home;
  return `${pathname}${from?.search ?? ''}${from?.hash ?? ''}`;
}

/** Whether /login was reached because the server ended the session. */
export const cameFromLostSession = (state: unknown) =>
  (state as AuthRedirectState | null)?.sessionEnded === true;
