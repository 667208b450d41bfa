import type { Order } from '../../../contract/orders.ts';

/** One line of an order with how many of its pieces have gone out and how many are left. */
export type LineToShip = {
  productId: string | null;
  sku: string;
  name: string;
  quantity: number;
  shipped: number;
  cancelled: number;
  /** Awaited from a receipt: not on the shelf yet. */
  backordered: number;
  left: number;
};

/** Each line's pieces shipped so far (in every parcel) and left to ship (not cancelled). */
export function linesToShip(order: Pick<Order, 'lines' | 'shipments'>): LineToShip[] {
  const shipped = new Map<string, number>();
  for (const parcel of order.shipments) {
    for (const line of parcel.lines) {
      const key = line.productId ?? line.sku;
      shipped.set(key, (shipped.get(key) ?? 0) + line.quantity);
    }
  }
  return order.lines.map((line) => {
    const gone = shipped.get(line.productId ?? line.sku) ?? 0;
    // What can ship is what was reserved from stock; backordered pieces wait for a receipt.
    return { ...line, shipped: gone, left: Math.max(0, line.reserved - gone) };
  });
}

/** Whether the order's status allows another parcel. */
export const canShip = (order: Pick<Order, 'status'>) =>
  order.status === 'paid' || order.status === 'partially_shipped';

/**
 * An admin may cancel (and refund) what has not shipped of a paid order: the whole order while
 * nothing has, the pieces left once a parcel has gone.
 */
export const canCancel = (order: Pick<Order, 'status'>) =>
  order.status === 'paid' || order.status === 'partially_shipped';

/** The buyer may cancel pieces of a paid order still awaited on backorder. */
export const canCancelBackordered = (order: Pick<Order, 'status' | 'lines'>) =>
  canCancel(order) && order.lines.some((line) => line.backordered > 0);

/** Pieces of an unpaid order may be cancelled (its buyer or an admin) while more than one is left. */
export const canCancelUnpaid = (order: Pick<Order, 'status' | 'quantity'>) =>
  order.status === 'unpaid' && order.quantity > 1;
