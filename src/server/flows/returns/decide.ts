import type { ApproveReturnInput, RejectReturnInput } from '../../../contract/returns.ts';
import { recordAudit } from '../../audit/record.ts';
import type { CurrentUser } from '../../auth/current-user.ts';
import type { Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { addOrderEvent } from '../../modules/orders/timeline.ts';
import { returnApprovedMail, returnRejectedMail } from '../../modules/returns/mails.ts';
import { presentReturn } from '../../modules/returns/present.ts';
import {
  findReturn,
  markApproved,
  markRejected,
  type ReturnRow,
} from '../../modules/returns/repository.ts';
import { mailCustomer } from '../steps/payment-deps.ts';
import type { ReturnDeps } from './deps.ts';

/** The 409 of a step the return's status does not allow, saying where it stands. */
export function wrongStep(row: Pick<ReturnRow, 'number' | 'status'>, step: string) {
  const where = {
    requested: 'is waiting to be approved or rejected',
    approved: 'is approved already',
    rejected: 'was rejected',
    received: 'was received already',
  }[row.status];
  return new AppError(
    'conflict',
    `Return ${row.number} ${where}, so it cannot be ${step}${row.status === 'requested' ? ' before it is approved' : ''}.`,
  );
}

/** The return locked for the step, or 404. */
export async function lockReturn(tx: Executor, id: string) {
  const row = isUuid(id) ? await findReturn(tx, id, { lock: true }) : undefined;
  if (!row) throw notFound('Return');
  return row;
}

/** Approves a requested return (admin); the buyer is mailed its number and the instructions. */
export async function approveReturn(
  deps: ReturnDeps,
  admin: CurrentUser,
  id: string,
  { instructions }: ApproveReturnInput,
) {
  const row = await deps.db.transaction(async (tx) => {
    const found = await lockReturn(tx, id);
    const approved = await markApproved(tx, id, { instructions, by: admin.email });
    if (!approved) throw wrongStep(found, 'approved');
    await addOrderEvent(tx, found.orderId, 'return_approved', `${found.number}: ${instructions}`);
    await recordAudit(tx, admin, {
      action: 'return.approve',
      targetType: 'order',
      targetId: found.orderId,
      summary: `Approved return ${found.number} of order #${found.orderNumber} (${found.requestedByEmail}): ${instructions}`,
    });
    return approved;
  });
  const out = await presentReturn(deps.db, row);
  mailCustomer(deps, returnApprovedMail(out), row.orderId);
  return out;
}

/** Rejects a requested return (admin), saying why; the buyer is mailed. */
export async function rejectReturn(
  deps: ReturnDeps,
  admin: CurrentUser,
  id: string,
  { reason }: RejectReturnInput,
) {
  const row = await deps.db.transaction(async (tx) => {
    const found = await lockReturn(tx, id);
    const rejected = await markRejected(tx, id, { reason, by: admin.email });
    if (!rejected) throw wrongStep(found, 'rejected');
    await addOrderEvent(tx, found.orderId, 'return_rejected', `${found.number}: ${reason}`);
    await recordAudit(tx, admin, {
      action: 'return.reject',
      targetType: 'order',
      targetId: found.orderId,
      summary: `Rejected return ${found.number} of order #${found.orderNumber} (${found.requestedByEmail}): ${reason}`,
    });
    return rejected;
  });
  const out = await presentReturn(deps.db, row);
  mailCustomer(deps, returnRejectedMail(out), row.orderId);
  return out;
}
