import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_MARK } from '../../../contract/api-keys.ts';

/** What is stored of a key, and how a call's key is found again: its SHA-256, hex. */
export const hashOf = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

/**
 * A new key, `ecp_<prefix>_<secret>`: the prefix (8 hex characters) is shown in lists to tell
 * keys apart, the secret is 32 random bytes. A key is random enough that a plain SHA-256 is
 * safe to store (no slow password hash is needed), and it lets a call be found by one look-up.
 */
export function newKey() {
  const prefix = randomBytes(4).toString('hex');
  const key = `${API_KEY_MARK}${prefix}_${randomBytes(32).toString('base64url')}`;
  return { key, prefix, hash: hashOf(key) };
}

/** Whether a bearer token is meant as an API key (an accessToken starts `v1.`). */
export const looksLikeKey = (token: string) => token.startsWith(API_KEY_MARK);
