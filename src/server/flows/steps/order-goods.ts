import type { Executor } from '../../db/client.ts';
import { findProductsByIds } from '../../modules/cart/repository.ts';
import { linesOfOrders, type OrderLineRow } from '../../modules/orders/repository.ts';
import { weightOf, type Goods } from './price-delivery.ts';

/**
 * What an order ships: its lines as placed (their prices stay) and what they weigh by today's
 * product weights, so its quote and its re-pricing weigh the same parcel. A part deleted since
 * weighs nothing.
 */
export async function orderGoods(
  tx: Executor,
  orderId: string,
): Promise<Goods & { lines: OrderLineRow[] }> {
  const lines = (await linesOfOrders(tx, [orderId])).get(orderId) ?? [];
  const ordered = lines.flatMap((l) => (l.productId ? [{ ...l, productId: l.productId }] : []));
  const products = await findProductsByIds(
    tx,
    ordered.map((l) => l.productId),
  );
  const weights = new Map(products.map((p) => [p.productId, p]));
  return { lines, weightGrams: weightOf(ordered, weights) };
}
