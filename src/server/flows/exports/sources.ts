import {
  ATTRIBUTE_PREFIX,
  attributeCell,
  moneyCell,
  pathCell,
  priceColumns,
  productColumns,
  tiersCell,
} from '../../../contract/csv-cells.ts';
import { EXPORT_CURRENCY, type ExportName, type ExportQuery } from '../../../contract/exports.ts';
import type { OrderState } from '../../../contract/orders.ts';
import type { Db } from '../../db/client.ts';
import type { CsvSource } from '../../lib/csv-stream.ts';
import { dayCell, plainText } from '../../lib/csv-stream.ts';
import type { ExportWindow } from '../../lib/export-window.ts';
import { attributeKeysInUse, productExportPages } from '../../modules/catalog/export-rows.ts';
import {
  companyToExport,
  dealerPriceExportRows,
} from '../../modules/companies/dealer-price-export-rows.ts';
import { customerExportPages } from '../../modules/companies/export-rows.ts';
import {
  documentExportPages,
  documentTaxRates,
} from '../../modules/orders/document-export-rows.ts';
import { orderLineExportPages } from '../../modules/orders/export-rows.ts';

// What each export writes: its header and each row's cells, from the pages its module reads.
// Money is written by moneyCell (a dot, two decimals), dates as YYYY-MM-DD; free text people
// typed is kept from running as a spreadsheet formula (plainText), except in the products file,
// which must read back exactly as it is.

/** A file's rows, and whom it is about when it is one company's (its name goes in the file's). */
type Source = (
  db: Db,
  window: ExportWindow,
  query: ExportQuery,
) => Promise<CsvSource & { about?: string }>;

async function* mapPages<T>(pages: AsyncIterable<T[]>, cells: (row: T) => string[]) {
  for await (const page of pages) yield page.map(cells);
}

const count = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

const orders: Source = async (db, window, query) => ({
  header: [
    'order number',
    'date',
    'status',
    'company',
    'buyer email',
    'PO number',
    'SKU',
    'name',
    'quantity',
    'unit price',
    'line total',
    'shipping',
    'tax',
    'grand total',
    'currency',
    'invoice number',
    'ship-to country',
  ],
  pages: mapPages(
    orderLineExportPages(db, {
      window,
      status: query.status as OrderState | undefined,
      numbers: query.order,
    }),
    (r) => [
      String(r.number),
      dayCell(r.createdAt),
      r.status,
      plainText(r.company),
      plainText(r.email),
      plainText(r.poNumber),
      r.sku,
      plainText(r.productName),
      String(r.quantity),
      moneyCell(r.unitPriceCents),
      moneyCell(r.lineTotalCents),
      moneyCell(r.shippingCents),
      moneyCell(r.taxTotalCents),
      moneyCell(r.grandTotalCents),
      EXPORT_CURRENCY,
      r.invoiceNumber ?? '',
      r.shipToCountry ?? '',
    ],
  ),
});

/** 20000 milli-percent as "20%", 8875 as "8.875%". */
const rateText = (rateMilli: number) => `${rateMilli / 1000}%`;

const invoices: Source = async (db, window, query) => {
  const rates = await documentTaxRates(db, window);
  const paid = query.status === 'paid' ? true : query.status === 'unpaid' ? false : undefined;
  async function* pages() {
    for await (const page of documentExportPages(db, window)) {
      const rows = page.filter((d) => paid === undefined || (d.paidAt !== null) === paid);
      yield rows.map((d) => [
        d.kind === 'invoice' ? 'invoice' : 'credit note',
        d.number,
        dayCell(d.date),
        String(d.orderNumber),
        plainText(d.customer),
        plainText(d.vatId),
        moneyCell(d.netCents),
        ...rates.map((rate) =>
          moneyCell(
            d.tax.filter((t) => t.rateMilli === rate).reduce((sum, t) => sum + t.amountCents, 0),
          ),
        ),
        moneyCell(d.grossCents),
        EXPORT_CURRENCY,
        dayCell(d.dueAt),
        dayCell(d.paidAt),
      ]);
    }
  }
  return {
    header: [
      'type',
      'number',
      'date',
      'order number',
      'customer',
      'VAT ID',
      'net',
      ...rates.map((rate) => `tax ${rateText(rate)}`),
      'gross',
      'currency',
      'due date',
      'paid date',
    ],
    pages: pages(),
  };
};

const products: Source = async (db, window) => {
  const keys = await attributeKeysInUse(db, window);
  return {
    header: [...productColumns, ...keys.map((key) => `${ATTRIBUTE_PREFIX}${key}`)],
    // Written exactly as the import reads them (src/contract/csv-cells.ts): no apostrophes.
    pages: mapPages(productExportPages(db, window), (p) => [
      p.sku,
      p.name,
      p.description,
      moneyCell(p.priceCents),
      tiersCell(p.tiers),
      String(p.moq),
      String(p.packSize),
      String(p.weightGrams),
      p.brand ?? '',
      pathCell(p.categoryPath),
      p.mpn ?? '',
      p.gtin ?? '',
      p.bin ?? '',
      p.imageUrl,
      p.family ?? '',
      ...keys.map((key) => {
        const value = p.attributes[key];
        if (value === undefined) return '';
        return attributeCell(Array.isArray(value) ? value.map(String) : value);
      }),
    ]),
  };
};

const customers: Source = async (db, window) => ({
  header: [
    'email',
    'name',
    'account',
    'signed up',
    'company',
    'company role',
    'VAT ID',
    'VAT ID verified',
    'terms (net days)',
    'credit limit',
    'balance',
    'discount %',
    'PO required',
    'currency',
  ],
  pages: mapPages(customerExportPages(db, window), (r) => [
    plainText(r.email),
    plainText(r.name),
    r.role === null ? '' : r.role === 'admin' ? 'admin' : 'customer',
    dayCell(r.signedUpAt),
    plainText(r.company?.name),
    r.companyRole ?? '',
    plainText(r.company?.vatId),
    r.company ? (r.company.vatIdVerified ? 'yes' : 'no') : '',
    count(r.company?.netDays),
    r.company ? moneyCell(r.company.creditLimitCents) : '',
    r.company ? moneyCell(r.company.balanceCents) : '',
    r.company ? String(r.company.discountMilli / 1000) : '',
    r.company ? (r.company.poRequired ? 'yes' : 'no') : '',
    r.company ? EXPORT_CURRENCY : '',
  ]),
});

/** One company's own ladders, as the dealer-prices import reads them: the price is the first rung's. */
const dealerPrices: Source = async (db, window, query) => {
  const company = await companyToExport(db, query.company);
  const rows = await dealerPriceExportRows(db, company.id, window);
  async function* pages() {
    if (rows.length > 0) {
      yield rows.map((r) => [r.sku, moneyCell(r.tiers[0]?.priceCents ?? 0), tiersCell(r.tiers)]);
    }
  }
  return { header: priceColumns, pages: pages(), about: company.name };
};

export const exportSources: Record<ExportName, Source> = {
  orders,
  invoices,
  products,
  customers,
  'dealer-prices': dealerPrices,
};
