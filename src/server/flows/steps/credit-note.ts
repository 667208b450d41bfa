import { creditNoteCents } from '../../../contract/credit-notes.ts';
import { centsToDollars, formatDollars } from '../../../contract/money.ts';
import { recordAudit, type AuditActor } from '../../audit/record.ts';
import type { Executor } from '../../db/client.ts';
import { nextDocumentNumber } from '../../modules/invoices/numbers.ts';
import {
  creditedQuantities,
  creditNotesOfOrders,
  insertCreditNote,
  markRefunded,
  shippingCredited,
  type CreditNoteRow,
} from '../../modules/orders/credit-notes.ts';
import { findOrder, linesOfOrders, type OrderRow } from '../../modules/orders/repository.ts';
import { addOrderEvent } from '../../modules/orders/timeline.ts';
import { readShopSettings } from '../../modules/shop-settings/repository.ts';
import { creditToAccount, lockChargedCompany } from './credit-to-account.ts';
import { emitCreditNoteIssued } from './order-events.ts';
import type { PaymentDeps } from './payment-deps.ts';

// THE way an order gives money back: lines cancelled before they shipped, the whole order
// cancelled, or parts returned. One numbered credit note each; on account it is credited to the
// company in the same transaction, by card it is refunded through the provider after it.

const dollars = (cents: number) => formatDollars(centsToDollars(cents));

export type CreditNoteRequest = {
  /** Locked by the caller (lockOrder) for the whole transaction. */
  order: OrderRow;
  lines: readonly { lineNo: number; quantity: number }[];
  /** Give back the shipping too (it comes back once, whole; asking again gives back none). */
  shipping: boolean;
  kind: CreditNoteRow['kind'];
  reason: string;
  returnId?: string | null;
  actor: AuditActor;
};

/**
 * Issues the credit note in the caller's transaction: its money from what the order charged
 * (`creditNoteCents`), never more than is left to credit of a line (a RangeError otherwise:
 * the caller checks what may be given back first). A card note is owed until `refundCreditNote`.
 */
export async function issueCreditNote(tx: Executor, request: CreditNoteRequest) {
  const { order, actor } = request;
  const orderLines = (await linesOfOrders(tx, [order.id])).get(order.id) ?? [];
  const credited = await creditedQuantities(tx, order.id);
  const shipping = request.shipping && !(await shippingCredited(tx, order.id));
  const asked = new Map<number, number>();
  for (const line of request.lines) {
    asked.set(line.lineNo, (asked.get(line.lineNo) ?? 0) + line.quantity);
  }
  const money = creditNoteCents({
    tax: order.tax,
    shippingCents: order.shippingCents,
    creditShipping: shipping,
    lines: orderLines.map((line) => ({
      lineNo: line.lineNo,
      unitPriceCents: line.unitPriceCents,
      quantity: line.quantity,
      creditedBefore: credited.get(line.lineNo) ?? 0,
      credit: asked.get(line.lineNo) ?? 0,
    })),
  });
  // The company is locked before the number: the counter is the transaction's last lock.
  const company = await lockChargedCompany(tx, order);
  const at = new Date();
  const { creditNotePrefix } = await readShopSettings(tx);
  const number = await nextDocumentNumber(tx, 'credit_note', creditNotePrefix, at);
  const note = await insertCreditNote(
    tx,
    {
      number,
      orderId: order.id,
      kind: request.kind,
      reason: request.reason,
      returnId: request.returnId ?? null,
      subtotalCents: money.subtotalCents,
      shippingCents: money.shippingCents,
      tax: money.tax,
      taxTotalCents: money.taxTotalCents,
      totalCents: money.totalCents,
      refund: company ? 'account' : 'card',
      refundedAt: company ? at : null,
      createdBy: actor.email,
      issuedAt: at,
    },
    money.lines.map(({ lineNo, quantity, lineTotalCents, taxCents }) => ({
      lineNo,
      quantity,
      lineTotalCents,
      taxCents,
    })),
  );
  const contents = money.lines
    .map((l) => `${l.quantity} × ${orderLines.find((o) => o.lineNo === l.lineNo)?.productName}`)
    .concat(money.shippingCents > 0 ? ['shipping'] : [])
    .join(', ');
  await addOrderEvent(
    tx,
    order.id,
    'credit_note',
    `${number}: ${dollars(money.totalCents)} for ${contents || 'nothing'} (${request.reason})`,
  );
  if (company) await creditToAccount(tx, company, order, note, actor);
  await emitCreditNoteIssued(tx, order, note);
  return note;
}

/**
 * Gives a card credit note's money back through the provider, once: the provider's key is the
 * note's number, so a retry (or two callers at once) refunds it once, and only the caller that
 * marks it refunded writes the timeline and the audit. False when the provider could not: the
 * note stays owed, the log and the audit say so, and `refundOwed` tries again.
 */
export async function refundCreditNote(
  deps: Pick<PaymentDeps, 'db' | 'provider' | 'log'>,
  order: OrderRow,
  note: CreditNoteRow,
  actor: AuditActor,
) {
  if (note.refund !== 'card' || note.refundedAt) return true;
  if (note.totalCents === 0) {
    await deps.db.transaction((tx) => markRefunded(tx, note.id, new Date()));
    return true;
  }
  const paymentId = order.transactionId;
  try {
    if (!paymentId) throw new Error('the order has no payment to refund');
    await deps.provider.refundPart(paymentId, {
      amountCents: note.totalCents,
      key: `refund-${note.number}`,
    });
  } catch (err) {
    deps.log.error({ err, orderId: order.id }, `refund of credit note ${note.number} failed`);
    await recordAudit(deps.db, actor, {
      action: 'payment.refund_failed',
      targetType: 'order',
      targetId: order.id,
      summary: `The refund of ${dollars(note.totalCents)} (credit note ${note.number}) for order #${order.number} failed (${err instanceof Error ? err.message : String(err)}): cancel again to retry, or refund it at the provider`,
    });
    return false;
  }
  await deps.db.transaction(async (tx) => {
    if (!(await markRefunded(tx, note.id, new Date()))) return;
    await addOrderEvent(
      tx,
      order.id,
      'refunded',
      `${dollars(note.totalCents)} to the card (payment ${paymentId}, credit note ${note.number})`,
    );
    await recordAudit(tx, actor, {
      action: 'payment.refund',
      targetType: 'order',
      targetId: order.id,
      summary: `Refunded ${dollars(note.totalCents)} (payment ${paymentId}, credit note ${note.number}) to ${order.email}, order #${order.number}`,
    });
  });
  return true;
}

/** Refunds every card credit note of an order still owed (a failed refund tried again). */
export async function refundOwed(
  deps: Pick<PaymentDeps, 'db' | 'provider' | 'log'>,
  orderId: string,
  actor: AuditActor,
): Promise<'none owed' | 'refunded' | 'failed'> {
  const order = await findOrder(deps.db, orderId);
  const notes = (await creditNotesOfOrders(deps.db, [orderId])).get(orderId) ?? [];
  const owed = notes.filter((note) => note.refund === 'card' && note.refundedAt === null);
  if (!order || owed.length === 0) return 'none owed';
  let outcome: 'refunded' | 'failed' = 'refunded';
  for (const note of owed) {
    if (!(await refundCreditNote(deps, order, note, actor))) outcome = 'failed';
  }
  return outcome;
}
