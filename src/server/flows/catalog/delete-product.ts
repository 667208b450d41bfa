import { recordAudit, type AuditActor } from '../../audit/record.ts';
import type { ReadCache } from '../../cache/read-cache.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { deleteProduct, lockProductForDelete } from '../../modules/catalog/repository.ts';
import { describeProduct } from '../../modules/catalog/service.ts';
import { partHeldByUnpaidOrders } from '../../modules/orders/refusals.ts';
import { unpaidOrderNumbersHolding } from '../../modules/orders/repository.ts';
import { emitProductDeleted } from '../steps/product-events.ts';

/**
 * Deletes a product, with its audit line, unless unpaid orders hold it: refused, not retired,
 * since an unpaid order must not be paid for a part that is gone. The orders are looked at
 * under the product's lock, which every placement takes before it reserves.
 */
export async function removeProduct(db: Db, cache: ReadCache, actor: AuditActor, id: string) {
  if (!isUuid(id)) throw notFound('Product');
  // The database also unlinks the product's reviews (they stay, as reviews of the shop).
  const row = await cache.write('review', () =>
    cache.write('product', () =>
      db.transaction(async (tx) => {
        if (!(await lockProductForDelete(tx, id))) return undefined;
        const holding = await unpaidOrderNumbersHolding(tx, id);
        if (holding.length > 0) throw partHeldByUnpaidOrders(holding);
        const removed = await deleteProduct(tx, id);
        if (removed) {
          await recordAudit(tx, actor, {
            action: 'product.delete',
            targetType: 'product',
            targetId: removed.id,
            summary: `Deleted ${describeProduct(removed)}`,
          });
          await emitProductDeleted(tx, removed);
        }
        return removed;
      }),
    ),
  );
  if (!row) throw notFound('Product');
  return { deleted: true as const, _id: row.id, name: row.name };
}
