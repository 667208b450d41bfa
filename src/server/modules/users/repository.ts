import { and, asc, count, desc, eq, ilike, lte, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
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

export async function findUserByEmail(db: Executor, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function updateUserProfile(
  db: Executor,
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
  db: Executor,
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

export async function findUserById(db: Executor, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/**
 * Deletes a user (their sessions and sign-in methods go with them; orders and reviews stay
 * for the books) unless that would leave the shop without an admin who can sign in: a banned
 * admin does not count. Serialised by locking the admin rows (in the caller's transaction), so
 * two admins deleting each other cannot both succeed.
 */
export async function deleteUserKeepingAnAdmin(tx: Executor, id: string) {
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
  return { outcome: 'deleted' as const, row: target };
}

export async function setUserRole(tx: Executor, email: string, role: 'admin' | 'user') {
  const [row] = await tx
    .update(users)
    .set({ role, updatedAt: new Date() })
    .where(eq(users.email, email))
    .returning();
  return row;
}

/** The admins who can sign in, to be told of a new message when the shop has no address. */
export async function activeAdmins(db: Executor) {
  return db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(activeAdminWhere())
    .orderBy(asc(users.email));
}
