import type { CurrentUser } from '../auth/guards.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { addLinesToCart } from '../modules/cart/put-lines.ts';
import { linesOfOrders } from '../modules/orders/repository.ts';
import { orderFor } from '../modules/orders/service.ts';

/** Order again: the order's lines into the caller's cart, at today's prices. */
export async function reorder(db: Db, user: CurrentUser, orderId: string) {
  const order = await orderFor(db, user, orderId);
  // An admin may look at anyone's order, but a cart is filled only from one's own.
  if (order.userId !== user.id) {
    throw new AppError('forbidden', 'This order belongs to another customer.');
  }
  const lines = (await linesOfOrders(db, [order.id])).get(order.id) ?? [];
  return addLinesToCart(
    db,
    user,
    lines.map(({ productId, sku, productName, quantity }) => ({
      productId,
      sku,
      name: productName,
      quantity,
    })),
  );
}
