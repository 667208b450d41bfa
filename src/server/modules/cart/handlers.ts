import type { Db } from '../../db/client.ts';
import type { Handlers } from '../../http/handler.ts';
import { addToCartLine, cartOf, emptyCart, removeCartLine, setCartLine } from './service.ts';
import { addCartLines, quickAdd } from './put-lines.ts';

/** The cart's calls. */
export type CartEndpoints =
  | 'getCart'
  | 'setCartLine'
  | 'addToCartLine'
  | 'addCartLines'
  | 'removeCartLine'
  | 'emptyCart'
  | 'quickAdd';

export const cartHandlers = ({ db }: { db: Db }): Handlers<CartEndpoints> => {
  return {
    getCart: ({ user }) => cartOf(db, user.id),
    setCartLine: ({ user, params, body }) => setCartLine(db, user, params.productId, body.quantity),
    addToCartLine: ({ user, params, body }) => addToCartLine(db, user, params.productId, body.add),
    addCartLines: ({ user, body }) => addCartLines(db, user, body),
    removeCartLine: ({ user, params }) => removeCartLine(db, user, params.productId),
    emptyCart: ({ user }) => emptyCart(db, user),
    quickAdd: ({ user, body }) => quickAdd(db, user, body),
  };
};
