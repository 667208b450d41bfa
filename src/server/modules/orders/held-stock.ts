import { and, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orderLines, orders } from '../../db/schema.ts';

/**
 * Pieces of each product that unpaid orders (and those waiting for approval) hold: taken off
 * the shelf's count already, and not the shop's to count again until they are paid or expire.
 */
export async function heldUnpaid(db: Executor, productIds: readonly string[]) {
  if (productIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({
      productId: orderLines.productId,
      held: sql<number>`sum(${orderLines.reserved})::int`,
    })
    .from(orderLines)
    .innerJoin(orders, sql`${orders.id} = ${orderLines.orderId}`)
    .where(
      and(
        inArray(orders.status, ['unpaid', 'awaiting_approval']),
        inArray(orderLines.productId, [...productIds]),
      ),
    )
    .groupBy(orderLines.productId);
  return new Map(rows.flatMap((r) => (r.productId ? [[r.productId, r.held] as const] : [])));
}
