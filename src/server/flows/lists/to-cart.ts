import type { ListToCartResult } from '../../../contract/saved-lists.ts';
import type { CurrentUser } from '../../auth/current-user.ts';
import type { Db } from '../../db/client.ts';
import { addCartLines } from '../../modules/cart/put-lines.ts';
import { savedLinesOf } from '../../modules/saved-lists/service.ts';
import { cartForMember } from '../steps/member-pricing.ts';
import { listViewerOf } from './viewer.ts';

/**
 * Every line of the list on top of the cart, by the cart's own rules (the size grid's
 * POST /cart/lines: raised to the minimum or whole packs and saying so, or refused on its own).
 * A part deleted since it was saved says so under the SKU the list kept. The cart answered is
 * priced as the caller pays (dealer prices for a company's member).
 */
export async function listToCart(db: Db, user: CurrentUser, id: string): Promise<ListToCartResult> {
  const saved = await savedLinesOf(db, await listViewerOf(db, user), id);
  if (saved.length === 0) {
    const { cart } = await addCartLines(db, user, { lines: [] });
    return { outcome: 'unchanged', results: [], cart: await cartForMember(db, user.id, cart) };
  }
  const lines = saved.map((line) => ({ productId: line.productId, add: line.quantity }));
  const result = await addCartLines(db, user, { lines });
  const results = result.results.map((r, i) =>
    r.status === 'error' && r.sku === ''
      ? { ...r, sku: saved[i]?.sku ?? '', message: 'This part is no longer sold' }
      : r,
  );
  return { ...result, results, cart: await cartForMember(db, user.id, result.cart) };
}
