import type { Executor } from '../../db/client.ts';
import { productRowsByIds } from '../../modules/catalog/by-sku.ts';
import type { ProductRow } from '../../modules/catalog/repository.ts';
import { readFiling } from '../../modules/catalog/filing.ts';
import { toProduct, type CatalogView } from '../../modules/catalog/service.ts';
import { subscribedEndpoints, writeEvents } from '../../modules/webhooks/outbox.ts';
import { emitEvent } from './emit-event.ts';

type ProductEventType = 'product.created' | 'product.updated';

/**
 * `product.created` and `product.updated` with the product as GET /api/tools/{id} answers it
 * (its filing read in the transaction, which may have just made a category or a brand), and
 * `product.deleted` with what DELETE answers: its id, SKU and name.
 */
export const emitProductEvent = (
  tx: Executor,
  type: ProductEventType,
  row: ProductRow,
  view: CatalogView,
) => emitEvent(tx, type, async () => toProduct(row, await readFiling(tx), view));

export const emitProductDeleted = (tx: Executor, row: Pick<ProductRow, 'id' | 'sku' | 'name'>) =>
  emitEvent(tx, 'product.deleted', { _id: row.id, sku: row.sku, name: row.name });

/**
 * The same for many products at once (a batch of an import), after they are written: one
 * select of the endpoints listening; with none, nothing more is read or written. Otherwise the
 * products are read in one statement and their events written a thousand a statement.
 */
export async function emitProductEvents(
  tx: Executor,
  type: ProductEventType,
  ids: readonly string[],
  view: CatalogView,
) {
  if (ids.length === 0) return;
  const endpointIds = await subscribedEndpoints(tx, type);
  if (endpointIds.length === 0) return;
  const rows = new Map((await productRowsByIds(tx, ids)).map((r) => [r.id, r]));
  const filing = await readFiling(tx);
  const datas = ids.flatMap((id) => {
    const row = rows.get(id);
    return row ? [toProduct(row, filing, view)] : [];
  });
  await writeEvents(tx, type, datas, endpointIds);
}
