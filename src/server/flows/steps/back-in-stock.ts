import type { Executor } from '../../db/client.ts';
import type { MovementRow } from '../../modules/stock/ledger.ts';
import { fireWaiting } from '../../modules/stock-alerts/repository.ts';

/**
 * The parts a call's movements brought back in stock: a `received` movement took the part from
 * none to some, and the call left some (a later move of the same call may take it again).
 * Counts, corrections, returns and released orders are not a receipt: they mail no one.
 */
export function partsBackInStock(
  movements: readonly MovementRow[],
  stockAfterCall: ReadonlyMap<string, number>,
) {
  const back = new Set<string>();
  for (const m of movements) {
    if (m.reason !== 'received' || m.delta <= 0) continue;
    if (m.stockAfter - m.delta !== 0) continue;
    if ((stockAfterCall.get(m.productId) ?? m.stockAfter) > 0) back.add(m.productId);
  }
  return [...back];
}

/**
 * Back-in-stock alerts, a step of every stock move (steps/move-stock.ts): the waiting alerts of
 * parts received from none are fired in the same transaction as the receipt, so the mails are
 * as sure as the stock (the sweep of flows/stock-alerts hands them to the job queue after
 * commit). Allocating received stock to backorders is its own step, beside this one.
 */
export async function fireBackInStockAlerts(
  tx: Executor,
  moved: { movements: readonly MovementRow[]; stock: ReadonlyMap<string, number> },
) {
  const parts = partsBackInStock(moved.movements, moved.stock);
  return parts.length ? fireWaiting(tx, parts) : 0;
}
