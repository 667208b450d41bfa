import { centsToDollars, formatDollars } from '../../../contract/money.ts';
import { recordAudit, type AuditActor } from '../../audit/record.ts';
import type { CurrentUser } from '../../auth/current-user.ts';
import type { ReadCache } from '../../cache/read-cache.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { describeOrder, isPaid } from '../../modules/orders/present.ts';
import { paidOrderUndeletable, paymentUnderWay } from '../../modules/orders/refusals.ts';
import {
  deleteUnpaidOrder,
  findOrder,
  linesOfOrders,
  type OrderRow,
} from '../../modules/orders/repository.ts';
import { orderById } from '../../modules/orders/service.ts';
import { accountActor } from '../../modules/stock/ledger.ts';
import { moveStockAndTell } from '../steps/move-stock.ts';
import { beforeOrderDelete } from '../steps/order-events.ts';
import type { PaymentDeps } from '../steps/payment-deps.ts';
import { linesBackToStock } from '../steps/return-stock.ts';
import { nameDeletedOrder } from '../../modules/stock/repository.ts';
import { settle } from '../steps/settle-payment.ts';

/** How often a delete looks again when the order's payment changed under it. */
const DELETE_ATTEMPTS = 3;

/**
 * Makes sure the order's payment can never take money, before the order is deleted. The
 * provider cancels the intent unless it is past that: then a payment still in flight refuses
 * the delete, and one that went through is settled (the order becomes paid, or, if it had
 * expired, the money goes back and the delete may go on).
 */
async function releasePayment(deps: PaymentDeps, order: OrderRow) {
  if (!order.paymentIntentId) return;
  const outcome = await deps.provider.cancelIntent(order.paymentIntentId);
  if (outcome.status === 'canceled') return;
  if (outcome.status !== 'succeeded') throw paymentUnderWay();
  if (outcome.refunded) return;
  const settled = await settle(deps, order.id, order.paymentIntentId);
  if (settled.outcome === 'paid') throw paidOrderUndeletable();
}

/**
 * Deletes an unpaid or expired order in one transaction, giving back the stock an unpaid one
 * still holds (an expired one gave it back already). Only while its payment intent is still
 * the one the caller made safe: undefined when the order was paid, or a new payment started,
 * meanwhile. The ledger names `by` (the order's customer unless given) as who released the
 * stock; someone other than the customer deleting it leaves a line in the audit trail.
 */
export async function deleteOrderReturningStock(
  db: Db,
  id: string,
  paymentIntentId: string | null,
  by?: AuditActor,
) {
  return db.transaction(async (tx) => {
    // Read before the delete takes them with it (order lines never change once written).
    const lines = (await linesOfOrders(tx, [id])).get(id) ?? [];
    const tell = await beforeOrderDelete(tx, id);
    const row = await deleteUnpaidOrder(tx, id, paymentIntentId);
    if (!row) return undefined;
    // An expired or rejected order was cancelled for webhook receivers when it ended.
    if (row.status === 'unpaid' || row.status === 'awaiting_approval') {
      const actor = by ? accountActor(by) : { id: row.userId, name: row.email };
      await moveStockAndTell(tx, linesBackToStock(lines, 'released', actor));
      await tell();
    }
    // The ledger keeps naming it ("#100001, deleted", not an id nobody can look up): after the
    // stock it gave back, so that movement is named too.
    await nameDeletedOrder(tx, row.id, row.number);
    if (by && by.id !== row.userId) {
      await recordAudit(tx, by, {
        action: 'order.delete',
        targetType: 'order',
        targetId: row.id,
        summary: `Deleted the ${row.status} order #${row.number} of ${row.email}: ${describeOrder(row)}, ${formatDollars(centsToDollars(row.totalCents))}`,
      });
    }
    return row;
  });
}

/**
 * Deletes an unpaid or expired order (its owner or an admin); an unpaid one's stock goes back.
 * A payment that was started is cancelled with the provider first, so the card can never be
 * charged for an order that is gone; one that cannot be cancelled any more refuses the delete.
 */
export async function deleteOrder(
  deps: PaymentDeps & { cache: ReadCache },
  user: CurrentUser,
  id: string,
) {
  const { db, cache } = deps;
  let row = await orderById(db, id);
  for (let attempt = 0; attempt < DELETE_ATTEMPTS; attempt++) {
    if (isPaid(row)) throw paidOrderUndeletable();
    await releasePayment(deps, row);
    const intentId = row.paymentIntentId;
    const deleted = await cache.write(
      'product',
      () => deleteOrderReturningStock(db, row.id, intentId, user),
      'stock',
    );
    if (deleted) return deleted;
    // Paid, or a new payment started, between our look and the delete: look again.
    const now = await findOrder(db, row.id);
    if (!now) throw notFound('Order');
    row = now;
  }
  throw paymentUnderWay();
}
