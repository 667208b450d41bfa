import type { Cart, CartLine } from '../../../contract/cart.ts';
import { MAX_CART_LINES } from '../../../contract/cart.ts';
import { MAX_ORDER_QUANTITY } from '../../../contract/orders.ts';
import { centsToDollars } from '../../../contract/money.ts';
import {
  allowedQuantityAtLeast,
  ladderInDollars,
  lineTotalCents,
  quantityProblem,
  sumLineTotals,
  unitPriceCents,
} from '../../../contract/price-ladder.ts';
import type { CurrentUser } from '../../auth/current-user.ts';
import type { Db, Executor } from '../../db/client.ts';
import { retryTransaction } from '../../db/retry-transaction.ts';
import { AppError, notFound } from '../../errors.ts';
import { isUuid } from '../../lib/ids.ts';
import {
  addToCartLines,
  cartHolding,
  deleteCart,
  deleteCartLine,
  findProductsByIds,
  listCartLines,
  lockCart,
  upsertCartLines,
  type CartProduct,
} from './repository.ts';

type PricedRow = CartProduct & { quantity: number };

/**
 * A line priced at today's ladder. A quantity an admin's change has put under the minimum (or
 * off the pack) is priced at the first tier and says why it cannot be checked out as it is.
 */
function priceLine(row: PricedRow): CartLine & { lineTotalCents: number } {
  const problem =
    quantityProblem(row, row.quantity) ??
    (!row.backorderAllowed && row.stock < row.quantity ? `Only ${row.stock} in stock` : undefined);
  const unit = unitPriceCents(row.tiers, row.quantity) ?? row.tiers[0]?.priceCents ?? 0;
  const total = lineTotalCents(unit, row.quantity);
  return {
    productId: row.productId,
    sku: row.sku,
    name: row.name,
    img: row.img,
    quantity: row.quantity,
    unitPrice: centsToDollars(unit),
    lineTotal: centsToDollars(total),
    lineTotalCents: total,
    moq: row.moq,
    packSize: row.packSize,
    stock: row.stock,
    backorderAllowed: row.backorderAllowed,
    backordered: backorderedOf(row, row.quantity),
    tiers: ladderInDollars(row.tiers),
    ...(problem ? { problem } : {}),
  };
}

/** The cart's lines priced today, with what each piece weighs: what a delivery quote prices. */
export async function pricedCartLines(db: Executor, userId: string) {
  return (await listCartLines(db, userId)).map((row) => ({
    ...priceLine(row),
    weightGrams: row.weightGrams,
  }));
}

export async function cartOf(db: Executor, userId: string): Promise<Cart> {
  const priced = (await listCartLines(db, userId)).map(priceLine);
  return {
    lines: priced.map(({ lineTotalCents: _, ...line }) => line),
    total: centsToDollars(sumLineTotals(priced)),
  };
}

export const cartFull = () =>
  new AppError(
    'conflict',
    `A cart holds at most ${MAX_CART_LINES} different parts. Check out or remove some first.`,
  );

/**
 * Runs one write of this account's cart under its lock (see lockCart), in a transaction that a
 * refusal thrown inside rolls back whole. Writers read the cart they answer with before the
 * lock is let go: each answer is the cart exactly as that write left it.
 */
export function writeCart<T>(db: Db, userId: string, write: (tx: Executor) => Promise<T>) {
  return retryTransaction(() =>
    db.transaction(async (tx) => {
      await lockCart(tx, userId);
      return write(tx);
    }),
  );
}

async function productById(db: Db, productId: string) {
  const [product] = isUuid(productId) ? await findProductsByIds(db, [productId]) : [];
  if (!product) throw notFound('Product');
  return product;
}

/** Pieces of a line beyond the stock, which wait for it: only where the part allows that. */
export const backorderedOf = (
  product: Pick<CartProduct, 'stock' | 'backorderAllowed'>,
  quantity: number,
) => (product.backorderAllowed ? Math.max(0, quantity - product.stock) : 0);

/** Whether a line of this many pieces is more than the part can take: stock, or backorder. */
export const beyondStock = (
  product: Pick<CartProduct, 'stock' | 'backorderAllowed'>,
  quantity: number,
) => !product.backorderAllowed && quantity > product.stock;

export const notInStock = (product: CartProduct, held: number) =>
  `Only ${product.stock} in stock${held > 0 ? ` (your cart already holds ${held})` : ''}`;

/** Sets one line: at least the part's minimum, whole packs, and no more than is in stock. */
export async function setCartLine(db: Db, user: CurrentUser, productId: string, quantity: number) {
  const product = await productById(db, productId);
  const problem = quantityProblem(product, quantity);
  if (problem) throw new AppError('bad_request', problem);
  if (beyondStock(product, quantity)) {
    throw new AppError('conflict', `Only ${product.stock} in stock`);
  }
  return writeCart(db, user.id, async (tx) => {
    const { lines, held } = await cartHolding(tx, user.id, productId);
    if (held === 0 && lines >= MAX_CART_LINES) throw cartFull();
    await upsertCartLines(tx, user.id, [{ productId, quantity }]);
    return cartOf(tx, user.id);
  });
}

/**
 * Why a line of `held` pieces cannot take `add` more, naming what could be added instead; the
 * rules are the ones PUT applies to a quantity, applied to the line that would result.
 */
function addProblem(rule: { moq: number; packSize: number }, held: number, add: number) {
  const result = held + add;
  const problem = quantityProblem(rule, result);
  if (!problem || held === 0) return problem;
  const up = allowedQuantityAtLeast(rule, result) - held;
  const down = Math.floor(result / rule.packSize) * rule.packSize - held;
  const adds = down > 0 && held + down >= rule.moq && down !== up ? `${down} or ${up}` : `${up}`;
  const why =
    result < rule.moq
      ? `the minimum for this part is ${rule.moq}`
      : `it is sold in packs of ${rule.packSize}`;
  return `Your cart already holds ${held}, so that makes ${result}, but ${why}: add ${adds}`;
}

/**
 * Adds pieces on top of one line in one statement, then checks the line that resulted: at
 * least the minimum, whole packs, and no more than is in stock, or the add is undone and
 * refused. Nothing is raised here: a caller who adds knows how many they want.
 */
export async function addToCartLine(db: Db, user: CurrentUser, productId: string, add: number) {
  const product = await productById(db, productId);
  return writeCart(db, user.id, async (tx) => {
    const { lines, held } = await cartHolding(tx, user.id, productId);
    if (held === 0 && lines >= MAX_CART_LINES) throw cartFull();
    const [line] = await addToCartLines(tx, user.id, [{ productId, quantity: add }]);
    const result = line?.quantity ?? add;
    const before = result - add;
    const problem = addProblem(product, before, add);
    if (problem) throw new AppError('bad_request', problem);
    if (result > MAX_ORDER_QUANTITY) {
      throw new AppError('bad_request', `A line holds at most ${MAX_ORDER_QUANTITY} pieces`);
    }
    if (beyondStock(product, result)) throw new AppError('conflict', notInStock(product, before));
    return cartOf(tx, user.id);
  });
}

export async function removeCartLine(db: Db, user: CurrentUser, productId: string) {
  if (isUuid(productId)) await deleteCartLine(db, user.id, productId);
  return cartOf(db, user.id);
}

export async function emptyCart(db: Db, user: CurrentUser) {
  await deleteCart(db, user.id);
  return cartOf(db, user.id);
}
