import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import type { OrderRow } from './repository.ts';

// An order charged to its company's account: paid on the company's terms, invoiced at once and
// due `netDays` after the invoice date.

/**
 * Marks an unpaid order paid on account, once: with its PO number and the amount charged (its
 * grand total). Undefined when it is no longer unpaid (paid, expired, cancelled meanwhile).
 */
export async function markChargedToAccount(
  tx: Executor,
  orderId: string,
  { poNumber, at }: { poNumber: string | null; at: Date },
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(orders)
    .set({
      status: 'paid',
      paymentMethod: 'account',
      poNumber,
      paidAt: at,
      amountTotalCents: sql`${orders.grandTotalCents}`,
    })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'unpaid')))
    .returning();
  return row;
}

/** Dates the invoice of an order on account and when it is due, once it has its number. */
export async function setInvoiceDue(
  tx: Executor,
  orderId: string,
  { invoiceNumber, at, dueAt }: { invoiceNumber: string; at: Date; dueAt: Date },
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(orders)
    .set({ invoiceNumber, invoicedAt: at, dueAt })
    .where(and(eq(orders.id, orderId), sql`${orders.invoiceNumber} is null`))
    .returning();
  return row;
}
