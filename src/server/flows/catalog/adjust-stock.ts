import type { z } from 'zod';
import type {
  StockMovementResult,
  StockMovementsQuery,
  stockMovementInput,
} from '../../../contract/stock.ts';
import { recordAudit } from '../../audit/record.ts';
import type { CurrentUser } from '../../auth/current-user.ts';
import type { ReadCache } from '../../cache/read-cache.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { pageOf } from '../../lib/paging.ts';
import { findProduct } from '../../modules/catalog/repository.ts';
import { accountActor } from '../../modules/stock/ledger.ts';
import { moveStockAndTell, toMovement } from '../steps/move-stock.ts';
import { orderNames } from '../../modules/orders/names.ts';
import { listMovements } from '../../modules/stock/repository.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { sendLater, type MailLog } from '../../mail/send-later.ts';
import { backorderArrivedMail, type BackorderArrival } from '../../modules/orders/mails.ts';
import { allocateReceivedStock } from '../steps/allocate-received.ts';
import { fireBackInStockAlerts } from '../steps/back-in-stock.ts';

/** Who hears of a receipt's allocations: the buyers, by mail after the commit. */
export type ReceiptMail = { mailer: Mailer; log: MailLog };

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

export async function stockMovementsOf(db: Db, productId: string, query: StockMovementsQuery) {
  const { page, limit } = query;
  if (!isUuid(productId) || !(await findProduct(db, productId))) throw notFound('Product');
  const { rows, total } = await listMovements(db, productId, {
    limit,
    offset: (page - 1) * limit,
  });
  // The orders they name, by number and as they stand now ("cancelled", or gone: "deleted").
  const named = await orderNames(db, [
    ...new Set(rows.flatMap((r) => (r.orderId ? [r.orderId] : []))),
  ]);
  const movements = rows.map((row) =>
    toMovement(row, row.orderId ? named.get(row.orderId) : undefined),
  );
  return pageOf(movements, total, page, limit);
}

/**
 * An admin's own movement (stock received, counted, written off, returned or corrected), with
 * its audit line in the same transaction. Below zero is a 409 that changes nothing. Stock
 * received goes to backordered lines in the same transaction (allocateReceivedStock), and
 * their buyers are mailed once it has committed; the answer's stock is what is left after.
 */
export async function adjustStock(
  db: Db,
  cache: ReadCache,
  admin: CurrentUser,
  productId: string,
  input: z.output<typeof stockMovementInput>,
  mail?: ReceiptMail,
): Promise<StockMovementResult> {
  if (!isUuid(productId)) throw notFound('Product');
  const note = input.note || null;
  let arrivals: BackorderArrival[] = [];
  let stock = 0;
  const movement = await cache.write(
    'product',
    () =>
      db.transaction(async (tx) => {
        const { movements } = await moveStockAndTell(
          tx,
          [
            {
              productId,
              delta: input.delta,
              reason: input.reason,
              actor: accountActor(admin),
              note,
            },
          ],
          {},
          { alerts: false },
        );
        const [moved] = movements;
        if (!moved) throw notFound('Product');
        stock = moved.stockAfter;
        // Backorders: a step of its own, so other receipt steps (stock alerts) sit beside it.
        if (input.reason === 'received' && input.delta > 0) {
          arrivals = await allocateReceivedStock(tx, productId, stock, accountActor(admin));
          stock -= arrivals.reduce((sum, a) => sum + a.quantity, 0);
        }
        // Back in stock only if backorders left some on the shelf.
        await fireBackInStockAlerts(tx, { movements, stock: new Map([[productId, stock]]) });
        const product = await findProduct(tx, productId);
        await recordAudit(tx, admin, {
          action: 'product.stock',
          targetType: 'product',
          targetId: productId,
          summary:
            `Stock of ${product?.name ?? 'a product'} (SKU ${product?.sku ?? '?'}) ` +
            `${input.reason} ${signed(input.delta)}: ${moved.stockAfter - moved.delta} → ${moved.stockAfter}` +
            (note ? ` (${note})` : '') +
            (arrivals.length > 0
              ? `; ${arrivals.reduce((sum, a) => sum + a.quantity, 0)} allocated to backorders`
              : ''),
        });
        return moved;
      }),
    'stock',
  );
  if (mail) {
    for (const arrival of arrivals) {
      sendLater(mail.mailer, mail.log, backorderArrivedMail(arrival), { order: arrival.number });
    }
  }
  return { stock, movement: toMovement(movement) };
}
