import type { CurrentUser } from '../../auth/current-user.ts';
import type { Db } from '../../db/client.ts';
import { addLinesToCart } from '../../modules/cart/put-lines.ts';
import type { HoldCaps } from '../../modules/orders/hold-caps.ts';
import { cartForMember } from '../steps/member-pricing.ts';
import { linesOfOrders } from '../../modules/orders/repository.ts';
import { orderById } from '../../modules/orders/service.ts';

/** Order again: the order's lines into the caller's cart, at today's prices (theirs). */
export async function reorder(db: Db, user: CurrentUser, orderId: string, caps?: HoldCaps) {
  // Only from one's own order (its entry `owns` it): an admin may look at anyone's, but not
  // fill a cart from it.
  const order = await orderById(db, orderId);
  const lines = (await linesOfOrders(db, [order.id])).get(order.id) ?? [];
  const result = await addLinesToCart(
    db,
    user,
    lines.map(({ productId, sku, productName, quantity }) => ({
      productId,
      sku,
      name: productName,
      quantity,
    })),
  );
  return { ...result, cart: await cartForMember(db, user.id, result.cart, caps) };
}
