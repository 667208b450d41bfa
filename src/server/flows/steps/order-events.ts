import type { Executor } from '../../db/client.ts';
import { presentOrder } from '../../modules/orders/present.ts';
import { findOrder, type OrderRow } from '../../modules/orders/repository.ts';
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

export const emitCreditNoteIssued = (tx: Executor, row: OrderRow) =>
  emitEvent(tx, 'credit_note.issued', async () => ({
    number: row.creditNoteNumber,
    issuedAt: row.cancelledAt?.toISOString() ?? null,
    cancelsInvoice: row.invoiceNumber,
    order: await presentOrder(tx, row),
  }));
