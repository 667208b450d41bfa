import type { ApiKeySummary } from '../../../contract/api-keys.ts';
import { recordAudit } from '../../audit/record.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import type { Handlers } from '../../http/handler.ts';
import { isUuid } from '../../lib/ids.ts';
import { insertApiKey, listApiKeys, revokeApiKey, type ApiKeyRow } from './repository.ts';
import { newKey } from './secrets.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;

const summaryOf = (row: ApiKeyRow): ApiKeySummary => ({
  _id: row.id,
  name: row.name,
  scopes: row.scopes,
  prefix: `ecp_${row.prefix}`,
  createdAt: row.createdAt.toISOString(),
  expiresAt: iso(row.expiresAt),
  lastUsedAt: iso(row.lastUsedAt),
});

/** An admin makes, lists and revokes keys; each make and revoke is in the audit trail. */
export const apiKeyHandlers = ({
  db,
}: {
  db: Db;
}): Handlers<'createApiKey' | 'listApiKeys' | 'revokeApiKey'> => ({
  createApiKey: async ({ user, body }) => {
    const { key, prefix, hash } = newKey();
    const row = await db.transaction(async (tx) => {
      const created = await insertApiKey(tx, {
        name: body.name,
        scopes: body.scopes,
        prefix,
        hash,
        createdBy: user.id,
        expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
      });
      await recordAudit(tx, user, {
        action: 'api_key.create',
        targetType: 'api_key',
        targetId: created.id,
        summary: `Made the API key ${created.name} (${created.scopes.join(', ')})`,
      });
      return created;
    });
    const { _id, name, scopes, prefix: shown, createdAt, expiresAt } = summaryOf(row);
    return { _id, name, scopes, prefix: shown, createdAt, expiresAt, key };
  },
  listApiKeys: async () => ({ data: (await listApiKeys(db)).map(summaryOf) }),
  revokeApiKey: async ({ user, params }) => {
    const row =
      isUuid(params.id) &&
      (await db.transaction(async (tx) => {
        const revoked = await revokeApiKey(tx, params.id);
        if (revoked) {
          await recordAudit(tx, user, {
            action: 'api_key.revoke',
            targetType: 'api_key',
            targetId: revoked.id,
            summary: `Revoked the API key ${revoked.name}`,
          });
        }
        return revoked;
      }));
    if (!row) throw notFound('API key');
    return { revoked: true as const, _id: row.id };
  },
});
