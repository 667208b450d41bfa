import type { Config } from '../config.ts';

// The spellings a browser may use for this machine; `URL.hostname` writes IPv6 in brackets.
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins whose pages may write with a user's cookies, Better Auth's routes included:
 * PUBLIC_URL's, and, when PUBLIC_URL is itself a loopback address (a development or local
 * production start), the other loopback spellings with the same scheme and port. The server
 * listens on all of them at once (HOST=0.0.0.0), so a page opened at http://127.0.0.1:3000 is
 * the shop at http://localhost:3000. Never the origin a request claims for itself: with
 * `Host: evil.example` and a matching Origin, that would let a mailed link's callbackURL point
 * at any host. Mailed links are built on PUBLIC_URL alone (see `linkOnPublicUrl`).
 */
export function trustedOrigins(config: Config) {
  const publicUrl = new URL(config.publicUrl);
  const origins = new Set([publicUrl.origin]);
  if (LOOPBACK_HOSTS.includes(publicUrl.hostname)) {
    for (const hostname of LOOPBACK_HOSTS) {
      const alias = new URL(publicUrl.origin);
      alias.hostname = hostname;
      origins.add(alias.origin);
    }
  }
  // The Vite dev server (npm run dev) only: under test or production nothing else is trusted.
  if (config.isDevelopment) origins.add('http://localhost:5173');
  return [...origins];
}
