import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { products } from '../../db/schema.ts';

/** Where each of these products sits in the warehouse, for those that have a bin. */
export async function binsOf(db: Executor, productIds: string[]) {
  if (productIds.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: products.id, bin: products.bin })
    .from(products)
    .where(inArray(products.id, productIds));
  return new Map(rows.flatMap((r) => (r.bin ? [[r.id, r.bin] as const] : [])));
}
