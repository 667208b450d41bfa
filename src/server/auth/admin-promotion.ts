import { and, eq, ne } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../audit/record.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';

/** Who the audit trail names for a promotion that no signed-in admin made. */
export const adminEmailsActor: AuditActor = { id: 'system', email: 'ADMIN_EMAILS at start' };
export const makeAdminCommandActor: AuditActor = { id: 'system', email: 'npm run make-admin' };

/** One log line telling the operator of a shop without an admin how to make the first one. */
export const NO_ADMIN_HINT =
  'No admin account yet: sign up on the shop, then restart it with ADMIN_EMAILS=<your email>, ' +
  'or run `npm run make-admin -- <your email>` (with the embedded database, while the server is stopped)';

export type Promotion = 'promoted' | 'already-admin' | 'no-account';

/**
 * Makes the account with this email an admin, with a line in the audit trail. The update is
 * conditional, so servers starting together with the same ADMIN_EMAILS record it once.
 */
export async function promoteToAdmin(db: Db, email: string, actor: AuditActor): Promise<Promotion> {
  const address = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ role: 'admin', updatedAt: new Date() })
      .where(and(eq(users.email, address), ne(users.role, 'admin')))
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
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, address))
      .limit(1);
    return existing ? 'already-admin' : 'no-account';
  });
}

/**
 * ADMIN_EMAILS at start: accounts that signed up before their email was listed become admins
 * now (sign-up covers the ones that come later). Returns the emails it promoted.
 */
export async function promoteAdminEmails(db: Db, emails: readonly string[]) {
  const promoted: string[] = [];
  for (const email of emails) {
    if ((await promoteToAdmin(db, email, adminEmailsActor)) === 'promoted') promoted.push(email);
  }
  return promoted;
}

export async function hasAdmin(db: Db) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'admin'))
    .limit(1);
  return row !== undefined;
}
