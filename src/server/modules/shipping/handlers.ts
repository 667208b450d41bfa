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

export const shippingHandlers = ({ db }: { db: Db }): Handlers<ShippingEndpoints> => ({
  listShippingMethods: () => allShippingMethods(db),
  addShippingMethod: ({ user, body }) => addShippingMethod(db, user, body),
  updateShippingMethod: ({ user, params, body }) => changeShippingMethod(db, user, params.id, body),
  deleteShippingMethod: ({ user, params }) => removeShippingMethod(db, user, params.id),
});
