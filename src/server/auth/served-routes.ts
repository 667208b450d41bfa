import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

type Method = 'GET' | 'POST';

/**
 * The Better Auth routes the shop serves, under /api/auth: what the web app calls
 * (src/web/features/auth/api.ts, lib/session.ts, lib/session-shell.ts), the links it mails and
 * where social providers send people back. Anything else Better Auth or one of its plugins
 * offers is refused before it sees the request: the admin plugin's /admin/* above all, which
 * would change roles, passwords and accounts past the audit trail (the shop's own audited
 * calls in src/contract/endpoints.ts do that). A route added here is one the shop now serves:
 * test/admin-power.test.ts lists every Better Auth route and fails on one nobody decided about.
 */
const served: readonly `${Method} /${string}`[] = [
  'GET /get-session',
  'POST /sign-up/email',
  'POST /sign-in/email',
  'POST /sign-out',
  'POST /sign-in/social',
  // Providers come back with GET; a provider answering with form_post would use POST.
  'GET /callback/:id',
  'POST /callback/:id',
  // The link in the verification mail, and the form asking for it again.
  'GET /verify-email',
  'POST /send-verification-email',
  // Forgot password: the request, the mailed link, and the new password.
  'POST /request-password-reset',
  'GET /reset-password/:token',
  'POST /reset-password',
  // Where Better Auth itself sends a browser whose sign-in it cannot finish (a lost state).
  'GET /error',
];

export const servedAuthRoutes = served.map((route) => {
  const [method, path] = route.split(' ') as [Method, string];
  return { method, path };
});

const segment = '[^/]+';
const matchers = servedAuthRoutes.map(({ method, path }) => ({
  method,
  pattern: new RegExp(`^${path.replace(/:\w+/g, segment)}$`),
}));

/** Whether the shop serves this Better Auth route (a path below /api/auth, without query). */
export function isServedAuthRoute(method: string, path: string) {
  return matchers.some((m) => m.method === method && m.pattern.test(path));
}

/**
 * An onRequest hook for /api/auth/*: a route the shop does not serve answers 404 like any
 * unknown /api path, before its body is read and before Better Auth sees it.
 */
export async function refuseUnservedAuthRoutes(request: FastifyRequest) {
  const pathname = request.url.split('?')[0] ?? '';
  const path = pathname.slice(pathname.indexOf('/auth/') + '/auth'.length);
  if (!isServedAuthRoute(request.method, path)) {
    throw new AppError('not_found', `No route ${request.method} ${pathname}`);
  }
}
