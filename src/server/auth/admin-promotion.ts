import { and, eq, ne } from 'drizzle-orm';
import { sitePaths } from '../../contract/site-paths.ts';
import { recordAudit, type AuditActor } from '../audit/record.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { activeAdminWhere } from '../modules/users/repository.ts';
import { madeAdmin } from '../modules/users/service.ts';

/** Who the audit trail names for a promotion that no signed-in admin made. */
export const adminEmailsActor: AuditActor = { id: 'system', email: 'ADMIN_EMAILS at start' };
export const adminEmailsVerifiedActor: AuditActor = {
  id: 'system',
  email: 'ADMIN_EMAILS on a verified email',
};
export const makeAdminCommandActor: AuditActor = { id: 'system', email: 'npm run make-admin' };

/**
 * The start-up line of a shop that nobody can run yet and no ADMIN_EMAILS to wait for. With
 * ADMIN_EMAILS set, the lines that name each listed address say what is missing instead.
 */
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
      await recordAudit(tx, actor, madeAdmin(row));
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
 * Returns the emails it promoted, those whose account waits for its verification, and those no
 * account holds yet.
 */
export async function promoteAdminEmails(db: Db, emails: readonly string[]) {
  const promoted: string[] = [];
  const waiting: string[] = [];
  const missing: string[] = [];
  for (const email of emails) {
    const outcome = await promoteToAdmin(db, email, adminEmailsActor, { verifiedOnly: true });
    if (outcome === 'promoted') promoted.push(email);
    if (outcome === 'unverified') waiting.push(email);
    if (outcome === 'no-account') missing.push(email);
  }
  return { promoted, waiting, missing };
}

// Promotion at verification needs no restart: the operator who reads "restart" restarts in vain.
const thenAdmin = 'it becomes an admin then, without a restart';

/** The start-up line for listed addresses whose account has not verified its email. */
export const waitingForVerification = (emails: readonly string[]) =>
  `ADMIN_EMAILS lists ${emails.join(', ')}, not verified yet: signed up, but the link mailed at ` +
  `sign-up has not been followed (My Profile sends a new one); ${thenAdmin}`;

/** The start-up line for listed addresses that no account holds. */
export const notSignedUp = (emails: readonly string[], publicUrl: string) =>
  `ADMIN_EMAILS lists ${emails.join(', ')}, no account yet: sign up with it at ` +
  `${publicUrl}${sitePaths.signup} and follow the link mailed to you; ${thenAdmin}`;

type AdminStart = Awaited<ReturnType<typeof promoteAdminEmails>> & {
  listed: readonly string[];
  hasAdmin: boolean;
  publicUrl: string;
  /** Where mails go without SMTP_URL; undefined when they are really sent. */
  outbox: string | undefined;
};

/**
 * What the start-up log says about admins, as one coherent set: who ADMIN_EMAILS made admin,
 * what each listed address still lacks, and, while nobody can run the shop, a "No admin account
 * yet" in front of what is missing, so that the line an operator looks for says what to do.
 */
export function adminStartLines(start: AdminStart) {
  const lines: { level: 'info' | 'warn'; message: string }[] = [];
  if (start.promoted.length > 0) {
    lines.push({ level: 'info', message: `ADMIN_EMAILS made ${start.promoted.join(', ')} admin` });
  }
  const lacking = [
    ...(start.missing.length > 0 ? [notSignedUp(start.missing, start.publicUrl)] : []),
    ...(start.waiting.length > 0 ? [waitingForVerification(start.waiting)] : []),
  ];
  const prefix = start.hasAdmin ? '' : 'No admin account yet. ';
  const mails = start.outbox ? ` (no SMTP_URL: mails are in ${start.outbox} and in this log)` : '';
  for (const message of lacking) lines.push({ level: 'warn', message: prefix + message + mails });
  if (start.hasAdmin || lacking.length > 0) return lines;
  // Every listed account is an admin, and none can sign in: each is banned.
  const message =
    start.listed.length === 0
      ? NO_ADMIN_HINT
      : `No admin account can sign in: ADMIN_EMAILS lists ${start.listed.join(', ')}, admin but ` +
        'banned; run `npm run make-admin -- <another email>` (with the embedded database, while the server is stopped)';
  lines.push({ level: 'warn', message });
  return lines;
}

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
