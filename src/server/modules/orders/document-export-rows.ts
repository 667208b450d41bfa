import { and, asc, eq, gt, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rawRows } from '../../db/raw-rows.ts';
import { companies, orders, type TaxLineCents } from '../../db/schema.ts';
import { EXPORT_PAGE_SIZE, type ExportWindow } from '../../lib/export-window.ts';

// The invoices export: every invoice and credit note, read from the orders that carry their
// numbers (an order has at most one of each), with the dates the PDFs print
// (src/server/modules/invoices/from-order.ts). A credit note's amounts are the invoice's,
// negated.

export type DocumentExportRow = {
  kind: 'invoice' | 'credit-note';
  number: string;
  date: Date;
  orderNumber: number;
  customer: string;
  vatId: string;
  netCents: number;
  tax: TaxLineCents[];
  grossCents: number;
  dueAt: Date | null;
  paidAt: Date | null;
};

// The days the documents are dated, as documentOfOrder dates them.
const invoiceDate = sql`coalesce(${orders.invoicedAt}, ${orders.paidAt}, ${orders.createdAt})`;
const creditDate = sql`coalesce(${orders.creditedAt}, ${orders.cancelledAt}, ${orders.createdAt})`;

function dated(date: SQL, window: ExportWindow): SQL[] {
  return [
    ...(window.since ? [sql`${date} >= ${window.since.toISOString()}`] : []),
    ...(window.before ? [sql`${date} < ${window.before.toISOString()}`] : []),
  ];
}

/** An order with an invoice or a credit note dated within the window. */
const withDocumentIn = (window: ExportWindow) =>
  or(
    and(isNotNull(orders.invoiceNumber), ...dated(invoiceDate, window)),
    and(isNotNull(orders.creditNoteNumber), ...dated(creditDate, window)),
  );

const inWindow = (date: Date, { since, before }: ExportWindow) =>
  (!since || date >= since) && (!before || date < before);

/** The tax rates (milli-percent) the documents in the window carry, lowest first. */
export async function documentTaxRates(db: Db, window: ExportWindow): Promise<number[]> {
  const rows = rawRows<{ rate: number | string }>(
    await db.execute(sql`select distinct (t ->> 'rateMilli')::int as rate
      from ${orders}, jsonb_array_elements(${orders.tax}) as t
      where ${withDocumentIn(window)} order by 1`),
  );
  return rows.map((r) => Number(r.rate));
}

/** Invoices and credit notes, a page of orders at a time, in order-number order. */
export async function* documentExportPages(
  db: Db,
  window: ExportWindow,
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<DocumentExportRow[]> {
  let after: number | undefined;
  for (;;) {
    const rows = await db
      .select({
        order: orders,
        companyName: companies.name,
        invoiceDate: sql<Date>`${invoiceDate}`.mapWith(orders.createdAt),
        creditDate: sql<Date>`${creditDate}`.mapWith(orders.createdAt),
        // A credit note's money is paid back when the refund went through (its timeline says).
        refundedAt: sql<Date | null>`(select min(e.at) from order_event e
          where e.order_id = ${orders.id} and e.event = 'refunded')`.mapWith(orders.createdAt),
      })
      .from(orders)
      .leftJoin(companies, eq(companies.id, orders.companyId))
      .where(
        and(withDocumentIn(window), after === undefined ? undefined : gt(orders.number, after)),
      )
      .orderBy(asc(orders.number))
      .limit(pageSize);
    const documents: DocumentExportRow[] = [];
    for (const {
      order,
      companyName,
      invoiceDate: invoiced,
      creditDate: credited,
      refundedAt,
    } of rows) {
      const billTo = order.billingAddress ?? order.shippingAddress;
      const customer = order.buyerCompany || companyName || billTo?.name || order.userName;
      const net = order.totalCents + order.shippingCents;
      const base = { orderNumber: order.number, customer, vatId: order.buyerVatId };
      if (order.invoiceNumber && inWindow(invoiced, window)) {
        // On account an invoice is due, not paid, when it is issued (as the PDF says).
        const onAccount = order.paymentMethod === 'account';
        documents.push({
          ...base,
          kind: 'invoice',
          number: order.invoiceNumber,
          date: invoiced,
          netCents: net,
          tax: order.tax,
          grossCents: order.grandTotalCents,
          dueAt: onAccount ? order.dueAt : null,
          paidAt: onAccount ? null : order.paidAt,
        });
      }
      if (order.creditNoteNumber && inWindow(credited, window)) {
        documents.push({
          ...base,
          kind: 'credit-note',
          number: order.creditNoteNumber,
          date: credited,
          netCents: -net,
          tax: order.tax.map((t) => ({ ...t, amountCents: -t.amountCents })),
          grossCents: -order.grandTotalCents,
          dueAt: null,
          paidAt: refundedAt,
        });
      }
    }
    if (documents.length > 0) yield documents;
    const last = rows.at(-1);
    if (!last || rows.length < pageSize) return;
    after = last.order.number;
  }
}
