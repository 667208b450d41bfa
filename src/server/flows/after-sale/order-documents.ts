import { AppError } from '../../errors.ts';
import type { Db } from '../../db/client.ts';
import { documentOfOrder, type DocumentKind } from '../../modules/invoices/from-order.ts';
import { pdfFileName, renderInvoicePdf } from '../../modules/invoices/pdf.ts';
import { linesOfOrders } from '../../modules/orders/repository.ts';
import { orderById } from '../../modules/orders/service.ts';
import { timelinesOfOrders } from '../../modules/orders/timeline.ts';
import { readShopSettings } from '../../modules/shop-settings/repository.ts';

const missing: Record<DocumentKind, string> = {
  invoice: 'This order has no invoice yet',
  'credit-note': 'This order has no credit note',
};

/**
 * An order's invoice or credit note as a PDF, with the file name to save it under; 404 while it
 * has none (an invoice comes with the payment, a credit note with the cancellation; orders paid
 * before invoices were numbered have none). Whose order it is the endpoint's guard has checked.
 */
export async function orderDocumentPdf(db: Db, id: string, kind: DocumentKind) {
  const order = await orderById(db, id);
  if (!(kind === 'invoice' ? order.invoiceNumber : order.creditNoteNumber)) {
    throw new AppError('not_found', missing[kind]);
  }
  const [lines, shop, timelines] = await Promise.all([
    linesOfOrders(db, [order.id]),
    readShopSettings(db),
    kind === 'credit-note' ? timelinesOfOrders(db, [order.id]) : undefined,
  ]);
  const refunded = timelines?.get(order.id)?.find((e) => e.event === 'refunded');
  const doc = documentOfOrder(
    kind,
    order,
    lines.get(order.id) ?? [],
    shop,
    refunded ? new Date(refunded.at) : null,
  );
  if (!doc) throw new AppError('not_found', missing[kind]);
  return { bytes: await renderInvoicePdf(doc), fileName: pdfFileName(doc) };
}
