import {
  ladderInCents,
  ladderInDollars,
  ladderText,
  sameLadder,
} from '../../../contract/price-ladder.ts';
import type { ProductPatch } from '../../../contract/product-input.ts';
import { recordAudit, type AuditActor } from '../../audit/record.ts';
import { facetValuesOf } from '../../../contract/taxonomy.ts';
import type { Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { isUuid } from '../../lib/ids.ts';
import {
  findProduct,
  lockProductForEdit,
  updateProduct,
  type ProductRow,
  type ProductWrite,
} from '../../modules/catalog/repository.ts';
import { checkFiling } from '../../modules/catalog/filing-rules.ts';
import {
  cachedFiling,
  codeTaken,
  describeEdit,
  patchedProduct,
  skuTaken,
  toProduct,
} from '../../modules/catalog/service.ts';
import { isSkuClash } from '../../modules/catalog/sku.ts';
import { accountActor } from '../../modules/stock/ledger.ts';
import { moveStockAndTell } from '../steps/move-stock.ts';
import { emitProductEvent } from '../steps/product-events.ts';
import type { CatalogDeps } from './catalog-deps.ts';

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
  await moveStockAndTell(
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
 * A new price or ladder sent with the ladder the admin was shown (the product form always
 * sends it) is refused when another admin or an import changed the ladder since: saving would
 * undo their price without anyone seeing it.
 */
function checkPriceSeen(current: ProductRow, { price, tiers, tiersWas }: ProductPatch) {
  if (tiersWas === undefined || (price === undefined && tiers === undefined)) return;
  if (sameLadder(ladderInCents(tiersWas), current.tiers)) return;
  throw new AppError(
    'price_changed',
    `The price changed from ${ladderText(tiersWas)} to ${ladderText(ladderInDollars(current.tiers))} since you opened this product`,
  );
}

const FILING_FIELDS = ['brandId', 'categoryId', 'familyId', 'attributes'] as const;

/**
 * A write that changes how the product is filed is checked as the product will be (its
 * category's attributes, its family's other variants), and its facet values follow.
 */
async function filedWrite(tx: Executor, current: ProductRow, write: ProductWrite) {
  if (!FILING_FIELDS.some((field) => write[field] !== undefined)) return write;
  const filing = {
    brandId: write.brandId !== undefined ? write.brandId : current.brandId,
    categoryId: write.categoryId !== undefined ? write.categoryId : current.categoryId,
    familyId: write.familyId !== undefined ? write.familyId : current.familyId,
    attributes: write.attributes ?? current.attributes,
  };
  const attributes = await checkFiling(tx, filing, current.id);
  return { ...write, attributes, facetValues: facetValuesOf(attributes) };
}

/**
 * Changes a product from what it is under its lock: the patch merged onto it, a new stock
 * counted through the ledger, and the audit line, in one transaction that a refusal leaves
 * unchanged.
 */
export async function editProduct(
  { db, cache, view }: CatalogDeps,
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
        checkPriceSeen(current, patch);
        const write = await filedWrite(tx, current, patchedProduct(current, patch));
        await countStock(tx, actor, current, patch);
        const after = (await updateProduct(tx, id, write))!;
        await recordAudit(tx, actor, {
          action: 'product.update',
          targetType: 'product',
          targetId: after.id,
          summary: describeEdit(patch, current, after),
        });
        await emitProductEvent(tx, 'product.updated', after, view);
        return after;
      }),
    );
  } catch (err) {
    if (patch.sku !== undefined && isSkuClash(err)) throw await skuTaken(db, patch.sku);
    // The codes the product would have had: the patch's over what it still has.
    const kept = await findProduct(db, id);
    const taken = await codeTaken(db, err, {
      gtin: patch.gtin !== undefined ? patch.gtin : (kept?.gtin ?? null),
      mpn: patch.mpn !== undefined ? patch.mpn : (kept?.mpn ?? null),
      brandId: patch.brandId !== undefined ? patch.brandId : (kept?.brandId ?? null),
    });
    throw taken ?? err;
  }
  if (!row) throw notFound('Product');
  return toProduct(row, await cachedFiling(db, cache), view);
}
