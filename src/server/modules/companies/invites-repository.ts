import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { companies, companyInvites } from '../../db/schema.ts';
import { isUuid } from '../../lib/ids.ts';

export type InviteRow = typeof companyInvites.$inferSelect;

/** Neither accepted nor revoked, and not ended: the link still works. */
const open = (now: Date) =>
  and(
    isNull(companyInvites.acceptedAt),
    isNull(companyInvites.revokedAt),
    gt(companyInvites.expiresAt, now),
  );

export async function insertInvite(
  tx: Executor,
  values: Omit<typeof companyInvites.$inferInsert, 'id' | 'createdAt'>,
) {
  const [row] = await tx.insert(companyInvites).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export const pendingInvites = (db: Executor, companyId: string, now: Date) =>
  db
    .select()
    .from(companyInvites)
    .where(and(eq(companyInvites.companyId, companyId), open(now)))
    .orderBy(asc(companyInvites.createdAt), asc(companyInvites.id));

/** The pending invite to this email, if the company has one. */
export async function pendingInviteTo(db: Executor, companyId: string, email: string, now: Date) {
  const [row] = await db
    .select()
    .from(companyInvites)
    .where(
      and(eq(companyInvites.companyId, companyId), eq(companyInvites.email, email), open(now)),
    );
  return row;
}

/** The invite whose link still works, with its company's name; undefined for any other. */
export async function openInviteByHash(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ invite: companyInvites, companyName: companies.name })
    .from(companyInvites)
    .innerJoin(companies, eq(companies.id, companyInvites.companyId))
    .where(and(eq(companyInvites.tokenHash, tokenHash), open(now)));
  return row;
}

/** Revokes one of the company's pending invites; undefined when there is no such invite. */
export async function revokeInvite(tx: Executor, companyId: string, id: string, now: Date) {
  if (!isUuid(id)) return undefined;
  const [row] = await tx
    .update(companyInvites)
    .set({ revokedAt: now })
    .where(and(eq(companyInvites.id, id), eq(companyInvites.companyId, companyId), open(now)))
    .returning();
  return row;
}

/**
 * Marks the invite used, only while it is still open: of two accepts at once, one updates the
 * row and the other finds nothing (the row lock makes the second wait, then re-check).
 */
export async function useInvite(tx: Executor, id: string, userId: string, now: Date) {
  const [row] = await tx
    .update(companyInvites)
    .set({ acceptedAt: now, acceptedBy: userId })
    .where(and(eq(companyInvites.id, id), open(now)))
    .returning();
  return row;
}
