import type { ApiScope } from '../../../contract/api-keys.ts';
import type { CurrentUser } from '../../auth/current-user.ts';
import type { Db } from '../../db/client.ts';
import { findApiKeyByHash, markApiKeyUsed, type ApiKeyRow } from './repository.ts';
import { hashOf } from './secrets.ts';

/** A busy key writes its last use at most this often. */
const LAST_USED_EVERY_SECONDS = 60;

/** What a call made with a key knows of it (CurrentUser.apiKey). */
export type ApiKeyCaller = { id: string; name: string; scopes: ApiScope[] };

/** How a key shows in the audit trail and the stock ledger: "api key erp-sync". */
export const apiKeyActorName = (name: string) => `api key ${name}`;

/**
 * The caller a key acts as: with an admin's authority (the scopes, checked before, bound what it
 * may call), named as the key wherever the handlers record who acted. Its id is the key's, so
 * nothing it does is taken for a person's.
 */
export function actorOfKey(row: Pick<ApiKeyRow, 'id' | 'name' | 'scopes' | 'expiresAt'>) {
  const name = apiKeyActorName(row.name);
  return {
    id: `api-key:${row.id}`,
    email: name,
    name,
    image: null,
    role: 'admin',
    emailVerified: true,
    sessionId: '',
    sessionExpiresAt: row.expiresAt ?? new Date(8.64e15),
    via: 'apiKey',
    apiKey: { id: row.id, name: row.name, scopes: row.scopes },
  } satisfies CurrentUser;
}

export type KeyCheck =
  | { ok: true; user: CurrentUser & { apiKey: ApiKeyCaller } }
  | { ok: false; reason: 'unknown' | 'revoked' | 'expired' };

/**
 * Finds the key a call sends, by its hash, and says whether it may still be used; a usable
 * key's last use is brought up to date (at most once a minute, so a busy key does not write on
 * every call).
 */
export function apiKeyChecker(db: Db) {
  return async (key: string): Promise<KeyCheck> => {
    const row = await findApiKeyByHash(db, hashOf(key));
    if (!row) return { ok: false, reason: 'unknown' };
    if (row.revokedAt) return { ok: false, reason: 'revoked' };
    if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) {
      return { ok: false, reason: 'expired' };
    }
    const due =
      !row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() >= LAST_USED_EVERY_SECONDS * 1000;
    if (due) await markApiKeyUsed(db, row.id, LAST_USED_EVERY_SECONDS);
    return { ok: true, user: actorOfKey(row) };
  };
}
