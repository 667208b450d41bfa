import { sitePaths } from '../../../contract/site-paths.ts';
import type { AuthRedirectState } from '../../lib/session.ts';

// Coming back to these after signing in would only bounce the user again.
const authPages: string[] = [
  sitePaths.login,
  sitePaths.signup,
  sitePaths.forgotPassword,
  sitePaths.resetPassword,
];

const PROBE_ORIGIN = 'https://own.invalid';

/**
 * The page to go back to once signed in: the one a guard sent the visitor away from
 * (RequireAuth puts it in the state), or the address's `?next=`, or /. Only a path on this
 * site, and never a sign-in page, which would bounce the visitor again.
 */
export function originPath(state: unknown, search = '') {
  const from = (state as AuthRedirectState | null)?.from;
  const next = new URLSearchParams(search).get('next');
  const path =
    typeof from?.pathname === 'string'
      ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`
      : next;
  if (path === null || !isOwnPath(path)) return sitePaths.home;
  const { pathname } = new URL(path, PROBE_ORIGIN);
  return authPages.includes(pathname) ? sitePaths.home : path;
}

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
