import type { UserListQuery, UserRecord, UserUpsertInput } from '../../../contract/users.ts';
import { recordAudit, type AuditActor } from '../../audit/record.ts';
import type { CurrentUser } from '../../auth/current-user.ts';
import type { Db, Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { pageOf } from '../../lib/paging.ts';
import {
  deleteUserKeepingAnAdmin,
  findUserByEmail,
  findUserById,
  listUsers,
  setUserRole,
  updateUserProfile,
  type UserRow,
} from './repository.ts';

export function toUserRecord(row: UserRow): UserRecord {
  return {
    _id: row.id,
    email: row.email,
    name: row.name,
    image: row.image,
    emailVerified: row.emailVerified,
    ...(row.role === 'admin' ? { role: 'admin' as const } : {}),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The caller's own record: Better Auth created it; this applies name and photo changes. */
export async function upsertOwnRecord(db: Db, user: CurrentUser, input: UserUpsertInput) {
  const changes = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.image !== undefined ? { image: input.image === '' ? null : input.image } : {}),
  };
  const row =
    Object.keys(changes).length > 0
      ? await updateUserProfile(db, user.id, changes)
      : await findUserByEmail(db, user.email);
  if (!row) throw notFound('User');
  return toUserRecord(row);
}

export async function isAdmin(db: Db, email: string) {
  const row = await findUserByEmail(db, email);
  if (!row) throw notFound('User');
  return row.role === 'admin';
}

/** The audit line of an account made an admin, by an admin or by ADMIN_EMAILS at start. */
export const madeAdmin = (row: { id: string; email: string }) => ({
  action: 'user.make_admin',
  targetType: 'user' as const,
  targetId: row.id,
  summary: `Made ${row.email} an admin`,
});

export async function makeAdmin(db: Db, actor: AuditActor, email: string) {
  const current = await findUserByEmail(db, email);
  if (!current) throw notFound('User');
  if (current.role === 'admin') return toUserRecord(current);
  const row = await db.transaction(async (tx) => {
    const promoted = await setUserRole(tx, email, 'admin');
    if (promoted) {
      await recordAudit(tx, actor, madeAdmin(promoted));
    }
    return promoted;
  });
  if (!row) throw notFound('User');
  return toUserRecord(row);
}

export async function browseUsers(db: Db, { q, page, limit }: UserListQuery) {
  const { rows, total } = await listUsers(db, {
    q: q || undefined,
    limit,
    offset: (page - 1) * limit,
  });
  return pageOf(rows.map(toUserRecord), total, page, limit);
}

export async function getUser(db: Db, id: string) {
  const row = isUuid(id) ? await findUserById(db, id) : undefined;
  if (!row) throw notFound('User');
  return toUserRecord(row);
}

/** What must hold before an account goes, checked in the deletion's transaction (or throws). */
export type BeforeDelete = (tx: Executor, id: string) => Promise<void>;

/**
 * Deletes an account (the shop admin's Manage User). `beforeDelete` is what the flow that
 * calls this adds from other modules: a company's owner stays until the company is handed on.
 */
export async function deleteUser(
  db: Db,
  actor: AuditActor,
  id: string,
  beforeDelete: BeforeDelete = async () => {},
) {
  if (id === actor.id) throw new AppError('conflict', 'You cannot delete your own account.');
  if (!isUuid(id)) throw notFound('User');
  const result = await db.transaction(async (tx) => {
    await beforeDelete(tx, id);
    const outcome = await deleteUserKeepingAnAdmin(tx, id);
    if (outcome.outcome === 'deleted') {
      const removed = outcome.row;
      await recordAudit(tx, actor, {
        action: 'user.delete',
        targetType: 'user',
        targetId: removed.id,
        summary: `Deleted ${removed.email}${removed.role === 'admin' ? ' (admin)' : ''}`,
      });
    }
    return outcome;
  });
  if (result.outcome === 'missing') throw notFound('User');
  if (result.outcome === 'last_admin') {
    throw new AppError('conflict', 'The shop needs at least one admin.');
  }
  return { deleted: true as const, _id: result.row.id, email: result.row.email };
}
