import type { ChargeToAccountInput } from '../../../contract/credit.ts';
import type { Order } from '../../../contract/orders.ts';
import type { CurrentUser } from '../../auth/current-user.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { findMembership } from '../../modules/companies/membership.ts';
import { notYourCompany } from '../../modules/credit/refusals.ts';
import { presentOrder, isPaid } from '../../modules/orders/present.ts';
import { orderById } from '../../modules/orders/service.ts';
import {
  chooseShipToFirst,
  orderAlreadyPaid,
  orderAwaitingApproval,
  orderExpired,
  orderRejected,
} from '../../modules/payments/refusals.ts';
import { needsApproval } from '../steps/hold-for-approval.ts';
import { chargeToAccount } from '../steps/charge-to-account.ts';
import { awaitingRefusal, refuseOverLimit } from '../steps/spending-limit.ts';

/**
 * POST /orders/{id}/charge-to-account: a member of the order's company charges an unpaid order
 * (placed on card, or approved after waiting) to the company's account. A buyer may not commit
 * the company's credit past their own spending limit unless the order was approved.
 */
export async function chargeOrderToAccount(
  db: Db,
  user: CurrentUser,
  id: string,
  input: ChargeToAccountInput,
): Promise<Order> {
  const order = await orderById(db, id);
  const membership = await findMembership(db, user.id);
  if (!membership || order.companyId === null) {
    throw new AppError(
      'conflict',
      'Only an order placed for a company with terms can be charged to its account: pay by card.',
    );
  }
  if (order.companyId !== membership.companyId) throw notYourCompany();
  // Another member's order: the caller's own limit binds what they may commit of the credit.
  const othersOrder = order.userId !== user.id;
  if (
    othersOrder &&
    order.approvedAt === null &&
    needsApproval(membership, order.grandTotalCents)
  ) {
    throw notYourCompany();
  }
  if (isPaid(order)) throw orderAlreadyPaid();
  if (order.status === 'rejected') throw orderRejected();
  if (order.status === 'awaiting_approval') {
    throw await awaitingRefusal(db, order, orderAwaitingApproval);
  }
  if (order.status !== 'unpaid' || order.holdUntil.getTime() <= Date.now()) throw orderExpired();
  if (!order.shippingAddress) throw chooseShipToFirst();
  const overLimit = await refuseOverLimit(db, order);
  if (overLimit) throw overLimit;
  const charged = await db.transaction((tx) =>
    chargeToAccount(tx, order, membership, input?.poNumber, user),
  );
  return presentOrder(db, charged);
}
