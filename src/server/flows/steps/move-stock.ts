import type { StockMovement } from '../../../contract/stock.ts';
import type { Executor } from '../../db/client.ts';
import { moveStock, type MovementRow, type StockMove } from '../../modules/stock/ledger.ts';
import { subscribedEndpoints, writeEvents } from '../../modules/webhooks/outbox.ts';
import { fireBackInStockAlerts } from './back-in-stock.ts';

/** The order a movement names, as it stands now (read from the orders module by the caller). */
export type MovementOrder = { number: number; status: StockMovement['orderState'] & string };

/**
 * A ledger row as the API shows it. A deleted order's movements keep its number
 * (nameDeletedOrder); a live order's number and state come as `order`.
 */
export const toMovement = (row: MovementRow, order?: MovementOrder): StockMovement => ({
  _id: String(row.id),
  delta: row.delta,
  reason: row.reason,
  orderId: row.orderId,
  orderNumber: order?.number ?? row.orderNumber ?? null,
  orderState: order?.status ?? (row.orderNumber === null ? null : 'deleted'),
  actor: row.actor,
  note: row.note,
  stockAfter: row.stockAfter,
  at: row.at.toISOString(),
});

/**
 * Moves stock through the ledger (modules/stock/ledger.ts, its one writer) and tells webhook
 * endpoints: one `stock.changed` per product moved, `{ productId, stock, movements }` with the
 * movements as GET /api/tools/{id}/stock-movements lists them, in the same transaction. The
 * ledger stays the one writer and knows nothing of webhooks (a module imports no module);
 * every flow that moves stock calls this instead, so no caller can forget the event. A part
 * received from none fires its back-in-stock alerts here too (steps/back-in-stock.ts).
 */
export async function moveStockAndTell(
  tx: Executor,
  moves: readonly StockMove[],
  options: Parameters<typeof moveStock>[2] = {},
  // A receipt that first allocates to backorders fires the alerts itself, on what is left.
  { alerts = true }: { alerts?: boolean } = {},
) {
  const moved = await moveStock(tx, moves, options);
  if (moved.movements.length === 0) return moved;
  if (alerts) await fireBackInStockAlerts(tx, moved);
  const endpointIds = await subscribedEndpoints(tx, 'stock.changed');
  if (endpointIds.length === 0) return moved;
  const byProduct = new Map<string, MovementRow[]>();
  for (const m of moved.movements) {
    byProduct.set(m.productId, [...(byProduct.get(m.productId) ?? []), m]);
  }
  await writeEvents(
    tx,
    'stock.changed',
    [...byProduct].map(([productId, rows]) => ({
      productId,
      stock: moved.stock.get(productId) ?? rows.at(-1)!.stockAfter,
      movements: rows.map((row) => toMovement(row)),
    })),
    endpointIds,
  );
  return moved;
}
