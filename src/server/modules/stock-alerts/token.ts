import { createHmac, timingSafeEqual } from 'node:crypto';

// The unsubscribe link of a back-in-stock mail: the account's id and an HMAC of it under the
// shop's secret, so it works signed out (a mail client's one click) and no one can make one
// for another account. It ends that account's waiting alerts, nothing else.
const sign = (secret: string, userId: string) =>
  createHmac('sha256', secret).update(`stock-alerts-unsubscribe:${userId}`).digest('base64url');

export const unsubscribeToken = (secret: string, userId: string) =>
  `${Buffer.from(userId).toString('base64url')}.${sign(secret, userId)}`;

/** The account a token names, or null when the shop did not sign it. */
export function accountOfToken(secret: string, token: string): string | null {
  const [encoded, mac, ...rest] = token.split('.');
  if (!encoded || !mac || rest.length > 0) return null;
  const userId = Buffer.from(encoded, 'base64url').toString();
  if (!userId) return null;
  const given = Buffer.from(mac);
  const expected = Buffer.from(sign(secret, userId));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return userId;
}
