import type { FastifyBaseLogger } from 'fastify';
import type { MakeOwnerInput } from '../../../contract/companies.ts';
import { recordAudit, type AuditActor } from '../../audit/record.ts';
import type { Db, Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { companyOwnerMail } from './mails.ts';
import { findMembership } from './membership.ts';
import { memberOut } from './present.ts';
import { findMember, listMembers, lockCompanyRow, updateMember } from './repository.ts';
import { requireMembership } from './service.ts';

export type OwnershipDeps = { db: Db; mailer: Mailer; publicUrl: string; log: FastifyBaseLogger };

/**
 * The owner hands the company to one of its members: they become its owner (bound by no
 * spending limit, as an owner is), the old owner an admin. Under the company's lock, so a
 * handover, a member change and an account's deletion line up; the old owner steps down
 * before the new one steps up, as the one-owner index wants.
 */
export async function makeOwner(deps: OwnershipDeps, actor: AuditActor, input: MakeOwnerInput) {
  const { db } = deps;
  const { companyId, companyName, newOwner } = await db.transaction(async (tx) => {
    const first = await requireMembership(tx, actor.id);
    await lockCompanyRow(tx, first.companyId);
    const me = await requireMembership(tx, actor.id);
    if (me.role !== 'owner') {
      throw new AppError('forbidden', "Only your company's owner may hand it to another member.");
    }
    if (input.userId === actor.id) throw new AppError('conflict', 'You own this company already.');
    const target = await findMember(tx, me.companyId, input.userId);
    if (!target) throw notFound('Member');
    await updateMember(tx, me.companyId, actor.id, { role: 'admin' });
    await updateMember(tx, me.companyId, target.userId, {
      role: 'owner',
      spendingLimitCents: null,
    });
    await recordAudit(tx, actor, {
      action: 'company.owner',
      targetType: 'company',
      targetId: me.companyId,
      summary: `Handed ${me.companyName} to ${target.email} (was ${target.role}); ${actor.email} is now an admin`,
    });
    return { companyId: me.companyId, companyName: me.companyName, newOwner: target };
  });
  const mail = companyOwnerMail({ ...newOwner, companyName, publicUrl: deps.publicUrl });
  // The handover stands whether or not the mail goes; the company page says who owns it.
  deps.mailer.send(mail).catch((err: unknown) => {
    deps.log.error({ err, to: newOwner.email }, 'company owner mail failed');
  });
  return { data: (await listMembers(db, companyId)).map(memberOut) };
}

/**
 * Refuses (409) while the account owns a company: deleting it would leave the company with no
 * owner and its waiting orders with nobody to approve them. Run in the deletion's
 * transaction: the company's row is locked and the membership read again under it, so a
 * handover to this account committed a moment ago is seen.
 */
export async function refuseDeletingAnOwner(tx: Executor, userId: string) {
  const first = await findMembership(tx, userId);
  if (!first) return;
  await lockCompanyRow(tx, first.companyId);
  const membership = await findMembership(tx, userId);
  if (membership?.role !== 'owner') return;
  const member = await findMember(tx, membership.companyId, userId);
  throw new AppError(
    'conflict',
    `${member?.email ?? 'This account'} owns ${membership.companyName}: hand the company to another member first.`,
  );
}
