import type { ReadCache } from '../../cache/read-cache.ts';
import type { Db } from '../../db/client.ts';
import type { Handlers } from '../../http/handler.ts';
import { addProduct } from './add-product.ts';
import { removeProduct } from './delete-product.ts';
import { editProduct } from './edit-product.ts';

/** An admin's product writes: the product, its stock in the ledger, and the orders holding it. */
export const catalogFlowHandlers = ({
  db,
  cache,
}: {
  db: Db;
  cache: ReadCache;
}): Handlers<'addTool' | 'editTool' | 'deleteTool'> => ({
  addTool: ({ user, body }) => addProduct(db, cache, user, body),
  editTool: ({ user, params, body }) => editProduct(db, cache, user, params.id, body),
  deleteTool: ({ user, params }) => removeProduct(db, cache, user, params.id),
});
