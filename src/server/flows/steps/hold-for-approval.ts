import { centsToDollars, formatDollars } from '../../../contract/money.ts';
import type { Order } from '../../../contract/orders.ts';
import type { Executor } from '../../db/client.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { sendLater, type MailLog } from '../../mail/send-later.ts';
import type { Membership } from '../../modules/companies/membership.ts';
import { approvalNeededMail } from '../../modules/orders/approval-mails.ts';
import { approversOfCompany, markAwaitingApproval } from '../../modules/orders/approvals.ts';
import type { OrderRow } from '../../modules/orders/repository.ts';
import { addOrderEvent } from '../../modules/orders/timeline.ts';

// Spending limits: a buyer whose checkout comes to more than their limit gets an order that waits
// for the company's owner or an admin. It holds its stock as an unpaid order does meanwhile, for
// APPROVAL_HOLD_HOURS rather than the unpaid hold's minutes: an approver needs days, not an hour.

/**
 * Whether a checkout of this grand total waits for approval: a member with a spending limit, over
 * it (exactly the limit passes). The owner answers to no one, so a limit never binds them.
 */
export const needsApproval = (
  membership: Pick<Membership, 'role' | 'spendingLimitCents'> | undefined,
  grandTotalCents: number,
) =>
  membership !== undefined &&
  membership.role !== 'owner' &&
  membership.spendingLimitCents !== null &&
  grandTotalCents > membership.spendingLimitCents;

/**
 * Puts a just-placed unpaid order on hold for approval, in the caller's transaction (the one that
 * placed it), and notes why on its timeline. Returns the order as it now is.
 */
export async function holdForApproval(
  tx: Executor,
  order: OrderRow,
  membership: Pick<Membership, 'spendingLimitCents'>,
  holdHours: number,
): Promise<OrderRow> {
  const row = await markAwaitingApproval(tx, order.id, holdHours);
  if (!row) throw new Error(`order ${order.id} is no longer unpaid: it cannot wait for approval`);
  const limit = formatDollars(centsToDollars(membership.spendingLimitCents ?? 0));
  const total = formatDollars(centsToDollars(order.grandTotalCents));
  await addOrderEvent(tx, order.id, 'awaiting_approval', `${total} is over the ${limit} limit`);
  return row;
}

/**
 * Tells the company's owner and admins that a just-placed order waits for one of them (nothing
 * for any other order). After the answer, not awaited: the order stands whether or not the mail
 * goes out, and the log says when it did not.
 */
export function mailApprovers(deps: { db: Executor; mailer: Mailer; log: MailLog }, order: Order) {
  if (order.status !== 'awaiting_approval' || !order.companyId) return;
  const { companyId } = order;
  approversOfCompany(deps.db, companyId)
    .then((approvers) => {
      for (const approver of approvers) {
        if (approver.email === order.email) continue;
        sendLater(deps.mailer, deps.log, approvalNeededMail(approver, order), {
          orderId: order._id,
        });
      }
    })
    .catch((err: unknown) => deps.log.error({ err, orderId: order._id }, 'approval mail failed'));
}
