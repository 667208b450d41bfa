import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { InviteInput } from '../../../contract/companies.ts';
import { dollarsToCents } from '../../../contract/money.ts';
import { recordAudit, type AuditActor } from '../../audit/record.ts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import {
  insertInvite,
  openInviteByHash,
  pendingInvites,
  pendingInviteTo,
  revokeInvite,
  useInvite,
} from './invites-repository.ts';
import { companyInviteMail } from './mails.ts';
import { myCompanyOut, inviteOut } from './present.ts';
import { insertMember, userIdByEmail } from './repository.ts';
import { assertMayGiveLimit } from './authority.ts';
import { findMembership } from './membership.ts';
import { ALREADY_MEMBER, checkMayGrant, requireManager, requireMembership } from './service.ts';

export const INVITE_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Only the token's SHA-256 is stored: the mailed link is the one place the token exists. */
export const hashInviteToken = (token: string) =>
  createHash('sha256').update(token, 'utf8').digest('hex');

const INVITE_GONE = 'This invite is no longer valid: it was used, revoked or has ended.';

export type InviteDeps = { db: Db; mailer: Mailer; publicUrl: string; log: FastifyBaseLogger };

type Inviter = AuditActor & { name: string };

export async function inviteMember(deps: InviteDeps, actor: Inviter, input: InviteInput) {
  const { db } = deps;
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  const { invite, companyName } = await db.transaction(async (tx) => {
    const me = await requireManager(tx, actor.id);
    checkMayGrant(me, input.role);
    const spendingLimitCents =
      input.spendingLimit === undefined ? null : dollarsToCents(input.spendingLimit);
    assertMayGiveLimit(me, spendingLimitCents, 'invite');
    const invitee = await userIdByEmail(tx, input.email);
    const member = invitee === undefined ? undefined : await findMembership(tx, invitee);
    if (member?.companyId === me.companyId) {
      throw new AppError('conflict', `${input.email} is already a member of your company.`);
    }
    // A new invite to the same address replaces the one still pending: one link works.
    const earlier = await pendingInviteTo(tx, me.companyId, input.email, now);
    if (earlier) await revokeInvite(tx, me.companyId, earlier.id, now);
    const row = await insertInvite(tx, {
      companyId: me.companyId,
      email: input.email,
      role: input.role,
      spendingLimitCents,
      tokenHash: hashInviteToken(token),
      invitedBy: actor.id,
      expiresAt: new Date(now.getTime() + INVITE_DAYS * DAY_MS),
    });
    await recordAudit(tx, actor, {
      action: 'company.invite',
      targetType: 'company',
      targetId: me.companyId,
      summary: `Invited ${input.email} as ${input.role}`,
    });
    return { invite: row, companyName: me.companyName };
  });
  const mail = companyInviteMail({
    email: input.email,
    companyName,
    invitedBy: actor.name,
    role: input.role,
    token,
    publicUrl: deps.publicUrl,
  });
  // The invite stands whether or not the mail goes: it can be sent again (a new invite).
  await deps.mailer.send(mail).catch((err: unknown) => {
    deps.log.error({ err, to: input.email }, 'company invite mail failed');
  });
  return inviteOut(invite);
}

export async function companyInvites(db: Db, userId: string) {
  const { companyId } = await requireManager(db, userId);
  return { data: (await pendingInvites(db, companyId, new Date())).map(inviteOut) };
}

export async function withdrawInvite(db: Db, actor: AuditActor, id: string) {
  await db.transaction(async (tx) => {
    const { companyId } = await requireManager(tx, actor.id);
    const row = await revokeInvite(tx, companyId, id, new Date());
    if (!row) throw notFound('Invite');
    await recordAudit(tx, actor, {
      action: 'company.invite.revoke',
      targetType: 'company',
      targetId: companyId,
      summary: `Revoked the invite to ${row.email}`,
    });
  });
  return { revoked: true as const, _id: id };
}

async function openInvite(db: Db, token: string) {
  const found = await openInviteByHash(db, hashInviteToken(token), new Date());
  if (!found) throw new AppError('not_found', INVITE_GONE);
  return found;
}

export async function previewInvite(db: Db, user: { email: string }, token: string) {
  const { invite, companyName } = await openInvite(db, token);
  return {
    companyName,
    role: invite.role === 'admin' ? ('admin' as const) : ('buyer' as const),
    email: invite.email,
    expiresAt: invite.expiresAt.toISOString(),
    forYou: invite.email === user.email.toLowerCase(),
  };
}

/**
 * Joins the company the invite names. The caller's email must be the invite's; the invite is
 * marked used in the same transaction as the membership, and only while still open, so two
 * accepts at once make one member and an account already in a company changes nothing.
 */
export async function acceptInvite(db: Db, actor: AuditActor, token: string) {
  const { invite } = await openInvite(db, token);
  if (invite.email !== actor.email.toLowerCase()) {
    throw new AppError(
      'forbidden',
      `This invite is for ${invite.email}: sign in with that email to accept it.`,
    );
  }
  await db.transaction(async (tx) => {
    if (await findMembership(tx, actor.id)) {
      throw new AppError('conflict', ALREADY_MEMBER);
    }
    const now = new Date();
    const used = await useInvite(tx, invite.id, actor.id, now);
    if (!used) throw new AppError('not_found', INVITE_GONE);
    const member = await insertMember(tx, {
      userId: actor.id,
      companyId: used.companyId,
      role: used.role,
      spendingLimitCents: used.spendingLimitCents,
    });
    if (!member) throw new AppError('conflict', ALREADY_MEMBER);
    await recordAudit(tx, actor, {
      action: 'company.member.join',
      targetType: 'company',
      targetId: used.companyId,
      summary: `${actor.email} joined as ${used.role}`,
    });
  });
  return myCompanyOut(await requireMembership(db, actor.id));
}
