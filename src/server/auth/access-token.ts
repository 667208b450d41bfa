import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long an accessToken lives; it also dies with the session it was issued for. */
export const ACCESS_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

const sign = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`access-token:${payload}`).digest('base64url');

/**
 * A signed pointer to a session: `v1.<sessionId>.<expiresAtMs>.<mac>`. It carries no rights of
 * its own; whoever checks it must still find the session alive in the database.
 */
export function issueAccessToken(secret: string, sessionId: string, sessionExpiresAt: Date) {
  const expiresAt = new Date(
    Math.min(Date.now() + ACCESS_TOKEN_TTL_MS, sessionExpiresAt.getTime()),
  );
  const payload = `v1.${sessionId}.${expiresAt.getTime()}`;
  return { accessToken: `${payload}.${sign(secret, payload)}`, expiresAt };
}

/** The session id the token points at, or null when it is forged, malformed or expired. */
export function readAccessToken(secret: string, token: string): string | null {
  const parts = token.split('.');
  if (parts.length !== 4 || parts[0] !== 'v1') return null;
  const [, sessionId = '', expires = '', mac = ''] = parts;
  const expected = Buffer.from(sign(secret, `v1.${sessionId}.${expires}`));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (!/^\d+$/.test(expires) || Number(expires) <= Date.now()) return null;
  return sessionId;
}
