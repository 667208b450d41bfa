import { centsToDollars, formatDollars } from '../../../contract/money.ts';
import type { Db, Executor } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { lockSpendingLimit } from '../../modules/companies/membership.ts';
import { markAwaitingApproval } from '../../modules/orders/approvals.ts';
import type { OrderRow } from '../../modules/orders/repository.ts';
import { addOrderEvent, timelinesOfOrders } from '../../modules/orders/timeline.ts';
import { needsApproval } from './hold-for-approval.ts';

const dollars = (cents: number) => formatDollars(centsToDollars(cents));

/** "This order is now $771.25, over your $500.00 limit: it needs approval again." */
export const overLimitAgain = (grandTotalCents: number, limitCents: number) =>
  new AppError(
    'conflict',
    `This order is now ${dollars(grandTotalCents)}, over your ${dollars(limitCents)} limit: it needs approval again from your company's owner or an admin.`,
  );

/**
 * The spending limit where money moves (a card payment started or recorded, a charge to the
 * account, a re-priced order): the buyer's limit as it is now, locked against a change until
 * the caller's transaction ends, against the order's grand total as it is now. An approval
 * covers the order as approved (a re-pricing over the limit takes the approval away). The
 * limit over which the order may not take money, or undefined when it may.
 */
export async function limitExceeded(tx: Executor, order: OrderRow) {
  if (!order.companyId || order.approvedAt) return undefined;
  const member = await lockSpendingLimit(tx, order.userId);
  if (!member || member.companyId !== order.companyId) return undefined;
  if (!needsApproval(member, order.grandTotalCents)) return undefined;
  return member.spendingLimitCents ?? undefined;
}

/**
 * Sends an unpaid order over its buyer's limit back to wait for approval (its approval, if it
 * had one, is gone), noted on its timeline. Given `holdHours` (APPROVAL_HOLD_HOURS, where the
 * caller has it), its hold starts again for that long; otherwise it keeps the hold it had.
 * Returns the order as it now is, or undefined when it was no longer unpaid.
 */
export async function sendBackForApproval(
  tx: Executor,
  order: OrderRow,
  limitCents: number,
  holdHours?: number,
) {
  const row = await markAwaitingApproval(tx, order.id, holdHours);
  if (!row) return undefined;
  await addOrderEvent(
    tx,
    order.id,
    'approval_needed_again',
    `${dollars(row.grandTotalCents)} is over the ${dollars(limitCents)} limit`,
  );
  return row;
}

/**
 * Why an order waiting for approval cannot take money: in the words of its first hold, or,
 * once it was sent back, saying it is over the limit again (with the limit as it is now).
 */
export async function awaitingRefusal(tx: Executor, order: OrderRow, firstHold: () => AppError) {
  const timeline = (await timelinesOfOrders(tx, [order.id])).get(order.id) ?? [];
  const last = timeline.findLast(
    (entry) => entry.event === 'awaiting_approval' || entry.event === 'approval_needed_again',
  );
  if (last?.event !== 'approval_needed_again') return firstHold();
  const member = await lockSpendingLimit(tx, order.userId);
  return overLimitAgain(order.grandTotalCents, member?.spendingLimitCents ?? 0);
}

/**
 * Before money moves for an order (a card payment started, a charge asked for): over its
 * buyer's limit as it is now and not approved, it goes back to wait for approval (committed, so
 * its owner or an admin can decide) and the refusal says why. Undefined when it may go on.
 */
export async function refuseOverLimit(db: Db, order: OrderRow) {
  const limit = await db.transaction(async (tx) => {
    const over = await limitExceeded(tx, order);
    if (over !== undefined) await sendBackForApproval(tx, order, over);
    return over;
  });
  return limit === undefined ? undefined : overLimitAgain(order.grandTotalCents, limit);
}
