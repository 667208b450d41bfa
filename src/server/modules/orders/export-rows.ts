import { and, asc, eq, gt, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { OrderState } from '../../../contract/orders.ts';
import type { Db } from '../../db/client.ts';
import { companies, orderLines, orders } from '../../db/schema.ts';
import { EXPORT_PAGE_SIZE, type ExportWindow } from '../../lib/export-window.ts';

// The orders export reads order lines here, a page at a time, in order-number order: keyset
// pagination on (number, line), so a page costs the same at the end of the table as at the
// start and nothing is held but the page.

export type OrderLineExportRow = {
  number: number;
  createdAt: Date;
  status: OrderState;
  company: string;
  email: string;
  poNumber: string | null;
  sku: string;
  productName: string;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
  shippingCents: number;
  taxTotalCents: number;
  grandTotalCents: number;
  invoiceNumber: string | null;
  shipToCountry: string | null;
};

/** Placed within the window (and in the status, and among the numbers, when asked for). */
function orderFilter(window: ExportWindow, status?: OrderState, numbers?: number[]): SQL[] {
  return [
    ...(numbers ? [inArray(orders.number, numbers)] : []),
    ...(window.since ? [gte(orders.createdAt, window.since)] : []),
    ...(window.before ? [lt(orders.createdAt, window.before)] : []),
    ...(status ? [eq(orders.status, status)] : []),
  ];
}

/** One row per order line, a page at a time. */
export async function* orderLineExportPages(
  db: Db,
  { window, status, numbers }: { window: ExportWindow; status?: OrderState; numbers?: number[] },
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<OrderLineExportRow[]> {
  let after: { number: number; lineNo: number } | undefined;
  for (;;) {
    const rows = await db
      .select({
        number: orders.number,
        lineNo: orderLines.lineNo,
        createdAt: orders.createdAt,
        status: orders.status,
        // As the invoice names the buyer's company (copied at pricing), else the company now.
        company: sql<string>`coalesce(nullif(${orders.buyerCompany}, ''), ${companies.name}, '')`,
        email: orders.email,
        poNumber: orders.poNumber,
        sku: orderLines.sku,
        productName: orderLines.productName,
        quantity: orderLines.quantity,
        unitPriceCents: orderLines.unitPriceCents,
        lineTotalCents: orderLines.lineTotalCents,
        shippingCents: orders.shippingCents,
        taxTotalCents: orders.taxTotalCents,
        grandTotalCents: orders.grandTotalCents,
        invoiceNumber: orders.invoiceNumber,
        shipToCountry: sql<string | null>`${orders.shippingAddress} ->> 'country'`,
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .leftJoin(companies, eq(companies.id, orders.companyId))
      .where(
        and(
          ...orderFilter(window, status, numbers),
          after &&
            or(
              gt(orders.number, after.number),
              and(eq(orders.number, after.number), gt(orderLines.lineNo, after.lineNo)),
            ),
        ),
      )
      .orderBy(asc(orders.number), asc(orderLines.lineNo))
      .limit(pageSize);
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < pageSize) return;
    after = { number: last.number, lineNo: last.lineNo };
  }
}
