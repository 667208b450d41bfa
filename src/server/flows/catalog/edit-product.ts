import type { ProductPatch } from '../../../contract/catalog.ts';
import { recordAudit, type AuditActor } from '../../audit/record.ts';
import type { ReadCache } from '../../cache/read-cache.ts';
import type { Db, Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { isUuid } from '../../lib/ids.ts';
import {
  lockProductForEdit,
  updateProduct,
  type ProductRow,
} from '../../modules/catalog/repository.ts';
import {
  describeEdit,
  patchedProduct,
  skuTaken,
  toProduct,
} from '../../modules/catalog/service.ts';
import { isSkuClash } from '../../modules/catalog/sku.ts';
import { accountActor, moveStock } from '../../modules/stock/ledger.ts';

/**
 * A new stock from the product form is a count of what the admin saw: when the stock moved
 * since (an order reserved some), saving it would wipe that reservation, so it is refused.
 * Otherwise the difference is a `counted` movement.
 */
async function countStock(
  tx: Executor,
  actor: AuditActor,
  current: ProductRow,
  { stock, stockWas }: ProductPatch,
) {
  if (stock === undefined) return;
  if (stockWas !== current.stock) {
    throw new AppError(
      'stock_changed',
      `Stock changed from ${stockWas} to ${current.stock} since you opened this product`,
    );
  }
  // `current` was read under the product's lock (lockProductForEdit): not taken again.
  await moveStock(
    tx,
    [
      {
        productId: current.id,
        delta: stock - current.stock,
        reason: 'counted',
        actor: accountActor(actor),
        note: `Set from ${current.stock} to ${stock} in the product form`,
      },
    ],
    { locked: new Map([[current.id, current]]) },
  );
}

/**
 * Changes a product from what it is under its lock: the patch merged onto it, a new stock
 * counted through the ledger, and the audit line, in one transaction that a refusal leaves
 * unchanged.
 */
export async function editProduct(
  db: Db,
  cache: ReadCache,
  actor: AuditActor,
  id: string,
  patch: ProductPatch,
) {
  if (!isUuid(id)) throw notFound('Product');
  let row: ProductRow | undefined;
  try {
    row = await cache.write('product', () =>
      db.transaction(async (tx) => {
        const current = await lockProductForEdit(tx, id);
        if (!current) return undefined;
        const write = patchedProduct(current, patch);
        await countStock(tx, actor, current, patch);
        const after = (await updateProduct(tx, id, write))!;
        await recordAudit(tx, actor, {
          action: 'product.update',
          targetType: 'product',
          targetId: after.id,
          summary: describeEdit(patch, current, after),
        });
        return after;
      }),
    );
  } catch (err) {
    if (patch.sku !== undefined && isSkuClash(err)) throw await skuTaken(db, patch.sku);
    throw err;
  }
  if (!row) throw notFound('Product');
  return toProduct(row);
}
