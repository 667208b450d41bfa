import type { Executor } from '../../db/client.ts';
import { findProductsByIds } from '../../modules/cart/repository.ts';
import { readHoldings, shareLeft, type HoldCaps } from '../../modules/orders/hold-caps.ts';

// What a checkout would take from the shelf now of each part that allows backorders, as
// reserve-order.ts will: its stock, and no more than this account's share of it. The cart and
// the checkout's estimate say "ships now / later" from this, so they promise what the order gets.

/** Per part that takes backorders: the pieces this account's order would reserve now. */
export async function shelfNow(
  db: Executor,
  userId: string,
  productIds: readonly string[],
  caps: HoldCaps,
) {
  const backordering = (await findProductsByIds(db, [...new Set(productIds)])).filter(
    (p) => p.backorderAllowed,
  );
  const now = new Map<string, number>();
  if (backordering.length === 0) return now;
  const ids = backordering.map((p) => p.productId);
  const shelf = new Map(backordering.map((p) => [p.productId, p]));
  const shares = await shareLeft(db, await readHoldings(db, userId, ids), shelf, caps, ids);
  for (const [id, share] of shares) now.set(id, Math.min(share, shelf.get(id)!.stock));
  return now;
}

/** A line split as its order would be: pieces on the shelf now, the rest backordered. */
export function splitByShelf<
  L extends { productId: string; quantity: number; backordered: number },
>(line: L, now: ReadonlyMap<string, number>): L {
  const shelf = now.get(line.productId);
  if (shelf === undefined) return line;
  return { ...line, backordered: Math.max(0, line.quantity - shelf) };
}
