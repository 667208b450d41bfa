import type { UserRecord, UserUpsertInput } from '../../../contract/users.ts';
import type { CurrentUser } from '../../auth/guards.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { findUserByEmail, setUserRole, updateUserProfile, type UserRow } from './repository.ts';

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

export async function makeAdmin(db: Db, email: string) {
  const row = await setUserRole(db, email, 'admin');
  if (!row) throw notFound('User');
  return toUserRecord(row);
}
