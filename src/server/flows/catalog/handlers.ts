import type { ReadCache } from '../../cache/read-cache.ts';
import type { Db } from '../../db/client.ts';
import type { Handlers } from '../../http/handler.ts';
import type { CatalogView } from '../../modules/catalog/service.ts';
import { addProduct } from './add-product.ts';
import { removeProduct } from './delete-product.ts';
import { editProduct } from './edit-product.ts';

/** An admin's product writes: the product, its stock in the ledger, and the orders holding it. */
export const catalogFlowHandlers = ({
  db,
  cache,
  view,
}: {
  db: Db;
  cache: ReadCache;
  view: CatalogView;
}): Handlers<'addTool' | 'editTool' | 'deleteTool'> => ({
  addTool: ({ user, body }) => addProduct({ db, cache, view }, user, body),
  editTool: ({ user, params, body }) => editProduct({ db, cache, view }, user, params.id, body),
  deleteTool: ({ user, params }) => removeProduct(db, cache, user, params.id),
});
