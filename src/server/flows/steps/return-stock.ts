import type { OrderLineRow } from '../../modules/orders/repository.ts';
import type { StockActor, StockMove } from '../../modules/stock/ledger.ts';

/**
 * Stock an order gives back: what its lines took from stock (not their backordered pieces,
 * which never came from it), of products that still exist, each a movement of it. Called
 * before anything of the order has shipped.
 */
export const linesBackToStock = (
  lines: OrderLineRow[],
  reason: 'released' | 'expired',
  actor: StockActor,
): StockMove[] =>
  lines.flatMap(({ orderId, productId, reserved }) =>
    productId ? [{ productId, delta: reserved, reason, orderId, actor }] : [],
  );
