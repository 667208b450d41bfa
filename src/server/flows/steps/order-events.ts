import { centsToDollars } from '../../../contract/money.ts';
import type { Executor } from '../../db/client.ts';
import { presentOrder } from '../../modules/orders/present.ts';
import { findOrder, type OrderRow } from '../../modules/orders/repository.ts';
import { subscribedEndpoints, writeEvent } from '../../modules/webhooks/outbox.ts';
import { emitEvent } from './emit-event.ts';

// The webhook events of an order's life, in the transaction of the change. `data` is the order
// as GET /api/order/{id} answers it; an invoice or a credit note (served as a PDF, with no JSON
// shape of its own) is its number and dates with that order.

export type OrderEventType = 'order.placed' | 'order.paid' | 'order.shipped' | 'order.cancelled';

export const emitOrderEvent = (tx: Executor, type: OrderEventType, row: OrderRow) =>
  emitEvent(tx, type, () => presentOrder(tx, row));

/** The same, for an order known by its id (the expiry sweep's rows). */
export const emitOrderEventOf = (tx: Executor, type: OrderEventType, id: string) =>
  emitEvent(tx, type, async () => {
    const row = await findOrder(tx, id);
    return row ? presentOrder(tx, row) : { _id: id };
  });

export const emitInvoiceIssued = (tx: Executor, row: OrderRow) =>
  emitEvent(tx, 'invoice.issued', async () => ({
    number: row.invoiceNumber,
    issuedAt: row.invoicedAt?.toISOString() ?? null,
    dueAt: row.dueAt?.toISOString() ?? null,
    order: await presentOrder(tx, row),
  }));

export const emitCreditNoteIssued = (
  tx: Executor,
  row: OrderRow,
  note: { number: string; issuedAt: Date; totalCents: number },
) =>
  emitEvent(tx, 'credit_note.issued', async () => ({
    number: note.number,
    issuedAt: note.issuedAt.toISOString(),
    total: centsToDollars(note.totalCents),
    cancelsInvoice: row.invoiceNumber,
    order: await presentOrder(tx, row),
  }));

/**
 * `order.cancelled` of an unpaid order deleted (by its customer, or an admin): the API answers
 * 404 for it afterwards, so the order is read as GET /api/order/{id} answered it before the
 * delete takes its lines and timeline with it (only when an endpoint listens), and its event
 * written once the delete went through, with `status: cancelled`. Call it before the delete,
 * and what it answers after it, in the same transaction.
 */
export async function beforeOrderDelete(tx: Executor, id: string) {
  const endpointIds = await subscribedEndpoints(tx, 'order.cancelled');
  const row = endpointIds.length > 0 ? await findOrder(tx, id) : undefined;
  const shown = row && (await presentOrder(tx, row));
  return async function deleted() {
    if (!shown) return;
    await writeEvent(tx, 'order.cancelled', { ...shown, status: 'cancelled' }, endpointIds);
  };
}
