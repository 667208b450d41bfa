import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orderLines, orders } from '../../db/schema.ts';
import type { NewOrder, OrderDeliveryValues, OrderLineRow } from './repository.ts';

/** A line of an unpaid order as it is once made smaller; `quantity` 0 removes it. */
export type SmallerLine = Pick<
  OrderLineRow,
  'lineNo' | 'quantity' | 'unitPriceCents' | 'lineTotalCents' | 'reserved' | 'backordered'
>;

/** What the order row says of its goods and their delivery once its lines have changed. */
export type RepricedOrder = Pick<
  NewOrder,
  'productId' | 'productName' | 'unitPriceCents' | 'quantity' | 'totalCents' | 'grandTotalCents'
> &
  Partial<OrderDeliveryValues>;

/** Writes the smaller lines of an unpaid order (the caller holds its lock); none left removes one. */
export async function writeSmallerLines(
  tx: Executor,
  orderId: string,
  lines: readonly SmallerLine[],
) {
  for (const { lineNo, ...values } of lines) {
    const which = and(eq(orderLines.orderId, orderId), eq(orderLines.lineNo, lineNo));
    if (values.quantity === 0) await tx.delete(orderLines).where(which);
    else await tx.update(orderLines).set(values).where(which);
  }
}

/** Sets an unpaid order's goods and delivery priced again; undefined once it is not unpaid. */
export async function repriceUnpaidOrder(tx: Executor, orderId: string, repriced: RepricedOrder) {
  const [row] = await tx
    .update(orders)
    .set(repriced)
    .where(and(eq(orders.id, orderId), eq(orders.status, 'unpaid')))
    .returning();
  return row;
}
