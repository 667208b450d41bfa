import { and, asc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companyPrices, products } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { ExportWindow } from '../../lib/export-window.ts';
import { companyNamedIn } from './company-named.ts';

// The dealer-prices export: one company's own ladders by SKU, in the columns its import reads,
// so an admin edits them in a spreadsheet and imports them back. A company has at most
// MAX_COMPANY_PRICES (1,000) own ladders: one page, one statement.

/** The company the `company` query names; a 400, as any other bad query value is. */
export async function companyToExport(db: Db, companyId: string | undefined) {
  if (!companyId) {
    throw new AppError('bad_request', 'company: choose the company whose dealer prices to export');
  }
  return companyNamedIn(db, 'company', companyId);
}

/** Its own ladders changed within the window, in SKU order. */
export async function dealerPriceExportRows(db: Db, companyId: string, window: ExportWindow) {
  const where: SQL[] = [eq(companyPrices.companyId, companyId)];
  if (window.since) where.push(gte(companyPrices.updatedAt, window.since));
  if (window.before) where.push(lt(companyPrices.updatedAt, window.before));
  return db
    .select({ sku: products.sku, tiers: companyPrices.tiers })
    .from(companyPrices)
    .innerJoin(products, eq(products.id, companyPrices.productId))
    .where(and(...where))
    .orderBy(asc(products.sku));
}
