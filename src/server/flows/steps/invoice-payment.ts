import { centsToDollars, formatDollars } from '../../../contract/money.ts';
import type { Executor } from '../../db/client.ts';
import { nextDocumentNumber } from '../../modules/invoices/numbers.ts';
import { setInvoiceNumber } from '../../modules/orders/documents.ts';
import type { OrderRow } from '../../modules/orders/repository.ts';
import { addOrderEvent } from '../../modules/orders/timeline.ts';
import { readShopSettings } from '../../modules/shop-settings/repository.ts';
import { emitInvoiceIssued, emitOrderEvent } from './order-events.ts';

/**
 * Records on the timeline an order just marked paid and gives it its invoice number, in the
 * transaction that marked it: the number exists exactly when the payment does (a rollback
 * gives both back), and an order that has a number already never takes another.
 */
export async function invoicePaidOrder(tx: Executor, row: OrderRow): Promise<OrderRow> {
  const amount = formatDollars(centsToDollars(row.amountTotalCents ?? row.grandTotalCents));
  await addOrderEvent(tx, row.id, 'paid', `${amount}, payment ${row.transactionId ?? ''}`);
  if (row.invoiceNumber) {
    await emitOrderEvent(tx, 'order.paid', row);
    return row;
  }
  const at = row.paidAt ?? new Date();
  const { invoicePrefix } = await readShopSettings(tx);
  // Last of the transaction's reads: the year's counter stays locked from here to the commit.
  const number = await nextDocumentNumber(tx, 'invoice', invoicePrefix, at);
  const invoiced = await setInvoiceNumber(tx, row.id, number, at);
  if (!invoiced) throw new Error(`order ${row.id} was invoiced meanwhile`);
  await addOrderEvent(tx, row.id, 'invoiced', number);
  await emitOrderEvent(tx, 'order.paid', invoiced);
  await emitInvoiceIssued(tx, invoiced);
  return invoiced;
}
