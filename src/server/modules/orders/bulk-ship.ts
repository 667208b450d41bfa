import type { BulkShipInput, BulkShipResult } from '../../../contract/orders.ts';
import type { CurrentUser } from '../../auth/current-user.ts';
import { AppError } from '../../errors.ts';
import { findOrdersByNumber } from './repository.ts';
import { shipEverythingLeft, type ShipDeps } from './ship.ts';

type Result = BulkShipResult['results'][number];

/** What shipped: "Shipped in full" or "Shipped what is in stock; …". */
const shippedText = (status: Result['status'], trackingNumber?: string) =>
  `${status === 'shipped' ? 'Shipped in full' : 'Shipped what is in stock; the rest waits on backorder'}${trackingNumber ? `, tracking ${trackingNumber}` : ''}.`;

/**
 * The desk's "Ship all": each order ships everything left that is allocated, exactly as its own
 * ship action would (one parcel, the same rules and the same mail), in its own transaction, so
 * one order refused (unpaid, waiting to ship together, nothing in stock) stops none of the
 * others. One answer per order, in the order asked.
 */
export async function shipMany(
  deps: ShipDeps,
  admin: CurrentUser,
  input: BulkShipInput,
): Promise<BulkShipResult> {
  const rows = await findOrdersByNumber(
    deps.db,
    input.orders.map((o) => o.number),
  );
  const byNumber = new Map(rows.map((row) => [row.number, row]));
  const results: Result[] = [];
  for (const asked of input.orders) {
    const row = byNumber.get(asked.number);
    if (!row) {
      results.push({
        number: asked.number,
        shipped: false,
        status: null,
        message: 'No such order.',
      });
      continue;
    }
    if (row.status === 'shipped') {
      results.push({
        number: row.number,
        shipped: false,
        status: row.status,
        message: 'Everything in this order has shipped already.',
      });
      continue;
    }
    const trackingNumber = asked.trackingNumber || undefined;
    try {
      const order = await shipEverythingLeft(deps, admin, row.id, {
        ...(asked.carrier ? { carrier: asked.carrier } : {}),
        ...(trackingNumber ? { trackingNumber } : {}),
      });
      results.push({
        number: row.number,
        shipped: true,
        status: order.status,
        message: shippedText(order.status, trackingNumber),
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({
        number: row.number,
        shipped: false,
        status: row.status,
        message: error.message,
      });
    }
  }
  return { results, shipped: results.filter((r) => r.shipped).length };
}
