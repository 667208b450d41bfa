import type {
  CreateCompanyInput,
  UpdateMemberInput,
  UpdateMyCompanyInput,
} from '../../../contract/companies.ts';
import { dollarsToCents, formatDollars } from '../../../contract/money.ts';
import { recordAudit, type AuditActor } from '../../audit/record.ts';
import type { Db, Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { vetVatId, type VatIds } from '../../lib/vat-ids.ts';
import { assertMayGiveLimit } from './authority.ts';
import { canManage, findMembership, type Membership } from './membership.ts';
import { memberOut, myCompanyOut } from './present.ts';
import {
  deleteMember,
  findMember,
  insertCompany,
  insertMember,
  listMembers,
  lockCompanyRow,
  updateCompany,
  updateMember,
  type MemberView,
} from './repository.ts';
import { setCompanyVatId } from './vat-id.ts';

export const NOT_MANAGER = "Only your company's owner or admins may do this.";
export const ALREADY_MEMBER =
  'You already belong to a company: leave it first to make or join another.';

/** The caller's membership; 404 when they belong to no company. */
export async function requireMembership(db: Executor, userId: string) {
  const membership = await findMembership(db, userId);
  if (!membership) throw new AppError('not_found', 'You do not belong to a company.');
  return membership;
}

/** The caller's membership when they are its owner or an admin; 403 for a buyer. */
export async function requireManager(db: Executor, userId: string) {
  const membership = await requireMembership(db, userId);
  if (!canManage(membership)) throw new AppError('forbidden', NOT_MANAGER);
  return membership;
}

/** Only the owner makes admins, and changes or removes them: an admin manages buyers. */
function checkMayManage(actor: Membership, target: Pick<MemberView, 'role'>) {
  if (target.role === 'admin' && actor.role !== 'owner') {
    throw new AppError('forbidden', "Only your company's owner may change its admins.");
  }
}

export function checkMayGrant(actor: Membership, role: 'admin' | 'buyer') {
  if (role === 'admin' && actor.role !== 'owner') {
    throw new AppError('forbidden', "Only your company's owner may make admins.");
  }
}

/** The shop's own VAT ID is refused (400); a VAT ID is unverified unless VIES confirms it. */
export async function createCompany(
  db: Db,
  actor: AuditActor,
  input: CreateCompanyInput,
  vatIds: VatIds,
) {
  const vatIdVerified = await vetVatId(vatIds, input.vatId);
  await db.transaction(async (tx) => {
    const company = await insertCompany(tx, { ...input, vatIdVerified });
    // One company per account: the member row's key is the account, so of two creations at
    // once (or a creation while in a company) one inserts nothing and rolls its company back.
    const member = await insertMember(tx, {
      userId: actor.id,
      companyId: company.id,
      role: 'owner',
      spendingLimitCents: null,
    });
    if (!member) throw new AppError('conflict', ALREADY_MEMBER);
    await recordAudit(tx, actor, {
      action: 'company.create',
      targetType: 'company',
      targetId: company.id,
      summary: `Created the company ${company.name}`,
    });
  });
  return myCompanyOut(await requireMembership(db, actor.id));
}

export async function myCompany(db: Db, userId: string) {
  return myCompanyOut(await requireMembership(db, userId));
}

/** The caller's company, or null: for pages every account opens, where none is no error. */
export async function myCompanyOrNone(db: Db, userId: string) {
  const membership = await findMembership(db, userId);
  return { company: membership ? myCompanyOut(membership) : null };
}

/** A changed VAT ID is unverified again unless VIES confirms it; the shop's own is refused. */
export async function changeMyCompany(
  db: Db,
  actor: AuditActor,
  input: UpdateMyCompanyInput,
  vatIds: VatIds,
) {
  const manager = await requireManager(db, actor.id);
  const { companyId } = manager;
  const { vatId } = input;
  const confirmed = vatId === undefined ? false : await vetVatId(vatIds, vatId, manager);
  await db.transaction(async (tx) => {
    if (vatId !== undefined) await setCompanyVatId(tx, companyId, vatId, confirmed);
    await updateCompany(tx, companyId, input);
    await recordAudit(tx, actor, {
      action: 'company.update',
      targetType: 'company',
      targetId: companyId,
      summary: `Changed ${Object.keys(input).join(', ') || 'nothing'}`,
    });
  });
  return myCompanyOut(await requireMembership(db, actor.id));
}

export async function companyMembers(db: Db, userId: string) {
  const { companyId } = await requireMembership(db, userId);
  return { data: (await listMembers(db, companyId)).map(memberOut) };
}

const limitText = (cents: number | null) =>
  cents === null ? 'no spending limit' : `a spending limit of ${formatDollars(cents / 100)}`;

/**
 * Changes a member's role or spending limit. Under the company's lock, the caller's own role is
 * read again, so an admin demoted a moment ago cannot still act as one.
 */
export async function changeMember(
  db: Db,
  actor: AuditActor,
  userId: string,
  input: UpdateMemberInput,
) {
  const row = await db.transaction(async (tx) => {
    const manager = await requireManager(tx, actor.id);
    await lockCompanyRow(tx, manager.companyId);
    const me = await requireManager(tx, actor.id);
    const target = await findMember(tx, me.companyId, userId);
    if (!target) throw notFound('Member');
    if (target.role === 'owner') {
      throw new AppError('conflict', "The owner's role and limit stay as they are.");
    }
    checkMayManage(me, target);
    if (input.role) checkMayGrant(me, input.role);
    const limitCents =
      input.spendingLimit === undefined || input.spendingLimit === null
        ? input.spendingLimit
        : dollarsToCents(input.spendingLimit);
    // The limit as it is gives nothing new: the page sends it back with every change.
    if (limitCents !== undefined && limitCents !== target.spendingLimitCents) {
      assertMayGiveLimit(me, limitCents, 'member');
    }
    const values = {
      ...(input.role ? { role: input.role } : {}),
      ...(limitCents !== undefined ? { spendingLimitCents: limitCents } : {}),
    };
    if (Object.keys(values).length === 0) return target;
    const updated = await updateMember(tx, me.companyId, userId, values);
    if (!updated) throw notFound('Member');
    await recordAudit(tx, actor, {
      action: 'company.member.update',
      targetType: 'company',
      targetId: me.companyId,
      summary: `${target.email}: ${updated.role}, ${limitText(updated.spendingLimitCents)}`,
    });
    return { ...target, ...updated };
  });
  return memberOut(row);
}

/**
 * Removes a member, or lets a member leave. The owner stays (409): a company always has one.
 * Nothing of theirs moves: orders they placed stay the company's, and from now on they see
 * only the ones they placed themselves.
 */
export async function removeMember(db: Db, actor: AuditActor, userId: string) {
  await db.transaction(async (tx) => {
    const first = await requireMembership(tx, actor.id);
    await lockCompanyRow(tx, first.companyId);
    const me = await requireMembership(tx, actor.id);
    const target = await findMember(tx, me.companyId, userId);
    if (!target) throw notFound('Member');
    if (target.role === 'owner') throw new AppError('conflict', 'The owner cannot be removed.');
    const leaving = userId === actor.id;
    if (!leaving) {
      if (!canManage(me)) throw new AppError('forbidden', NOT_MANAGER);
      checkMayManage(me, target);
    }
    await deleteMember(tx, me.companyId, userId);
    await recordAudit(tx, actor, {
      action: leaving ? 'company.member.leave' : 'company.member.remove',
      targetType: 'company',
      targetId: me.companyId,
      summary: leaving ? `${target.email} left` : `Removed ${target.email} (${target.role})`,
    });
  });
  return { deleted: true as const, userId };
}
