import type { Executor } from '../../db/client.ts';
import type { ProductRow } from '../../modules/catalog/repository.ts';
import { readFiling } from '../../modules/catalog/filing.ts';
import { toProduct, type CatalogView } from '../../modules/catalog/service.ts';
import { emitEvent } from './emit-event.ts';

/**
 * `product.created` and `product.updated` with the product as GET /api/tools/{id} answers it
 * (its filing read in the transaction, which may have just made a category or a brand), and
 * `product.deleted` with what DELETE answers: its id, SKU and name.
 */
export const emitProductEvent = (
  tx: Executor,
  type: 'product.created' | 'product.updated',
  row: ProductRow,
  view: CatalogView,
) => emitEvent(tx, type, async () => toProduct(row, await readFiling(tx), view));

export const emitProductDeleted = (tx: Executor, row: Pick<ProductRow, 'id' | 'sku' | 'name'>) =>
  emitEvent(tx, 'product.deleted', { _id: row.id, sku: row.sku, name: row.name });
