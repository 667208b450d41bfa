import type { ApproveInput, RejectInput } from '../../../contract/approvals.ts';
import { centsToDollars, dollarsToCents, formatDollars } from '../../../contract/money.ts';
import type { CurrentUser } from '../../auth/current-user.ts';
import type { ReadCache } from '../../cache/read-cache.ts';
import type { Db, Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { assertMayApprove } from '../../modules/companies/authority.ts';
import { canManage, findMembership, type Membership } from '../../modules/companies/membership.ts';
import { notYourCompany } from '../../modules/credit/refusals.ts';
import { orderApprovedMail, orderRejectedMail } from '../../modules/orders/approval-mails.ts';
import { awaitingOfCompany, markApproved, markRejected } from '../../modules/orders/approvals.ts';
import { presentOrder, presentOrders } from '../../modules/orders/present.ts';
import { linesOfOrders, lockOrder, type OrderRow } from '../../modules/orders/repository.ts';
import { addOrderEvent } from '../../modules/orders/timeline.ts';
import { accountActor } from '../../modules/stock/ledger.ts';
import { moveStockAndTell } from '../steps/move-stock.ts';
import { emitOrderEvent } from '../steps/order-events.ts';
import { orderById } from '../../modules/orders/service.ts';
import { chargeToAccount } from '../steps/charge-to-account.ts';
import { expireHeldOrders } from '../steps/expire-held-orders.ts';
import { mailCustomer, type PaymentDeps } from '../steps/payment-deps.ts';
import { linesBackToStock } from '../steps/return-stock.ts';
import { endBackorders } from '../../modules/orders/backorders.ts';

export type ApprovalDeps = Pick<PaymentDeps, 'db' | 'mailer' | 'log'> & {
  cache: ReadCache;
  holdMinutes: number;
};

const totalChanged = (grandTotalCents: number) =>
  new AppError(
    'conflict',
    `This order is now ${formatDollars(centsToDollars(grandTotalCents))}: its total changed since you opened it. Look at it again before you approve it.`,
  );

const notWaiting = (row: OrderRow) =>
  new AppError(
    'conflict',
    row.status === 'unpaid' || row.status === 'paid' || row.status === 'partially_shipped'
      ? row.approvedAt
        ? 'This order is approved already.'
        : 'This order does not need approval.'
      : row.status === 'rejected'
        ? 'This order was rejected already.'
        : row.status === 'expired'
          ? 'This order expired while it waited for approval: its stock has gone back.'
          : 'This order is not waiting for approval.',
  );

/**
 * The caller decides for the order's company: its owner or an admin, never for their own order
 * (an admin with a spending limit answers to the owner or another admin, as a buyer does).
 */
function assertDecides(membership: Membership | undefined, row: OrderRow, user: CurrentUser) {
  if (!canManage(membership) || membership?.companyId !== row.companyId) throw notYourCompany();
  if (row.userId === user.id) {
    throw new AppError(
      'forbidden',
      "You cannot approve or reject your own order: your company's owner or another admin decides.",
    );
  }
}

/** The order locked, checked that the caller decides for it and that it waits. */
async function lockWaiting(tx: Executor, user: CurrentUser, id: string) {
  const [row, membership] = await Promise.all([lockOrder(tx, id), findMembership(tx, user.id)]);
  if (!row) throw notFound('Order');
  assertDecides(membership, row, user);
  if (row.status !== 'awaiting_approval') throw notWaiting(row);
  return { row, membership: membership! };
}

/**
 * Approves an order that waits (the company's owner or an admin): it becomes unpaid with its
 * hold started again, and, placed to be charged to the account, is charged at once in the same
 * transaction. A refused charge (no credit, an overdue invoice) refuses the approval with its
 * reason, and the order waits on. The buyer is mailed.
 */
export async function approveOrder(
  deps: ApprovalDeps,
  user: CurrentUser,
  id: string,
  input: NonNullable<ApproveInput> = {},
) {
  const decided = await deps.db.transaction(async (tx) => {
    const { row: waiting, membership } = await lockWaiting(tx, user, id);
    // Ended before the sweep came: it is expired now, on this path too, and approves nothing.
    if (waiting.holdUntil.getTime() <= Date.now()) return { ended: true } as const;
    // The approver decided on the total they saw: one re-priced since is decided again.
    if (
      input.grandTotal !== undefined &&
      dollarsToCents(input.grandTotal) !== waiting.grandTotalCents
    ) {
      throw totalChanged(waiting.grandTotalCents);
    }
    assertMayApprove(membership, waiting.grandTotalCents);
    const approved = await markApproved(tx, id, user.id, deps.holdMinutes);
    if (!approved) throw new Error(`order ${id} stopped waiting under its lock`);
    await addOrderEvent(tx, id, 'approved', `by ${user.name}`);
    if (approved.paymentMethod !== 'account') return { row: approved };
    return { row: await chargeToAccount(tx, approved, membership, undefined, user) };
  });
  if ('ended' in decided) {
    await expireHeldOrders(deps.db, deps.cache);
    throw notWaiting({ ...(await orderById(deps.db, id)), status: 'expired' });
  }
  const order = await presentOrder(deps.db, decided.row);
  mailCustomer(deps, orderApprovedMail(order, user.name), order._id);
  return order;
}

/**
 * Rejects an order that waits (the company's owner or an admin): its stock goes back through
 * the ledger in the same transaction, and the buyer is mailed why.
 */
export async function rejectOrder(
  deps: ApprovalDeps,
  user: CurrentUser,
  id: string,
  input: RejectInput,
) {
  const reason = input?.reason || undefined;
  // The stock shown in the catalogue changes.
  const row = await deps.cache.write(
    'product',
    () =>
      deps.db.transaction(async (tx) => {
        const { row: waiting } = await lockWaiting(tx, user, id);
        const lines = (await linesOfOrders(tx, [id])).get(id) ?? [];
        const note = `Order #${waiting.number} rejected${reason ? `: ${reason}` : ''}`;
        const moves = linesBackToStock(lines, 'released', accountActor(user));
        await moveStockAndTell(
          tx,
          moves.map((move) => ({ ...move, note })),
        );
        await endBackorders(tx, [id]);
        const rejected = await markRejected(tx, id);
        if (!rejected) throw new Error(`order ${id} stopped waiting under its lock`);
        await addOrderEvent(
          tx,
          id,
          'rejected',
          reason ? `by ${user.name}: ${reason}` : `by ${user.name}`,
        );
        // A rejected order is cancelled for a receiver: its `status` says rejected.
        await emitOrderEvent(tx, 'order.cancelled', rejected);
        return rejected;
      }),
    'stock',
  );
  const order = await presentOrder(deps.db, row);
  mailCustomer(deps, orderRejectedMail(order, user.name, reason), order._id);
  return order;
}

/** The caller's company's orders waiting for approval, oldest first (its owner or an admin). */
export async function listApprovals(db: Db, user: CurrentUser) {
  const membership = await findMembership(db, user.id);
  if (!canManage(membership)) throw notYourCompany();
  return { data: await presentOrders(db, await awaitingOfCompany(db, membership!.companyId)) };
}
