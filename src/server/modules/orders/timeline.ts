import { asc, inArray } from 'drizzle-orm';
import type { OrderEventKind } from '../../../contract/order-events.ts';
import type { TimelineEntry } from '../../../contract/order-delivery.ts';
import type { Executor } from '../../db/client.ts';
import { orderEvents } from '../../db/schema.ts';

/**
 * Notes what happened to an order. Written in the transaction of the change itself, so the
 * timeline never says more (or less) than the order did. Returns the entry as the API shows it.
 */
export async function addOrderEvent(
  tx: Executor,
  orderId: string,
  event: OrderEventKind,
  detail = '',
): Promise<TimelineEntry> {
  const [row] = await tx
    .insert(orderEvents)
    .values({ orderId, event, detail })
    .returning({ at: orderEvents.at });
  return { at: row!.at.toISOString(), event, detail };
}

/** The timelines of these orders, oldest event first, read in one query. */
export async function timelinesOfOrders(db: Executor, orderIds: string[]) {
  const byOrder = new Map<string, TimelineEntry[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(orderEvents)
    .where(inArray(orderEvents.orderId, orderIds))
    .orderBy(asc(orderEvents.orderId), asc(orderEvents.id));
  for (const row of rows) {
    const list = byOrder.get(row.orderId) ?? [];
    list.push({ at: row.at.toISOString(), event: row.event, detail: row.detail });
    byOrder.set(row.orderId, list);
  }
  return byOrder;
}
