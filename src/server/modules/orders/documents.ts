import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import type { OrderRow } from './repository.ts';

// The numbered documents of an order: its invoice (at payment) and its credit note (at
// cancellation). Each number is written once; the callers allocate it in the same transaction.

/** Notes the invoice number of an order that has none yet; undefined if it has one already. */
export async function setInvoiceNumber(
  tx: Executor,
  orderId: string,
  invoiceNumber: string,
  at: Date,
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(orders)
    .set({ invoiceNumber, invoicedAt: at })
    .where(and(eq(orders.id, orderId), isNull(orders.invoiceNumber)))
    .returning();
  return row;
}

/**
 * The order, locked until the transaction ends: shipments and cancellations line up on it.
 * Not FOR UPDATE: rows that only point at the order (its timeline) need not wait for this.
 */
export async function lockOrder(tx: Executor, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('no key update');
  return row;
}

/**
 * Cancels a paid order that has shipped nothing (still `paid`), with its credit note number;
 * undefined when it is in any other state.
 */
export async function markCancelled(
  tx: Executor,
  orderId: string,
  { reason, creditNoteNumber, at }: { reason: string; creditNoteNumber: string; at: Date },
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(orders)
    .set({
      status: 'cancelled',
      cancelledAt: at,
      cancelReason: reason,
      creditNoteNumber,
      creditedAt: at,
    })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'paid')))
    .returning();
  return row;
}
