import { centsToDollars, formatDollars } from '../../../contract/money.ts';
import { recordAudit, type AuditActor } from '../../audit/record.ts';
import type { Executor } from '../../db/client.ts';
import { addLedgerEntry } from '../../modules/credit/ledger.ts';
import { nextDocumentNumber } from '../../modules/invoices/numbers.ts';
import type { OrderRow } from '../../modules/orders/repository.ts';
import { addOrderEvent } from '../../modules/orders/timeline.ts';
import { readShopSettings } from '../../modules/shop-settings/repository.ts';
import { emitCreditChanged } from './credit-events.ts';
import { lockChargedCompany } from './credit-to-account.ts';
import type { PaymentDeps } from './payment-deps.ts';

// THE RETURN'S CREDIT NOTE AND REFUND, until the shared credit-note step (one credit note per
// cancelled or returned part of an order, steps/credit-note.ts on main) takes its place: the
// receipt calls `creditReturn` in its transaction and `refundReturnToCard` after it.

const dollars = (cents: number) => formatDollars(centsToDollars(cents));

export type ReturnCredit = { creditNoteNumber: string; method: 'card' | 'account' };

/**
 * Numbers a credit note for a return's received parts (`cents` with their tax), in the
 * receipt's transaction; on an order charged to a company's account, credits that account with
 * a `credit_note` entry at once. A card order's refund is then due (refundReturnToCard). The
 * caller holds the order's lock.
 */
export async function creditReturn(
  tx: Executor,
  {
    order,
    cents,
    returnNumber,
    actor,
  }: { order: OrderRow; cents: number; returnNumber: string; actor: AuditActor },
): Promise<ReturnCredit> {
  // The company first: the credit-note counter is the transaction's last lock.
  const company = await lockChargedCompany(tx, order);
  const { creditNotePrefix } = await readShopSettings(tx);
  const number = await nextDocumentNumber(tx, 'credit_note', creditNotePrefix, new Date());
  if (company) {
    const entry = await addLedgerEntry(tx, company, {
      type: 'credit_note',
      amountCents: -cents,
      orderId: order.id,
      invoiceNumber: number,
      note: `Return ${returnNumber} of order #${order.number}`,
      createdBy: actor.email,
    });
    await emitCreditChanged(tx, company, entry);
  }
  await addOrderEvent(
    tx,
    order.id,
    'credit_note',
    `${number} for return ${returnNumber}: ${dollars(cents)}${company ? ` credited to ${company.name}'s account` : ''}`,
  );
  return { creditNoteNumber: number, method: company ? 'account' : 'card' };
}

/**
 * Gives a card order `cents` back through the provider for a received return. Only the
 * receipt that moved the return to `received` calls it, once; `markRefunded` then notes it in
 * the same transaction as the timeline's `refunded`. False when the provider could not do it:
 * the audit trail says the refund is owed.
 */
export async function refundReturnToCard(
  deps: Pick<PaymentDeps, 'db' | 'provider' | 'log'>,
  {
    order,
    cents,
    returnId,
    returnNumber,
    actor,
  }: { order: OrderRow; cents: number; returnId: string; returnNumber: string; actor: AuditActor },
  markRefunded: (tx: Executor) => Promise<boolean>,
) {
  const paymentId = order.transactionId;
  try {
    if (!paymentId) throw new Error('the order has no card payment to refund');
    // The provider gives back whole payments only until the shared credit-note path brings
    // part refunds: a return of everything is refunded, any other is owed and said so.
    if (cents !== (order.amountTotalCents ?? order.grandTotalCents)) {
      throw new Error('part refunds wait for the credit-note path');
    }
    await deps.provider.refund(paymentId);
  } catch (err) {
    deps.log.error({ err, orderId: order.id, returnId }, 'refund of a received return failed');
    await recordAudit(deps.db, actor, {
      action: 'payment.refund_failed',
      targetType: 'order',
      targetId: order.id,
      summary: `The refund of ${dollars(cents)} for return ${returnNumber} of order #${order.number} failed (${err instanceof Error ? err.message : String(err)}): refund it at the provider`,
    });
    return false;
  }
  await deps.db.transaction(async (tx) => {
    if (!(await markRefunded(tx))) return;
    await addOrderEvent(
      tx,
      order.id,
      'refunded',
      `${dollars(cents)} to the card for return ${returnNumber} (payment ${paymentId})`,
    );
    await recordAudit(tx, actor, {
      action: 'payment.refund',
      targetType: 'order',
      targetId: order.id,
      summary: `Refunded ${dollars(cents)} (payment ${paymentId}) to ${order.email}: return ${returnNumber} of order #${order.number} received`,
    });
  });
  return true;
}
