import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from './client.ts';
import { companies, products, savedListLines, savedLists } from './schema.ts';
import { demoCompany } from './seed-companies.ts';

/**
 * The demo saved list (issue 34): the demo workshop's weekly consumables, shared with the
 * company, so its buyer (and its owner) find it in Dashboard, Lists and send it to the cart.
 * One line is sold in packs and saved off the pack, so its raise is seen too.
 */
export const demoSavedList = {
  name: 'Workshop weekly consumables',
  createdByName: 'Bram Buyer',
  lines: [
    { sku: 'ECP-CH11-01', quantity: 20 },
    { sku: 'ECP-DBP-01', quantity: 40 },
    { sku: 'ECP-IT700-25', quantity: 50 },
    { sku: 'ECP-NTL-03', quantity: 20 },
    { sku: 'ECP-CWC-01', quantity: 15 },
  ],
};

/** Seeds the demo list where the demo company and its parts are (nothing when they are not). */
export async function seedSavedListDemo(tx: Executor) {
  const [company] = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.name, demoCompany.name));
  if (!company) return;
  const skus = demoSavedList.lines.map((line) => line.sku);
  const parts = await tx
    .select({ id: products.id, sku: products.sku, name: products.name })
    .from(products)
    .where(inArray(products.sku, skus));
  const bySku = new Map(parts.map((part) => [part.sku, part]));
  const [list] = await tx
    .insert(savedLists)
    .values({
      companyId: company.id,
      name: demoSavedList.name,
      createdByName: demoSavedList.createdByName,
    })
    .returning({ id: savedLists.id });
  if (!list) throw new Error('insert returned no row');
  const lines = demoSavedList.lines.flatMap(({ sku, quantity }, i) => {
    const part = bySku.get(sku);
    if (!part) return [];
    const at = sql`now() + make_interval(secs => ${i})`;
    return [{ listId: list.id, productId: part.id, sku, name: part.name, quantity, createdAt: at }];
  });
  if (lines.length > 0) await tx.insert(savedListLines).values(lines);
}
