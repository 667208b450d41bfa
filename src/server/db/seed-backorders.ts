import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from './client.ts';
import { products } from './schema.ts';

/**
 * The demo part on backorder (issue 34): a rear derailleur the wholesaler has none of, which
 * takes orders anyway and is expected in six weeks, so the shop, its product page and checkout
 * show a backorder. Only where it is still sold out as seeded.
 */
export const demoBackorderSku = 'SHI-RD-M6100-SGS';

export async function seedBackorderDemo(tx: Executor) {
  await tx
    .update(products)
    .set({
      backorderAllowed: true,
      backorderExpectedAt: sql`(current_date + 42)::date`,
      updatedAt: new Date(),
    })
    .where(and(eq(products.sku, demoBackorderSku), eq(products.stock, 0)));
}
