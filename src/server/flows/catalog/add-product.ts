import type { z } from 'zod';
import type { productInput } from '../../../contract/product-input.ts';
import { ladderInCents } from '../../../contract/price-ladder.ts';
import { facetValuesOf } from '../../../contract/taxonomy.ts';
import { recordAudit, type AuditActor } from '../../audit/record.ts';
import { checkFiling } from '../../modules/catalog/filing-rules.ts';
import { findProduct, insertProduct } from '../../modules/catalog/repository.ts';
import {
  cachedFiling,
  codeTaken,
  describeLadder,
  describeProduct,
  skuTaken,
  toProduct,
} from '../../modules/catalog/service.ts';
import { isSkuClash, makeSku } from '../../modules/catalog/sku.ts';
import { accountActor } from '../../modules/stock/ledger.ts';
import { moveStockAndTell } from '../steps/move-stock.ts';
import { emitProductEvent } from '../steps/product-events.ts';
import type { CatalogDeps } from './catalog-deps.ts';

// 27^4 random parts per set of initials: a clash needs many products with the same initials,
// and a few tries make a failure all but impossible.
const MADE_UP_SKU_ATTEMPTS = 5;

/**
 * Adds a product, its opening stock in the ledger and its audit line, in one transaction. A
 * SKU made up here that clashes is made up again; a given one that clashes is a 409, as are a
 * GTIN or a brand's MPN another product holds.
 */
export async function addProduct(
  { db, cache, view }: CatalogDeps,
  actor: AuditActor,
  input: z.output<typeof productInput>,
) {
  const tiers = ladderInCents(input.tiers ?? [{ minQuantity: input.moq, price: input.price }]);
  for (let attempt = 1; ; attempt++) {
    const sku = input.sku ?? makeSku(input.name);
    try {
      const row = await cache.write('product', () =>
        db.transaction(async (tx) => {
          const attributes = await checkFiling(tx, input);
          const id = await insertProduct(tx, {
            sku,
            name: input.name,
            description: input.desc,
            // The schema has checked that the first tier's price is the price.
            priceCents: tiers[0]!.priceCents,
            moq: input.moq,
            packSize: input.packSize,
            tiers,
            imageUrl: input.img,
            weightGrams: input.weightGrams,
            brandId: input.brandId,
            categoryId: input.categoryId,
            familyId: input.familyId,
            mpn: input.mpn,
            gtin: input.gtin,
            attributes,
            facetValues: facetValuesOf(attributes),
          });
          await moveStockAndTell(tx, [
            { productId: id, delta: input.stock, reason: 'opening', actor: accountActor(actor) },
          ]);
          const added = (await findProduct(tx, id))!;
          await recordAudit(tx, actor, {
            action: 'product.create',
            targetType: 'product',
            targetId: added.id,
            summary: `Added ${describeProduct(added)}; ${describeLadder(added)}`,
          });
          await emitProductEvent(tx, 'product.created', added, view);
          return added;
        }),
      );
      return toProduct(row, await cachedFiling(db, cache), view);
    } catch (err) {
      const taken = await codeTaken(db, err, input);
      if (taken) throw taken;
      if (!isSkuClash(err)) throw err;
      if (input.sku === undefined && attempt < MADE_UP_SKU_ATTEMPTS) continue;
      throw await skuTaken(db, sku);
    }
  }
}
