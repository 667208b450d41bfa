import { MAX_CART_LINES } from '../../../contract/cart.ts';
import type { CheckoutInput } from '../../../contract/order-delivery.ts';
import type { CurrentUser } from '../../auth/current-user.ts';
import { AppError } from '../../errors.ts';
import {
  cartQuantities,
  deleteCart,
  findCheckoutKey,
  lockCart,
  recordCheckoutKey,
} from '../../modules/cart/repository.ts';
import { findMembership } from '../../modules/companies/membership.ts';
import { presentOrder, toOrder } from '../../modules/orders/present.ts';
import { findOrder, lockCustomerOrders } from '../../modules/orders/repository.ts';
import {
  placeOrder,
  placingTransaction,
  refusalMessage,
  type PlaceDeps,
} from '../steps/place-order.ts';
import { chooseWhereToShip, ownAddress } from '../steps/price-delivery.ts';
import { accountChoice } from '../steps/settle-on-account.ts';

const cartOverCap = (lines: number) =>
  new AppError(
    'conflict',
    `An order holds at most ${MAX_CART_LINES} different parts and your cart has ${lines}. Remove ${lines - MAX_CART_LINES} and check out again.`,
  );

/**
 * Turns the cart into one order: every line reserved, or none. The customer's lock lines up
 * their checkouts, so a key is looked up and recorded with nothing of theirs in between: the
 * same key twice, even at the same moment, gives one order, and the second answer is that
 * order. Other customers' checkouts meet only at the product rows, locked in id order.
 */
export async function checkout(
  deps: PlaceDeps,
  user: CurrentUser,
  key: string,
  choice: Partial<CheckoutInput> = {},
) {
  const { db } = deps;
  const outcome = await placingTransaction(deps, async (tx) => {
    await lockCustomerOrders(tx, user.id);
    const used = await findCheckoutKey(tx, user.id, key);
    if (used) return { kind: 'replay', orderId: used.orderId } as const;
    // Held to the end: an add landing between the read and the delete would be lost.
    await lockCart(tx, user.id);
    const wanted = await cartQuantities(tx, user.id);
    if (wanted.length === 0) throw new AppError('conflict', 'Your cart is empty.');
    // A cart filled past the cap before the cap was enforced under a lock.
    if (wanted.length > MAX_CART_LINES) throw cartOverCap(wanted.length);
    const { shippingAddressId, shippingMethodId, billingAddressId } = choice;
    if (!shippingAddressId) throw chooseWhereToShip();
    if (!shippingMethodId) throw new AppError('bad_request', 'Choose a shipping method');
    const shipTo = await ownAddress(tx, user.id, shippingAddressId);
    const membership = (await findMembership(tx, user.id)) ?? null;
    const account = accountChoice(membership, choice);
    // Priced with the stock reserved, in this transaction: the order keeps that price.
    const placed = await placeOrder(tx, deps, user, {
      lines: wanted,
      membership,
      shipTo,
      billingAddressId,
      methodId: shippingMethodId,
      account,
      shipTogether: choice.shipTogether,
    });
    if (!placed.placed) return { kind: 'refused', problems: placed.problems } as const;
    await recordCheckoutKey(tx, user.id, key, placed.row.id);
    await deleteCart(tx, user.id);
    return { kind: 'placed', order: placed } as const;
  });
  if (outcome.kind === 'placed') {
    const { row, lines, extras } = outcome.order;
    return { order: toOrder(row, lines, extras), placedNow: true };
  }
  if (outcome.kind === 'refused') throw new AppError('conflict', refusalMessage(outcome.problems));
  const earlier = outcome.orderId ? await findOrder(db, outcome.orderId) : undefined;
  if (!earlier) {
    throw new AppError(
      'conflict',
      'The order this checkout placed has since been deleted. Check out again with a new attempt.',
    );
  }
  return { order: await presentOrder(db, earlier), placedNow: false };
}
