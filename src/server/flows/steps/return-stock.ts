import type { OrderLineRow } from '../../modules/orders/repository.ts';
import type { StockActor, StockMove } from '../../modules/stock/ledger.ts';

/** Stock an order gives back: the lines whose product still exists, each a movement of it. */
export const linesBackToStock = (
  lines: OrderLineRow[],
  reason: 'released' | 'expired',
  actor: StockActor,
): StockMove[] =>
  lines.flatMap(({ orderId, productId, quantity }) =>
    productId ? [{ productId, delta: quantity, reason, orderId, actor }] : [],
  );
