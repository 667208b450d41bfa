import type {
  CartLinesInput,
  CartLinesLineResult,
  QuickAddInput,
  QuickAddLineResult,
  QuickAddMode,
  ReorderResult,
} from '../../../contract/cart.ts';
import { MAX_CART_LINES } from '../../../contract/cart.ts';
import { MAX_ORDER_QUANTITY } from '../../../contract/orders.ts';
import { allowedQuantityAtLeast } from '../../../contract/price-ladder.ts';
import type { CurrentUser } from '../../auth/current-user.ts';
import type { Db } from '../../db/client.ts';
import { isUuid } from '../../lib/ids.ts';
import { parsePastedLines, type PastedLine } from './quick-add-parser.ts';
import {
  addToCartLines,
  cartQuantities,
  deleteCart,
  findProductsByIds,
  findProductsBySkus,
  type CartProduct,
} from './repository.ts';
import { beyondStock, cartOf, notInStock, writeCart } from './service.ts';

// Lines put into the cart several at a time: a quick-order paste, or an earlier order's lines.

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
  if (product.stock === 0 && !product.backorderAllowed) {
    return { ok: false, error: 'Out of stock' } as const;
  }
  const asked = before + wanted;
  const allowed = allowedQuantityAtLeast(product, asked);
  // The cart's own add holds a line to this too; a bigger stock must not let a line past it.
  if (allowed > MAX_ORDER_QUANTITY) {
    return { ok: false, error: `A line holds at most ${MAX_ORDER_QUANTITY} pieces` } as const;
  }
  if (beyondStock(product, allowed)) {
    return { ok: false, error: notInStock(product, before) } as const;
  }
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

const failed = (message: string) =>
  ({ status: 'error', quantity: null, inCart: null, message }) as const;

/** One line's result once its part is known: added, raised (and why), or refused (and why). */
function addedResult(product: CartProduct, wanted: number, held: Map<string, number>) {
  const outcome = addOnTop(product, wanted, held);
  const sku = product.sku;
  if (!outcome.ok) return { sku, ...failed(outcome.error) };
  const { added: quantity, inCart } = outcome;
  return outcome.adjusted
    ? ({ sku, status: 'adjusted', quantity, inCart, message: outcome.adjusted } as const)
    : ({ sku, status: 'added', quantity, inCart, message: 'Added' } as const);
}

/** Each pasted line's result, moving `held` forward by what goes in. */
function pastedLineResults(
  pasted: PastedLine[],
  bySku: ReadonlyMap<string, CartProduct>,
  held: Map<string, number>,
) {
  return pasted.map((entry): QuickAddLineResult => {
    if ('error' in entry) {
      return { line: entry.line, sku: entry.sku, asked: null, ...failed(entry.error) };
    }
    const base = { line: entry.line, sku: entry.sku, asked: entry.quantity };
    const product = bySku.get(entry.sku.toUpperCase());
    if (!product) return { ...base, ...failed(`No part has the SKU ${entry.sku}`) };
    return { ...base, ...addedResult(product, entry.quantity, held) };
  });
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

/**
 * Several parts by id on top of the cart (a size grid's filled cells): each line goes in, is
 * raised, or fails on its own, as a quick order's line does, under one lock of the cart.
 */
export async function addCartLines(db: Db, user: CurrentUser, { lines }: CartLinesInput) {
  const ids = [...new Set(lines.map((line) => line.productId).filter(isUuid))];
  const byId = new Map((await findProductsByIds(db, ids)).map((p) => [p.productId, p]));
  const { decided, changed, cart } = await putIntoCart(db, user.id, 'add', (held) =>
    lines.map(({ productId, add }, i): CartLinesLineResult => {
      const base = { line: i + 1, productId, asked: add };
      const product = byId.get(productId);
      if (!product) return { ...base, sku: '', ...failed('No part has this id') };
      return { ...base, ...addedResult(product, add, held) };
    }),
  );
  return { outcome: changed ? 'added' : 'unchanged', results: decided, cart } as const;
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
