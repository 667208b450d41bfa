import { z } from 'zod';
import { orderStates, pickedOrders } from './orders.ts';
import { productSlug } from './product-path.ts';

// The CSV exports (issue 33): what an admin downloads for a spreadsheet or a bookkeeper, and
// what an ERP reads. The cells of the products file are those the import reads back
// (csv-cells.ts); see docs/decisions/0029-imports-exports-and-jobs.md, "Exports".

export const exportNames = [
  'orders',
  'invoices',
  'products',
  'customers',
  'dealer-prices',
] as const;
export type ExportName = (typeof exportNames)[number];

/** The scope an API key needs for each export. */
export const exportScope = {
  orders: 'orders:read',
  invoices: 'orders:read',
  products: 'catalog:read',
  customers: 'orders:read',
  'dealer-prices': 'catalog:read',
} as const satisfies Record<ExportName, string>;

/** The money every document is in: the shop trades in dollars. */
export const EXPORT_CURRENCY = 'USD';

/** The invoices' status filter: whether the document has a paid (or refunded) date. */
export const invoiceStatuses = ['paid', 'unpaid'] as const;

/** A plain form sends an empty field for one left blank: that is no filter. */
const blankIsAbsent = (v: unknown) => (v === '' ? undefined : v);

const day = z.preprocess(
  blankIsAbsent,
  z.iso.date({ error: 'Write the date as YYYY-MM-DD' }).optional(),
);

export const exportParams = z.object({
  name: z.enum(exportNames).describe('orders, invoices, products, customers or dealer-prices'),
});

export const exportQuery = z
  .object({
    from: day.describe(
      'The first day (UTC) included: orders and invoices by their date, customers by when they signed up, products and dealer prices by their last change',
    ),
    to: day.describe('The last day (UTC) included'),
    status: z
      .preprocess(blankIsAbsent, z.enum(orderStates).optional())
      .describe(
        "orders: the order's status. invoices: paid (a paid or refunded date) or unpaid. Not taken by products and customers",
      ),
    order: pickedOrders.shape.order
      .optional()
      .describe(
        'orders only: these order numbers (the orders desk’s selection), repeated or comma-separated',
      ),
    company: z
      .preprocess(blankIsAbsent, z.string().max(100).optional())
      .describe(
        'dealer-prices only, and required there: the id of the company whose own ladders are written',
      ),
    excel: z
      .preprocess(blankIsAbsent, z.enum(['0', '1']).optional())
      .describe(
        '1: semicolons between cells and a UTF-8 BOM, for spreadsheets set to European settings',
      ),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'The first day comes after the last',
    path: ['from'],
  });
export type ExportQuery = z.output<typeof exportQuery>;

/** Which statuses each export takes; a status another export takes is refused (400). */
export const exportStatuses: Record<ExportName, readonly string[]> = {
  orders: orderStates,
  invoices: invoiceStatuses,
  products: [],
  customers: [],
  'dealer-prices': [],
};

/** The export that is one company's, named by `company`; the others take none. */
export const COMPANY_EXPORT: ExportName = 'dealer-prices';

/**
 * The file name a download is saved under: `orders-2026-11-29.csv`, and with whom it is about
 * (a company's dealer prices) `dealer-prices-velo-works-2026-11-29.csv`.
 */
export const exportFileName = (name: ExportName, today: Date, about?: string) =>
  [name, about ? productSlug(about) : '', today.toISOString().slice(0, 10)]
    .filter(Boolean)
    .join('-') + '.csv';

/** The address of one company's dealer-prices file, as its price table links to it. */
export const dealerPricesExportPath = (companyId: string) =>
  `/api/exports/dealer-prices.csv?company=${encodeURIComponent(companyId)}`;

/** The address of an export, as the Export page's forms send it. */
export const exportPath = (name: ExportName) => `/api/exports/${name}.csv`;

/** A file streamed as it is written: the handler answers a readable stream. */
export const fileStream = z.custom<{ pipe: unknown }>(
  (v) =>
    typeof v === 'object' && v !== null && typeof (v as { pipe?: unknown }).pipe === 'function',
);
