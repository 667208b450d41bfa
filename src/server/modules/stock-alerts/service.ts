import { availabilityOf } from '../../../contract/catalog.ts';
import { productPath } from '../../../contract/product-path.ts';
import { MAX_STOCK_ALERTS, type StockAlert } from '../../../contract/stock-alerts.ts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { accountOfToken } from './token.ts';
import {
  countWaiting,
  deleteWaiting,
  insertWaiting,
  lockAccountAlerts,
  partOf,
  waitingOf,
} from './repository.ts';

type WaitingRow = Awaited<ReturnType<typeof waitingOf>>[number];

const toAlert = (row: WaitingRow, lowStockAt: number): StockAlert => ({
  _id: row.id,
  productId: row.productId,
  name: row.name,
  sku: row.sku,
  path: productPath({ _id: row.productId, name: row.name }),
  stock: row.stock,
  availability: availabilityOf(row.stock, lowStockAt),
  createdAt: row.createdAt.toISOString(),
});

const FULL = `You wait for ${MAX_STOCK_ALERTS} parts already: remove an alert before adding another`;
const IN_STOCK = 'This part is in stock: order it now, no alert needed';

/**
 * The account waits for the part: one alert however often it asks (the answer is that alert).
 * Refused when the part is in stock (nothing to wait for) or the account waits for
 * MAX_STOCK_ALERTS parts already; both checked under the account's lock.
 */
export async function subscribe(db: Db, userId: string, productId: string, lowStockAt: number) {
  if (!isUuid(productId)) throw notFound('Product');
  return db.transaction(async (tx) => {
    await lockAccountAlerts(tx, userId);
    const part = await partOf(tx, productId);
    if (!part) throw notFound('Product');
    const [existing] = await waitingOf(tx, userId, productId);
    if (existing) return toAlert(existing, lowStockAt);
    if (part.stock > 0) throw new AppError('conflict', IN_STOCK);
    if ((await countWaiting(tx, userId)) >= MAX_STOCK_ALERTS) throw new AppError('conflict', FULL);
    await insertWaiting(tx, userId, productId);
    const [made] = await waitingOf(tx, userId, productId);
    if (!made) throw new Error('stock alert not written');
    return toAlert(made, lowStockAt);
  });
}

/** Ends the account's alert for the part; asking when there is none changes nothing. */
export async function unsubscribe(db: Db, userId: string, productId: string) {
  if (isUuid(productId)) await deleteWaiting(db, userId, productId);
  return null;
}

export async function alertsOf(db: Db, userId: string, lowStockAt: number) {
  const rows = await waitingOf(db, userId);
  return { data: rows.map((row) => toAlert(row, lowStockAt)) };
}

/** A mail's unsubscribe link: every alert its account still waits for ends. */
export async function unsubscribeByToken(db: Db, secret: string, token: string) {
  const userId = accountOfToken(secret, token);
  if (!userId) {
    throw new AppError('bad_request', 'This unsubscribe link is not valid: it may be cut short');
  }
  return { ended: await deleteWaiting(db, userId) };
}
