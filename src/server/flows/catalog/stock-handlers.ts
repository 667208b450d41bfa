import type { ReadCache } from '../../cache/read-cache.ts';
import type { Db } from '../../db/client.ts';
import type { Handlers } from '../../http/handler.ts';
import { adjustStock, stockMovementsOf, type ReceiptMail } from './adjust-stock.ts';

export const stockHandlers = ({
  db,
  cache,
  mail,
}: {
  db: Db;
  cache: ReadCache;
  /** Buyers of backordered parts hear when a receipt allocates to them. */
  mail?: ReceiptMail;
}): Handlers<'stockMovements' | 'moveStock'> => ({
  stockMovements: ({ params, query }) => stockMovementsOf(db, params.id, query),
  moveStock: ({ user, params, body }) => adjustStock(db, cache, user, params.id, body, mail),
});
