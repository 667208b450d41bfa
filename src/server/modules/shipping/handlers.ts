import type { ReadCache } from '../../cache/read-cache.ts';
import type { Db } from '../../db/client.ts';
import type { Handlers } from '../../http/handler.ts';
import {
  addShippingMethod,
  allShippingMethods,
  changeShippingMethod,
  removeShippingMethod,
} from './service.ts';

type ShippingEndpoints =
  'listShippingMethods' | 'addShippingMethod' | 'updateShippingMethod' | 'deleteShippingMethod';

// Checkouts price with the methods from the read cache: every write drops them.
export const shippingHandlers = ({
  db,
  cache,
}: {
  db: Db;
  cache: ReadCache;
}): Handlers<ShippingEndpoints> => ({
  listShippingMethods: () => allShippingMethods(db),
  addShippingMethod: ({ user, body }) =>
    cache.write('shipping_method', () => addShippingMethod(db, user, body)),
  updateShippingMethod: ({ user, params, body }) =>
    cache.write('shipping_method', () => changeShippingMethod(db, user, params.id, body)),
  deleteShippingMethod: ({ user, params }) =>
    cache.write('shipping_method', () => removeShippingMethod(db, user, params.id)),
});
