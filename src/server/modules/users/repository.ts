import { and, count, desc, eq, ilike, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { likePattern } from '../../lib/paging.ts';

export type UserRow = typeof users.$inferSelect;

/**
 * Whether a user can sign in: not banned, or banned until a time that has passed (Better Auth's
 * admin plugin lifts such a ban at the next sign-in). A banned admin keeps no shop running.
 */
export const canSignIn = (row: Pick<UserRow, 'banned' | 'banExpires'>, now = new Date()) =>
  !row.banned || (row.banExpires !== null && row.banExpires <= now);

/** Admins who can sign in (as `canSignIn`), as a condition on the user table. */
export const activeAdminWhere = () =>
  and(eq(users.role, 'admin'), or(eq(users.banned, false), lte(users.banExpires, new Date())));

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function updateUserProfile(
  db: Db,
  id: string,
  changes: { name?: string; image?: string | null },
) {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function listUsers(
  db: Db,
  { q, limit, offset }: { q?: string; limit: number; offset: number },
) {
  const where = q
    ? or(ilike(users.email, likePattern(q)), ilike(users.name, likePattern(q)))
    : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function findUserById(db: Db, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/**
 * Deletes a user (their sessions and sign-in methods go with them; orders and reviews stay
 * for the books) unless that would leave the shop without an admin who can sign in: a banned
 * admin does not count. Serialised by locking the admin rows, so two admins deleting each
 * other cannot both succeed.
 */
export async function deleteUserKeepingAnAdmin(
  db: Db,
  id: string,
  audit: (tx: Db, row: UserRow) => Promise<void>,
) {
  return db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: users.id, banned: users.banned, banExpires: users.banExpires })
      .from(users)
      .where(eq(users.role, 'admin'))
      .for('update');
    const [target] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!target) return { outcome: 'missing' as const };
    const now = new Date();
    const othersActive = admins.filter((a) => a.id !== id && canSignIn(a, now));
    if (target.role === 'admin' && canSignIn(target, now) && othersActive.length === 0) {
      return { outcome: 'last_admin' as const };
    }
    await tx.delete(users).where(eq(users.id, id));
    await audit(tx as unknown as Db, target);
    return { outcome: 'deleted' as const, row: target };
  });
}

export async function setUserRoleAudited(
  db: Db,
  email: string,
  role: 'admin' | 'user',
  audit: (tx: Db, row: UserRow) => Promise<void>,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ role, updatedAt: new Date() })
      .where(eq(users.email, email))
      .returning();
    if (row) await audit(tx as unknown as Db, row);
    return row;
  });
}
