import type {
  Cart,
  CartLine,
  QuickAddInput,
  QuickAddLineResult,
  QuickAddMode,
  ReorderResult,
} from '../../../contract/cart.ts';
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
import type { CurrentUser } from '../../auth/guards.ts';
import type { Db } from '../../db/client.ts';
import { retryTransaction } from '../../db/retry-transaction.ts';
import { AppError, notFound } from '../../errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { parsePastedLines, type PastedLine } from './quick-add-parser.ts';
import {
  addToCartLines,
  cartHolding,
  cartQuantities,
  deleteCart,
  deleteCartLine,
  findProductsByIds,
  findProductsBySkus,
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
    (row.stock < row.quantity ? `Only ${row.stock} in stock` : undefined);
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
    tiers: ladderInDollars(row.tiers),
    ...(problem ? { problem } : {}),
  };
}

export async function cartOf(db: Db, userId: string): Promise<Cart> {
  const priced = (await listCartLines(db, userId)).map(priceLine);
  return {
    lines: priced.map(({ lineTotalCents: _, ...line }) => line),
    total: centsToDollars(sumLineTotals(priced)),
  };
}

const cartFull = () =>
  new AppError(
    'conflict',
    `A cart holds at most ${MAX_CART_LINES} different parts. Check out or remove some first.`,
  );

/**
 * Runs one write of this account's cart under its lock (see lockCart), in a transaction that a
 * refusal thrown inside rolls back whole. Writers read the cart they answer with before the
 * lock is let go: each answer is the cart exactly as that write left it.
 */
function writeCart<T>(db: Db, userId: string, write: (tx: Db) => Promise<T>) {
  return retryTransaction(() =>
    db.transaction(async (txAny) => {
      const tx = txAny as unknown as Db;
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

const notInStock = (product: CartProduct, held: number) =>
  `Only ${product.stock} in stock${held > 0 ? ` (your cart already holds ${held})` : ''}`;

/** Sets one line: at least the part's minimum, whole packs, and no more than is in stock. */
export async function setCartLine(db: Db, user: CurrentUser, productId: string, quantity: number) {
  const product = await productById(db, productId);
  const problem = quantityProblem(product, quantity);
  if (problem) throw new AppError('bad_request', problem);
  if (product.stock < quantity) throw new AppError('conflict', `Only ${product.stock} in stock`);
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
    if (result > product.stock) throw new AppError('conflict', notInStock(product, before));
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

/** Why a line was raised: "Raised to 60: sold in packs of 30", naming what the cart held. */
function raisedMessage(product: CartProduct, before: number, wanted: number, allowed: number) {
  const asked = before + wanted;
  const why =
    asked < product.moq
      ? `Raised to the minimum of ${allowed}`
      : `Raised to ${allowed}: sold in packs of ${product.packSize}`;
  // "Raised to 60" beside a typed 20 reads as a mistake unless the 30 already there is named.
  return before > 0 ? `${before} in your cart + ${wanted} = ${asked}. ${why}` : why;
}

/**
 * Adds `wanted` pieces on top of what the cart holds, raised to the minimum and to whole packs.
 * Answers what went in and what the line holds then, or why nothing went in; `held` is updated
 * for the next line of the paste.
 */
function addOnTop(product: CartProduct, wanted: number, held: Map<string, number>) {
  const before = held.get(product.productId) ?? 0;
  if (before === 0 && held.size >= MAX_CART_LINES) {
    return { ok: false, error: `Your cart is full (${MAX_CART_LINES} parts)` } as const;
  }
  if (product.stock === 0) return { ok: false, error: 'Out of stock' } as const;
  const asked = before + wanted;
  const allowed = allowedQuantityAtLeast(product, asked);
  if (allowed > product.stock) return { ok: false, error: notInStock(product, before) } as const;
  held.set(product.productId, allowed);
  const adjusted = allowed === asked ? undefined : raisedMessage(product, before, wanted, allowed);
  return { ok: true, added: allowed - before, inCart: allowed, adjusted } as const;
}

/**
 * Puts lines into the cart under its lock: `decide` is given what the cart holds (read under the
 * lock, so that it is still true at the write; nothing when replacing it) and moves it forward
 * as it accepts each line. What it accepted is then written as one atomic add per part; when
 * replacing, the cart is emptied first in the same transaction, and only if something goes in,
 * so a paste of mistakes never costs the cart. Answers what `decide` said, whether the cart
 * changed, and the cart that resulted.
 */
async function putIntoCart<T>(
  db: Db,
  userId: string,
  mode: QuickAddMode,
  decide: (held: Map<string, number>) => T,
) {
  return writeCart(db, userId, async (tx) => {
    const before = new Map(
      mode === 'replace'
        ? []
        : (await cartQuantities(tx, userId)).map((line) => [line.productId, line.quantity]),
    );
    const held = new Map(before);
    const decided = decide(held);
    const added = [...held].flatMap(([productId, quantity]) => {
      const more = quantity - (before.get(productId) ?? 0);
      return more > 0 ? [{ productId, quantity: more }] : [];
    });
    if (added.length > 0 && mode === 'replace') await deleteCart(tx, userId);
    await addToCartLines(tx, userId, added);
    return { decided, changed: added.length > 0, cart: await cartOf(tx, userId) };
  });
}

/** Each pasted line's result, moving `held` forward by what goes in. */
function pastedLineResults(
  pasted: PastedLine[],
  bySku: ReadonlyMap<string, CartProduct>,
  held: Map<string, number>,
) {
  const results: QuickAddLineResult[] = [];
  const failed = (message: string) =>
    ({ status: 'error', quantity: null, inCart: null, message }) as const;
  for (const entry of pasted) {
    if ('error' in entry) {
      results.push({ line: entry.line, sku: entry.sku, asked: null, ...failed(entry.error) });
      continue;
    }
    const base = { line: entry.line, sku: entry.sku, asked: entry.quantity };
    const product = bySku.get(entry.sku.toUpperCase());
    if (!product) {
      results.push({ ...base, ...failed(`No part has the SKU ${entry.sku}`) });
      continue;
    }
    const outcome = addOnTop(product, entry.quantity, held);
    const sku = product.sku;
    if (!outcome.ok) {
      results.push({ ...base, sku, ...failed(outcome.error) });
      continue;
    }
    const { added: quantity, inCart } = outcome;
    results.push(
      outcome.adjusted
        ? { ...base, sku, status: 'adjusted', quantity, inCart, message: outcome.adjusted }
        : { ...base, sku, status: 'added', quantity, inCart, message: 'Added' },
    );
  }
  return results;
}

/**
 * Quick order: each pasted "SKU quantity" line goes in, is adjusted, or fails on its own, on top
 * of the cart or in place of it (`mode`); the answer says which happened.
 */
export async function quickAdd(db: Db, user: CurrentUser, { text, mode }: QuickAddInput) {
  const pasted = parsePastedLines(text);
  const skus = [...new Set(pasted.map((p) => p.sku.toUpperCase()))];
  const bySku = new Map((await findProductsBySkus(db, skus)).map((p) => [p.sku.toUpperCase(), p]));
  const { decided, changed, cart } = await putIntoCart(db, user.id, mode, (held) =>
    pastedLineResults(pasted, bySku, held),
  );
  const outcome = !changed ? 'unchanged' : mode === 'replace' ? 'replaced' : 'added';
  return { outcome, results: decided, cart } as const;
}

/** Puts lines (of an earlier order) on top of the cart; answers the ones that could not go in. */
export async function addLinesToCart(
  db: Db,
  user: CurrentUser,
  lines: { productId: string | null; sku: string; name: string; quantity: number }[],
) {
  const live = lines.flatMap((l) => (l.productId ? [l.productId] : []));
  const byId = new Map((await findProductsByIds(db, live)).map((p) => [p.productId, p]));
  const { decided: skipped, cart } = await putIntoCart(db, user.id, 'add', (held) => {
    const refused: ReorderResult['skipped'] = [];
    for (const line of lines) {
      const product = line.productId ? byId.get(line.productId) : undefined;
      if (!product) {
        refused.push({ ...line, message: 'This part is no longer sold' });
        continue;
      }
      const outcome = addOnTop(product, line.quantity, held);
      if (!outcome.ok) refused.push({ ...line, message: outcome.error });
    }
    return refused;
  });
  return { cart, skipped };
}
