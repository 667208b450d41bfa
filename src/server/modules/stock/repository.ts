import { count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { stockMovements } from '../../db/schema.ts';

/** One page of a product's movements, newest first (ids ascend in the order they were written). */
export async function listMovements(
  db: Executor,
  productId: string,
  { limit, offset }: { limit: number; offset: number },
) {
  const mine = eq(stockMovements.productId, productId);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(stockMovements)
      .where(mine)
      .orderBy(desc(stockMovements.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(stockMovements).where(mine),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/**
 * An order is deleted: its movements keep its number, so the ledger still says "#100001" and
 * "deleted" (issue 35). Called in the delete's transaction.
 */
export async function nameDeletedOrder(tx: Executor, orderId: string, orderNumber: number) {
  await tx.update(stockMovements).set({ orderNumber }).where(eq(stockMovements.orderId, orderId));
}
