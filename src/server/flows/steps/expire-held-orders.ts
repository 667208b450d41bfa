import type { ReadCache } from '../../cache/read-cache.ts';
import type { Db } from '../../db/client.ts';
import { anyHoldEnded, expireEndedHolds } from '../../modules/orders/holds.ts';
import { linesOfOrders } from '../../modules/orders/repository.ts';
import { endBackorders } from '../../modules/orders/backorders.ts';
import { expirySweep } from '../../modules/stock/ledger.ts';
import { moveStockAndTell } from './move-stock.ts';
import { emitOrderEventOf } from './order-events.ts';
import type { PaymentDeps } from './payment-deps.ts';
import { linesBackToStock } from './return-stock.ts';
import { settleAfterExpiry, settleBeforeExpiry } from './settle-hold-end.ts';

/** Orders expired per transaction: a backlog (after downtime) goes in short transactions. */
const BATCH = 500;

/** Expires up to `limit` orders whose hold ended and gives their stock back, in one transaction. */
function expireBatch(db: Db, limit: number) {
  return db.transaction(async (tx) => {
    const expired = await expireEndedHolds(tx, limit);
    const lines = await linesOfOrders(
      tx,
      expired.map((o) => o.id),
    );
    await moveStockAndTell(
      tx,
      linesBackToStock([...lines.values()].flat(), 'expired', expirySweep),
    );
    // Their backordered pieces lapse with the hold: nothing of stock was ever taken for them.
    await endBackorders(
      tx,
      expired.map((o) => o.id),
    );
    // An expired order is cancelled for a receiver: its `status` says expired.
    for (const { id } of expired) await emitOrderEventOf(tx, 'order.cancelled', id);
    return expired;
  });
}

/**
 * Expires every unpaid order whose hold has ended and gives its stock back; returns how many.
 * Safe to run in any number of server processes at once (see `expireEndedHolds`), and nothing
 * is lost to a restart: the state is all in the database, and the next sweep picks it up.
 * With `payments` (the server's sweep always has them) each order's payment is settled with
 * the provider in the same step, so none is left able to take money for an expired order.
 */
export async function expireHeldOrders(db: Db, cache: ReadCache, payments?: PaymentDeps) {
  let total = 0;
  while (await anyHoldEnded(db)) {
    const settled = payments ? await settleBeforeExpiry(payments, BATCH) : new Map();
    // Stock updates send no change notice of their own (drizzle/0004): `write` drops the
    // catalogue cached here and in the other processes once the stock is back.
    const expired = await cache.write('product', () => expireBatch(db, BATCH), 'stock');
    const ids = expired.map((o) => o.id);
    if (payments) await settleAfterExpiry(payments, ids, settled);
    total += expired.length;
    // Only rows other sweeps hold were left: theirs to finish.
    if (expired.length === 0) break;
  }
  return total;
}
