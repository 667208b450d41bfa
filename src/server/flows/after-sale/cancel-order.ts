import type { CancelInput } from '../../../contract/order-delivery.ts';
import { centsToDollars, formatDollars } from '../../../contract/money.ts';
import { recordAudit } from '../../audit/record.ts';
import type { CurrentUser } from '../../auth/current-user.ts';
import type { ReadCache } from '../../cache/read-cache.ts';
import { AppError, notFound } from '../../errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { nextDocumentNumber } from '../../modules/invoices/numbers.ts';
import { lockOrder, markCancelled } from '../../modules/orders/documents.ts';
import { orderCancelledMail } from '../../modules/orders/mails.ts';
import { presentOrder } from '../../modules/orders/present.ts';
import { findOrder, linesOfOrders, type OrderRow } from '../../modules/orders/repository.ts';
import { addOrderEvent, timelinesOfOrders } from '../../modules/orders/timeline.ts';
import { claimRefundRecord } from '../../modules/payments/repository.ts';
import { readShopSettings } from '../../modules/shop-settings/repository.ts';
import { accountActor } from '../../modules/stock/ledger.ts';
import { moveStockAndTell } from '../steps/move-stock.ts';
import { emitCreditNoteIssued, emitOrderEvent } from '../steps/order-events.ts';
import { creditToAccount, lockChargedCompany } from '../steps/credit-to-account.ts';
import { mailCustomer, type PaymentDeps } from '../steps/payment-deps.ts';
import { linesBackToStock } from '../steps/return-stock.ts';
import { endBackorders } from '../../modules/orders/backorders.ts';

type CancelDeps = PaymentDeps & { cache: ReadCache };

const notCancellable = (row: OrderRow) =>
  new AppError(
    'conflict',
    row.status === 'partially_shipped' || row.status === 'shipped'
      ? 'This order has shipped, in part or in full, so it cannot be cancelled.'
      : row.status === 'cancelled'
        ? 'This order is cancelled already.'
        : 'Only a paid order can be cancelled; an unpaid one can be deleted.',
  );

const dollars = (cents: number) => formatDollars(centsToDollars(cents));

/**
 * In one transaction: the order (paid, nothing shipped) becomes cancelled, its stock goes back
 * through the ledger, and its credit note is numbered.
 */
async function cancelInDatabase(deps: CancelDeps, admin: CurrentUser, id: string, reason: string) {
  return deps.db.transaction(async (tx) => {
    const row = await lockOrder(tx, id);
    if (!row) throw notFound('Order');
    if (row.status !== 'paid') throw notCancellable(row);
    const lines = (await linesOfOrders(tx, [id])).get(id) ?? [];
    const note = `Order #${row.number} cancelled: ${reason}`;
    const moves = linesBackToStock(lines, 'released', accountActor(admin));
    await moveStockAndTell(
      tx,
      moves.map((move) => ({ ...move, note })),
    );
    await endBackorders(tx, [id]);
    const company = await lockChargedCompany(tx, row);
    const at = new Date();
    const { creditNotePrefix } = await readShopSettings(tx);
    const creditNoteNumber = await nextDocumentNumber(tx, 'credit_note', creditNotePrefix, at);
    const cancelled = await markCancelled(tx, id, { reason, creditNoteNumber, at });
    if (!cancelled) throw notCancellable(row);
    await addOrderEvent(tx, id, 'cancelled', `${reason} (credit note ${creditNoteNumber})`);
    if (company) await creditToAccount(tx, company, cancelled, admin);
    await emitOrderEvent(tx, 'order.cancelled', cancelled);
    await emitCreditNoteIssued(tx, cancelled);
    await recordAudit(tx, admin, {
      action: 'order.cancel',
      targetType: 'order',
      targetId: id,
      summary: `Cancelled order #${row.number} of ${row.email} (${dollars(row.grandTotalCents)}), credit note ${creditNoteNumber}: ${reason}`,
    });
    return cancelled;
  });
}

/**
 * Gives the card its money back through the provider (the whole payment: the grand total) and
 * records it, once. False when the provider could not do it: the order stays cancelled, the
 * log and the audit trail say the refund is owed, and cancelling again tries once more.
 */
async function refundCancelled(deps: CancelDeps, admin: CurrentUser, row: OrderRow) {
  const paymentId = row.transactionId;
  const amount = dollars(row.amountTotalCents ?? row.grandTotalCents);
  try {
    if (!paymentId) throw new Error('the order has no payment to refund');
    await deps.provider.refund(paymentId);
  } catch (err) {
    deps.log.error({ err, orderId: row.id }, 'refund of a cancelled order failed');
    await recordAudit(deps.db, admin, {
      action: 'payment.refund_failed',
      targetType: 'order',
      targetId: row.id,
      summary: `The refund of ${amount} for the cancelled order #${row.number} failed (${err instanceof Error ? err.message : String(err)}): cancel it again to retry, or refund it at the provider`,
    });
    return false;
  }
  await deps.db.transaction(async (tx) => {
    if (!(await claimRefundRecord(tx, paymentId))) return;
    await addOrderEvent(tx, row.id, 'refunded', `${amount} to the card (payment ${paymentId})`);
    await recordAudit(tx, admin, {
      action: 'payment.refund',
      targetType: 'order',
      targetId: row.id,
      summary: `Refunded ${amount} (payment ${paymentId}) to ${row.email}: order #${row.number} was cancelled`,
    });
  });
  return true;
}

const isRefunded = async (deps: CancelDeps, id: string) =>
  ((await timelinesOfOrders(deps.db, [id])).get(id) ?? []).some((e) => e.event === 'refunded');

/**
 * Cancels a paid order that has shipped nothing (admin): stock back, credit note, refund, and
 * one mail to the buyer. Cancelling again an order whose refund failed tries the refund again.
 */
export async function cancelOrder(
  deps: CancelDeps,
  admin: CurrentUser,
  id: string,
  { reason }: CancelInput,
) {
  const found = isUuid(id) ? await findOrder(deps.db, id) : undefined;
  if (!found) throw notFound('Order');
  if (found.status === 'cancelled') {
    // On account, the credit note credited the company at the cancellation: nothing is owed.
    if (found.paymentMethod === 'account') throw notCancellable(found);
    // Cancelled before, and its refund failed then: only the refund is tried again (the buyer
    // was mailed at the cancellation).
    if (await isRefunded(deps, id)) throw notCancellable(found);
    await refundCancelled(deps, admin, found);
    return presentOrder(deps.db, found);
  }
  const row = await deps.cache.write(
    'product',
    () => cancelInDatabase(deps, admin, id, reason),
    'stock',
  );
  const refunded =
    row.paymentMethod === 'account' ? 'account' : await refundCancelled(deps, admin, row);
  const order = await presentOrder(deps.db, row);
  mailCustomer(deps, orderCancelledMail(order, refunded), order._id);
  return order;
}
