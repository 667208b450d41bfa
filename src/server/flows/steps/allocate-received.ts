import type { Executor } from '../../db/client.ts';
import { allocateToLines, lockWaitingLines } from '../../modules/orders/backorders.ts';
import type { BackorderArrival } from '../../modules/orders/mails.ts';
import { addOrderEvent } from '../../modules/orders/timeline.ts';
import type { StockActor } from '../../modules/stock/ledger.ts';
import { moveStockAndTell } from './move-stock.ts';

/**
 * The backorder step of a receipt (docs/decisions/0034-backorders.md): after a `received`
 * movement of a product, in its transaction and with the product still locked by it, the
 * stock on the shelf goes to the lines that wait for it: paid orders first, then unpaid ones
 * still on hold, oldest first. Each allocation is a `reserved` movement naming its order, and
 * a `backorder_allocated` entry on its timeline. Answers what each buyer is to be told, which
 * the caller mails once the transaction has committed. Kept apart from any other step a receipt
 * takes (back-in-stock alerts), so that each can run beside the other.
 */
export async function allocateReceivedStock(
  tx: Executor,
  productId: string,
  stock: number,
  actor: StockActor,
): Promise<BackorderArrival[]> {
  if (stock <= 0) return [];
  const waiting = await lockWaitingLines(tx, productId);
  let left = stock;
  const taken: { line: (typeof waiting)[number]; quantity: number }[] = [];
  for (const line of waiting) {
    if (left === 0) break;
    const quantity = Math.min(left, line.backordered);
    taken.push({ line, quantity });
    left -= quantity;
  }
  if (taken.length === 0) return [];
  await allocateToLines(
    tx,
    taken.map(({ line, quantity }) => ({ orderId: line.orderId, lineNo: line.lineNo, quantity })),
  );
  // The product is locked since the receipt's move, and its stock is `stock`.
  await moveStockAndTell(
    tx,
    taken.map(({ line, quantity }) => ({
      productId,
      delta: -quantity,
      reason: 'reserved' as const,
      orderId: line.orderId,
      actor,
      note: `Backorder of order #${line.number}: ${quantity} of ${line.quantity}`,
    })),
    { locked: new Map([[productId, { stock }]]) },
  );
  const arrivals: BackorderArrival[] = [];
  for (const { line, quantity } of taken) {
    const still = line.backordered - quantity;
    await addOrderEvent(
      tx,
      line.orderId,
      'backorder_allocated',
      `${quantity} of ${line.quantity} × ${line.productName} in` +
        (still > 0 ? `; ${still} still on backorder` : '; nothing left on backorder'),
    );
    arrivals.push({
      orderId: line.orderId,
      number: line.number,
      email: line.email,
      userName: line.userName,
      productName: line.productName,
      quantity,
      ordered: line.quantity,
      left: still,
      shipTogether: line.shipTogether,
    });
  }
  return arrivals;
}
