import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { centsToDollars, formatDollars } from '../../../contract/money.ts';
import { groupDigits } from '../../../contract/number-text.ts';
import { allowedQuantityAtLeast, type QuantityRule } from '../../../contract/price-ladder.ts';
import type { Executor } from '../../db/client.ts';
import { orderLines, orders } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { isHolding } from './holds.ts';

// What one account may hold in unpaid orders. The unpaid-order count alone let one new account
// reserve the whole catalogue in a single order; these caps bound what it holds by value and by
// share of each part, so the shelf stays open to everyone else. (How often it can try again
// after deleting is the shared order allowance of the endpoint table, bucket 'orders'.) An order
// awaiting its company's approval holds stock as an unpaid one does, so it counts alike.

export type HoldCaps = {
  /** Unpaid value an account may hold while its email is not verified, in cents. */
  maxUnpaidCentsUnverified: number;
  /** Unpaid value a verified account may hold, in cents. */
  maxUnpaidCents: number;
  /** Percent of a part's stock on hand one account may hold unpaid. */
  maxUnpaidSharePercent: number;
};

type Holder = { id: string; emailVerified: boolean };
type Placing = { productId: string | null; sku: string; productName: string; quantity: number };
type Shelf = QuantityRule & { stock: number };

/** What an account holds in unpaid orders still on hold: how many, their value, and per part. */
export type Holdings = { orders: number; cents: number; byProduct: ReadonlyMap<string, number> };

/**
 * Reads what the account holds unpaid. The caller holds the customer's lock (lockCustomerOrders),
 * so none of the account's orders can be placed meanwhile; it is read before the products are
 * locked, so that every order of a part does not wait on these reads too.
 */
export async function readHoldings(
  tx: Executor,
  userId: string,
  productIds: readonly string[],
): Promise<Holdings> {
  const [totals, byProduct] = await Promise.all([
    tx
      .select({
        orders: sql<number>`count(*)`.mapWith(Number),
        // What the account owes on them: goods, shipping and tax.
        cents: sql<number>`coalesce(sum(${orders.grandTotalCents}), 0)`.mapWith(Number),
      })
      .from(orders)
      .where(onHoldOf(userId)),
    heldOf(tx, [...new Set(productIds)], userId),
  ]);
  return { orders: totals[0]?.orders ?? 0, cents: totals[0]?.cents ?? 0, byProduct };
}

const onHoldOf = (userId: string) =>
  and(eq(orders.userId, userId), isHolding, gt(orders.holdUntil, sql`now()`));

/**
 * Refuses (409) an order that would take the account past what it may hold unpaid: its unpaid
 * orders whose hold has not ended, plus this order, by value for its email's state, and by
 * share of each part's stock on hand. Runs in the order's transaction after the products are
 * locked, so no other order of these parts, nor another of this account's, can move the counts.
 */
export async function assertWithinHoldCaps(
  tx: Executor,
  holder: Holder,
  holdings: Holdings,
  lines: readonly Placing[],
  totalCents: number,
  shelf: ReadonlyMap<string, Shelf>,
  caps: HoldCaps,
  // The shop's own offer (an answered quote): the shop chose these quantities, so the share of
  // stock, which keeps one buyer from emptying a shelf unasked, does not bind them. The stock
  // itself still does (the caller refuses a line short of it).
  { shopOffer = false }: { shopOffer?: boolean } = {},
) {
  const heldCents = holdings.cents;
  const capCents = holder.emailVerified ? caps.maxUnpaidCents : caps.maxUnpaidCentsUnverified;
  if (heldCents + totalCents > capCents) {
    throw valueRefusal(holder.emailVerified, heldCents, totalCents, capCents);
  }
  if (shopOffer) return;
  const wanted = new Map<string, Placing>();
  for (const line of lines) {
    if (!line.productId) continue;
    const seen = wanted.get(line.productId);
    wanted.set(line.productId, { ...line, quantity: (seen?.quantity ?? 0) + line.quantity });
  }
  const mine = holdings.byProduct;
  // On hand is at least the stock: an order within its share of the stock alone passes without
  // summing every unpaid order of the part, which all orders of it would wait on under its lock.
  const doubtful = [...wanted].filter(([productId, line]) => {
    const product = shelf.get(productId);
    if (!product) return false;
    const share = Math.floor((product.stock * caps.maxUnpaidSharePercent) / 100);
    return (mine.get(productId) ?? 0) + line.quantity > share;
  });
  const heldByAll = await heldOf(
    tx,
    doubtful.map(([productId]) => productId),
  );
  const over: string[] = [];
  for (const [productId, line] of doubtful) {
    const product = shelf.get(productId)!;
    const all = heldByAll.get(productId) ?? 0;
    const onHand = product.stock + all;
    // Never less than one minimum order: a part with little left can still be bought.
    const most = Math.max(
      Math.floor((onHand * caps.maxUnpaidSharePercent) / 100),
      allowedQuantityAtLeast(product, 0),
    );
    const holding = (mine.get(productId) ?? 0) + line.quantity;
    if (holding > most) {
      over.push(
        `${line.sku} ${line.productName}: at most ${groupDigits(most)} of ${groupDigits(onHand)}, and you would hold ${groupDigits(holding)}`,
      );
    }
  }
  if (over.length > 0) {
    const share = caps.maxUnpaidSharePercent === 50 ? 'half' : `${caps.maxUnpaidSharePercent}%`;
    throw new AppError(
      'conflict',
      `One account may hold unpaid at most ${share} of a part's stock on hand, so that others can order it too. ${over.join('; ')}. Pay or delete an unpaid order first, or order fewer.`,
    );
  }
}

/**
 * Per product: how many more pieces this account may take from the shelf unpaid, under its
 * share of what is on hand (the rule assertWithinHoldCaps refuses by). A line of a part that
 * allows backorders reserves at most this and backorders the rest, instead of being refused:
 * no account empties a shelf by ordering one more than it holds (docs/decisions/0034).
 */
export async function shareLeft(
  tx: Executor,
  holdings: Holdings,
  shelf: ReadonlyMap<string, Shelf>,
  caps: HoldCaps,
  productIds: readonly string[],
) {
  const left = new Map<string, number>();
  const ids = [...new Set(productIds)].filter((id) => shelf.has(id));
  if (ids.length === 0) return left;
  const heldByAll = await heldOf(tx, ids);
  for (const id of ids) {
    const product = shelf.get(id)!;
    const onHand = product.stock + (heldByAll.get(id) ?? 0);
    const most = Math.max(
      Math.floor((onHand * caps.maxUnpaidSharePercent) / 100),
      allowedQuantityAtLeast(product, 0),
    );
    left.set(id, Math.max(0, most - (holdings.byProduct.get(id) ?? 0)));
  }
  return left;
}

/** "$2,000" for whole dollars, "$2,000.50" otherwise. */
const capText = (cents: number) => formatDollars(centsToDollars(cents)).replace(/\.00$/, '');
const money = (cents: number) => formatDollars(centsToDollars(cents));

function valueRefusal(verified: boolean, heldCents: number, totalCents: number, capCents: number) {
  const whom = verified ? 'an account' : 'an account whose email is not verified';
  const said =
    heldCents > 0
      ? `With this order (${money(totalCents)}) you would hold ${money(heldCents + totalCents)} in unpaid orders, over the ${capText(capCents)} ${whom} may hold.`
      : `This order comes to ${money(totalCents)}, over the ${capText(capCents)} ${whom} may hold unpaid.`;
  const todo = [
    ...(heldCents > 0 ? ['Pay or delete an unpaid order first'] : []),
    ...(verified ? [] : [`Verify your email to hold more than ${capText(capCents)}`]),
    ...(heldCents === 0 && verified ? ['Order less, and pay for it before ordering more'] : []),
  ]
    .map((step, i) => (i === 0 ? step : step[0]!.toLowerCase() + step.slice(1)))
    .join(', or ');
  return new AppError('conflict', `${said} ${todo}.`);
}

/**
 * Per product: what unpaid orders hold of it, this account's still on hold (`userId`), or
 * everyone's (stock is given back only when they end, so stock plus that is what is on hand).
 */
async function heldOf(tx: Executor, productIds: string[], userId?: string) {
  const byProduct = new Map<string, number>();
  if (productIds.length === 0) return byProduct;
  const rows = await tx
    .select({
      productId: orderLines.productId,
      quantity: sql<number>`sum(${orderLines.reserved})`.mapWith(Number),
    })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(
      and(
        userId === undefined ? isHolding : onHoldOf(userId),
        inArray(orderLines.productId, productIds),
      ),
    )
    .groupBy(orderLines.productId);
  for (const { productId, quantity } of rows) if (productId) byProduct.set(productId, quantity);
  return byProduct;
}
