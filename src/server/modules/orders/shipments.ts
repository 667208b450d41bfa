import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orderLines, orders, shipmentLines, shipments } from '../../db/schema.ts';

// An order's parcels: what each carried, and what is left to send.

export type ShipmentLineView = {
  lineNo: number;
  productId: string | null;
  sku: string;
  name: string;
  quantity: number;
};

export type ShipmentView = {
  id: string;
  carrier: string;
  trackingNumber: string;
  trackingUrl: string | null;
  createdAt: Date;
  lines: ShipmentLineView[];
};

/** The shipments of these orders, oldest first, with their lines; two queries for any number. */
export async function shipmentsOfOrders(db: Executor, orderIds: string[]) {
  const byOrder = new Map<string, ShipmentView[]>();
  if (orderIds.length === 0) return byOrder;
  const heads = await db
    .select()
    .from(shipments)
    .where(inArray(shipments.orderId, orderIds))
    .orderBy(asc(shipments.createdAt), asc(shipments.id));
  if (heads.length === 0) return byOrder;
  const lines = await db
    .select({
      shipmentId: shipmentLines.shipmentId,
      lineNo: shipmentLines.lineNo,
      quantity: shipmentLines.quantity,
      productId: orderLines.productId,
      sku: orderLines.sku,
      name: orderLines.productName,
    })
    .from(shipmentLines)
    .innerJoin(
      orderLines,
      and(
        eq(orderLines.orderId, shipmentLines.orderId),
        eq(orderLines.lineNo, shipmentLines.lineNo),
      ),
    )
    .where(inArray(shipmentLines.orderId, orderIds))
    .orderBy(asc(shipmentLines.lineNo));
  const linesOf = new Map<string, ShipmentLineView[]>();
  for (const { shipmentId, ...line } of lines) {
    const list = linesOf.get(shipmentId) ?? [];
    list.push(line);
    linesOf.set(shipmentId, list);
  }
  for (const head of heads) {
    const list = byOrder.get(head.orderId) ?? [];
    list.push({
      id: head.id,
      carrier: head.carrier,
      trackingNumber: head.trackingNumber,
      trackingUrl: head.trackingUrl,
      createdAt: head.createdAt,
      lines: linesOf.get(head.id) ?? [],
    });
    byOrder.set(head.orderId, list);
  }
  return byOrder;
}

/** How many of each line of an order have shipped so far, by line number. */
export async function shippedQuantities(db: Executor, orderId: string) {
  const rows = await db
    .select({
      lineNo: shipmentLines.lineNo,
      shipped: sql<number>`cast(sum(${shipmentLines.quantity}) as integer)`,
    })
    .from(shipmentLines)
    .where(eq(shipmentLines.orderId, orderId))
    .groupBy(shipmentLines.lineNo);
  return new Map(rows.map((row) => [row.lineNo, Number(row.shipped)]));
}

export type NewShipment = {
  orderId: string;
  carrier: string;
  trackingNumber: string;
  trackingUrl: string | null;
  createdBy: string;
  lines: { lineNo: number; quantity: number }[];
};

/** Writes a shipment and its lines; the caller has locked the order and checked the quantities. */
export async function insertShipment(tx: Executor, shipment: NewShipment) {
  const { lines, ...head } = shipment;
  const [row] = await tx.insert(shipments).values(head).returning();
  await tx
    .insert(shipmentLines)
    .values(lines.map((line) => ({ ...line, shipmentId: row!.id, orderId: shipment.orderId })));
  return row!;
}

/**
 * After a shipment: `shipped` (with the day) once every line has gone, `partially_shipped`
 * until then.
 */
export async function markShipmentProgress(tx: Executor, orderId: string, complete: boolean) {
  const [row] = await tx
    .update(orders)
    .set(
      complete
        ? { status: 'shipped', shippedAt: new Date() }
        : { status: 'partially_shipped', shippedAt: null },
    )
    .where(eq(orders.id, orderId))
    .returning();
  return row!;
}
