import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { ApiScope } from '../../../contract/api-keys.ts';
import type { Executor } from '../../db/client.ts';
import { apiKeys } from '../../db/schema.ts';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export async function insertApiKey(
  db: Executor,
  values: {
    name: string;
    scopes: ApiScope[];
    prefix: string;
    hash: string;
    createdBy: string;
    expiresAt: Date | null;
  },
) {
  const [row] = await db.insert(apiKeys).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** The keys not revoked, newest first (expired ones too: the admin sees they ran out). */
export const listApiKeys = (db: Executor) =>
  db.select().from(apiKeys).where(isNull(apiKeys.revokedAt)).orderBy(desc(apiKeys.createdAt));

/** Revokes a key not yet revoked; undefined when there is none such. */
export async function revokeApiKey(db: Executor, id: string) {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning();
  return row;
}

export async function findApiKeyByHash(db: Executor, hash: string) {
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.hash, hash)).limit(1);
  return row;
}

/**
 * Marks a key used now, unless it was marked in the last `minSeconds`: asked only when the row
 * read says it is due, and the condition keeps two servers from both writing.
 */
export async function markApiKeyUsed(db: Executor, id: string, minSeconds: number) {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(apiKeys.id, id),
        or(
          isNull(apiKeys.lastUsedAt),
          lt(apiKeys.lastUsedAt, sql`now() - make_interval(secs => ${minSeconds})`),
        ),
      ),
    );
}
