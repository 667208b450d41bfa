import { and, eq, ne } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../audit/record.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { activeAdminWhere } from '../modules/users/repository.ts';

/** Who the audit trail names for a promotion that no signed-in admin made. */
export const adminEmailsActor: AuditActor = { id: 'system', email: 'ADMIN_EMAILS at start' };
export const adminEmailsVerifiedActor: AuditActor = {
  id: 'system',
  email: 'ADMIN_EMAILS on a verified email',
};
export const makeAdminCommandActor: AuditActor = { id: 'system', email: 'npm run make-admin' };

/** One log line telling the operator of a shop without an admin how to make the first one. */
export const NO_ADMIN_HINT =
  'No admin account yet: sign up on the shop and follow the link mailed to you, then restart it ' +
  'with ADMIN_EMAILS=<your email>, ' +
  'or run `npm run make-admin -- <your email>` (with the embedded database, while the server is stopped)';

export type Promotion = 'promoted' | 'already-admin' | 'no-account' | 'unverified';

/**
 * Makes the account with this email an admin, with a line in the audit trail. The update is
 * conditional, so servers starting together with the same ADMIN_EMAILS record it once. With
 * `verifiedOnly`, an account whose email is not verified stays as it is: whoever signs up with
 * a listed address has not shown they own it until the verification link comes back.
 */
export async function promoteToAdmin(
  db: Db,
  email: string,
  actor: AuditActor,
  { verifiedOnly = false } = {},
): Promise<Promotion> {
  const address = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ role: 'admin', updatedAt: new Date() })
      .where(
        and(
          eq(users.email, address),
          ne(users.role, 'admin'),
          verifiedOnly ? eq(users.emailVerified, true) : undefined,
        ),
      )
      .returning({ id: users.id, email: users.email });
    if (row) {
      await recordAudit(tx, actor, {
        action: 'user.make_admin',
        targetType: 'user',
        targetId: row.id,
        summary: `Made ${row.email} an admin`,
      });
      return 'promoted';
    }
    const [existing] = await tx
      .select({ role: users.role })
      .from(users)
      .where(eq(users.email, address))
      .limit(1);
    if (!existing) return 'no-account';
    return existing.role === 'admin' ? 'already-admin' : 'unverified';
  });
}

/**
 * ADMIN_EMAILS at start: verified accounts that signed up before their email was listed become
 * admins now (a listed address verified later is promoted when it is: see `listedAdminEmails`).
 * Returns the emails it promoted and those still waiting for their verification.
 */
export async function promoteAdminEmails(db: Db, emails: readonly string[]) {
  const promoted: string[] = [];
  const waiting: string[] = [];
  for (const email of emails) {
    const outcome = await promoteToAdmin(db, email, adminEmailsActor, { verifiedOnly: true });
    if (outcome === 'promoted') promoted.push(email);
    if (outcome === 'unverified') waiting.push(email);
  }
  return { promoted, waiting };
}

/** The start-up line for a listed account that cannot be an admin yet. */
export const waitingForVerification = (emails: readonly string[]) =>
  `ADMIN_EMAILS lists ${emails.join(', ')}, not verified yet: ` +
  'an admin once the link mailed at sign-up is followed';

/**
 * Better Auth's database hooks for ADMIN_EMAILS: a listed address becomes admin when an account
 * holds it verified, at sign-up (a social provider that vouches for the email) or when the
 * verification link comes back, never before; each promotion is a line in the audit trail.
 */
export function listedAdminEmails(db: Db, emails: readonly string[]) {
  const listed = new Set(emails.map((email) => email.trim().toLowerCase()));
  return async (user: { email: string; emailVerified: boolean }) => {
    if (!user.emailVerified || !listed.has(user.email.toLowerCase())) return;
    await promoteToAdmin(db, user.email, adminEmailsVerifiedActor, { verifiedOnly: true });
  };
}

/** Whether the shop has an admin who can sign in (a banned one cannot run it). */
export async function hasAdmin(db: Db) {
  const [row] = await db.select({ id: users.id }).from(users).where(activeAdminWhere()).limit(1);
  return row !== undefined;
}
