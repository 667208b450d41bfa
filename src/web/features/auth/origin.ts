import { sitePaths } from '../../../contract/site-paths.ts';
import type { AuthRedirectState } from '../../lib/session.ts';

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
  if (typeof pathname !== 'string' || authPages.includes(pathname)) return sitePaths.home;
  const path = `${pathname}${from?.search ?? ''}${from?.hash ?? ''}`;
  return isOwnPath(path) ? path : sitePaths.home;
}

const PROBE_ORIGIN = 'https://own.invalid';

/**
 * Whether a browser would keep `path` on this site. Resolving it the way the browser does
 * catches every disguise of another host: '//host', '/\host' (a backslash counts as a
 * slash), and tabs or newlines the URL parser drops ('/\t/host').
 */
function isOwnPath(path: string) {
  if (!path.startsWith('/')) return false;
  try {
    return new URL(path, PROBE_ORIGIN).origin === PROBE_ORIGIN;
  } catch {
    return false;
  }
}

/** Whether /login was reached because the server ended the session. */
export const cameFromLostSession = (state: unknown) =>
  (state as AuthRedirectState | null)?.sessionEnded === true;
