import { AppError } from '../../errors.ts';
import type { Db } from '../../db/client.ts';
import { documentOfCreditNote, invoiceOfOrder } from '../../modules/invoices/from-order.ts';
import { pdfFileName, renderInvoicePdf } from '../../modules/invoices/pdf.ts';
import { findCreditNote } from '../../modules/orders/credit-notes.ts';
import { linesOfOrders } from '../../modules/orders/repository.ts';
import { orderById } from '../../modules/orders/service.ts';
import { readShopSettings } from '../../modules/shop-settings/repository.ts';

export type DocumentKind = 'invoice' | 'credit-note';

const missing: Record<DocumentKind, string> = {
  invoice: 'This order has no invoice yet',
  'credit-note': 'This order has no credit note',
};

/**
 * An order's invoice, or the credit note that cancelled it, as a PDF with the file name to save
 * it under; 404 while it has none (an invoice comes with the payment, that credit note with the
 * cancellation; orders paid before invoices were numbered have none). Whose order it is the
 * endpoint's guard has checked.
 */
export async function orderDocumentPdf(db: Db, id: string, kind: DocumentKind) {
  const order = await orderById(db, id);
  if (kind === 'credit-note') {
    if (!order.creditNoteNumber) throw new AppError('not_found', missing[kind]);
    return creditNotePdf(db, id, order.creditNoteNumber);
  }
  const [lines, shop] = await Promise.all([linesOfOrders(db, [order.id]), readShopSettings(db)]);
  const doc = invoiceOfOrder(order, lines.get(order.id) ?? [], shop);
  if (!doc) throw new AppError('not_found', missing[kind]);
  return { bytes: await renderInvoicePdf(doc), fileName: pdfFileName(doc) };
}

/** One credit note of an order, by its number, as a PDF; 404 when the order has no such note. */
export async function creditNotePdf(db: Db, id: string, number: string) {
  const order = await orderById(db, id);
  const [note, lines, shop] = await Promise.all([
    findCreditNote(db, order.id, number),
    linesOfOrders(db, [order.id]),
    readShopSettings(db),
  ]);
  if (!note) throw new AppError('not_found', `This order has no credit note ${number}`);
  const doc = documentOfCreditNote(order, lines.get(order.id) ?? [], shop, note);
  return { bytes: await renderInvoicePdf(doc), fileName: pdfFileName(doc) };
}
