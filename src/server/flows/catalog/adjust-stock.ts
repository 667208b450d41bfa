import type { z } from 'zod';
import type {
  StockMovement,
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
import { accountActor, type MovementRow } from '../../modules/stock/ledger.ts';
import { moveStockAndTell } from '../steps/move-stock.ts';
import { listMovements } from '../../modules/stock/repository.ts';

export const toMovement = (row: MovementRow): StockMovement => ({
  _id: String(row.id),
  delta: row.delta,
  reason: row.reason,
  orderId: row.orderId,
  actor: row.actor,
  note: row.note,
  stockAfter: row.stockAfter,
  at: row.at.toISOString(),
});

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

export async function stockMovementsOf(db: Db, productId: string, query: StockMovementsQuery) {
  const { page, limit } = query;
  if (!isUuid(productId) || !(await findProduct(db, productId))) throw notFound('Product');
  const { rows, total } = await listMovements(db, productId, {
    limit,
    offset: (page - 1) * limit,
  });
  return pageOf(rows.map(toMovement), total, page, limit);
}

/**
 * An admin's own movement (stock received, counted, written off, returned or corrected), with
 * its audit line in the same transaction. Below zero is a 409 that changes nothing.
 */
export async function adjustStock(
  db: Db,
  cache: ReadCache,
  admin: CurrentUser,
  productId: string,
  input: z.output<typeof stockMovementInput>,
): Promise<StockMovementResult> {
  if (!isUuid(productId)) throw notFound('Product');
  const note = input.note || null;
  const movement = await cache.write(
    'product',
    () =>
      db.transaction(async (tx) => {
        const { movements } = await moveStockAndTell(tx, [
          { productId, delta: input.delta, reason: input.reason, actor: accountActor(admin), note },
        ]);
        const [moved] = movements;
        if (!moved) throw notFound('Product');
        const product = await findProduct(tx, productId);
        await recordAudit(tx, admin, {
          action: 'product.stock',
          targetType: 'product',
          targetId: productId,
          summary:
            `Stock of ${product?.name ?? 'a product'} (SKU ${product?.sku ?? '?'}) ` +
            `${input.reason} ${signed(input.delta)}: ${moved.stockAfter - moved.delta} → ${moved.stockAfter}` +
            (note ? ` (${note})` : ''),
        });
        return moved;
      }),
    'stock',
  );
  return { stock: movement.stockAfter, movement: toMovement(movement) };
}
