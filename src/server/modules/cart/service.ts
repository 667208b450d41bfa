import type { Cart, CartLine, QuickAddLineResult, ReorderResult } from '../../../contract/cart.ts';
import { MAX_CART_LINES } from '../../../contract/cart.ts';
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
import { AppError, notFound } from '../../errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { parsePastedLines } from './quick-add-parser.ts';
import {
  deleteCart,
  deleteCartLine,
  findProductsByIds,
  findProductsBySkus,
  listCartLines,
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

/** Sets one line: at least the part's minimum, whole packs, and no more than is in stock. */
export async function setCartLine(db: Db, user: CurrentUser, productId: string, quantity: number) {
  const [product] = isUuid(productId) ? await findProductsByIds(db, [productId]) : [];
  if (!product) throw notFound('Product');
  const problem = quantityProblem(product, quantity);
  if (problem) throw new AppError('bad_request', problem);
  if (product.stock < quantity) throw new AppError('conflict', `Only ${product.stock} in stock`);
  const held = await heldInCart(db, user.id);
  if (!held.has(productId) && held.size >= MAX_CART_LINES) throw cartFull();
  await upsertCartLines(db, user.id, [{ productId, quantity }]);
  return cartOf(db, user.id);
}

export async function removeCartLine(db: Db, user: CurrentUser, productId: string) {
  if (isUuid(productId)) await deleteCartLine(db, user.id, productId);
  return cartOf(db, user.id);
}

export async function emptyCart(db: Db, user: CurrentUser) {
  await deleteCart(db, user.id);
  return cartOf(db, user.id);
}

/**
 * Adds `wanted` pieces on top of what the cart holds, raised to the minimum and to whole packs.
 * Answers what went in, or why nothing did; `held` is updated for the next line of the paste.
 */
function addOnTop(product: CartProduct, wanted: number, held: Map<string, number>) {
  const before = held.get(product.productId) ?? 0;
  if (before === 0 && held.size >= MAX_CART_LINES) {
    return { ok: false, error: `Your cart is full (${MAX_CART_LINES} parts)` } as const;
  }
  if (product.stock === 0) return { ok: false, error: 'Out of stock' } as const;
  const asked = before + wanted;
  const allowed = allowedQuantityAtLeast(product, asked);
  if (allowed > product.stock) {
    return {
      ok: false,
      error: `Only ${product.stock} in stock${before > 0 ? ` (your cart already holds ${before})` : ''}`,
    } as const;
  }
  held.set(product.productId, allowed);
  if (allowed === asked) return { ok: true, added: wanted, adjusted: undefined } as const;
  const message =
    asked < product.moq
      ? `Raised to the minimum of ${allowed}`
      : `Raised to ${allowed}: sold in packs of ${product.packSize}`;
  return { ok: true, added: allowed - before, adjusted: message } as const;
}

/** What the cart holds of each product: adding on top of it starts here. */
async function heldInCart(db: Db, userId: string) {
  const lines = await listCartLines(db, userId);
  return new Map(lines.map((line) => [line.productId, line.quantity]));
}

/** Writes the lines whose quantity changed since `before`, and answers the cart. */
async function saveHeld(
  db: Db,
  userId: string,
  before: ReadonlyMap<string, number>,
  held: Map<string, number>,
) {
  const changed = [...held].filter(([productId, quantity]) => before.get(productId) !== quantity);
  await upsertCartLines(
    db,
    userId,
    changed.map(([productId, quantity]) => ({ productId, quantity })),
  );
  return cartOf(db, userId);
}

/** Quick order: each pasted "SKU quantity" line goes in, is adjusted, or fails on its own. */
export async function quickAdd(db: Db, user: CurrentUser, text: string) {
  const pasted = parsePastedLines(text);
  const skus = [...new Set(pasted.map((p) => p.sku.toUpperCase()))];
  const bySku = new Map((await findProductsBySkus(db, skus)).map((p) => [p.sku.toUpperCase(), p]));
  const before = await heldInCart(db, user.id);
  const held = new Map(before);
  const results: QuickAddLineResult[] = [];
  for (const entry of pasted) {
    const base = { line: entry.line, sku: entry.sku };
    if ('error' in entry) {
      results.push({ ...base, status: 'error', quantity: null, message: entry.error });
      continue;
    }
    const product = bySku.get(entry.sku.toUpperCase());
    if (!product) {
      results.push({
        ...base,
        status: 'error',
        quantity: null,
        message: `No part has the SKU ${entry.sku}`,
      });
      continue;
    }
    const outcome = addOnTop(product, entry.quantity, held);
    const sku = product.sku;
    if (!outcome.ok) {
      results.push({ ...base, sku, status: 'error', quantity: null, message: outcome.error });
    } else if (outcome.adjusted) {
      results.push({
        ...base,
        sku,
        status: 'adjusted',
        quantity: outcome.added,
        message: outcome.adjusted,
      });
    } else {
      results.push({ ...base, sku, status: 'added', quantity: outcome.added, message: 'Added' });
    }
  }
  return { results, cart: await saveHeld(db, user.id, before, held) };
}

/** Puts lines (of an earlier order) on top of the cart; answers the ones that could not go in. */
export async function addLinesToCart(
  db: Db,
  user: CurrentUser,
  lines: { productId: string | null; sku: string; name: string; quantity: number }[],
) {
  const live = lines.flatMap((l) => (l.productId ? [l.productId] : []));
  const byId = new Map((await findProductsByIds(db, live)).map((p) => [p.productId, p]));
  const before = await heldInCart(db, user.id);
  const held = new Map(before);
  const skipped: ReorderResult['skipped'] = [];
  for (const line of lines) {
    const product = line.productId ? byId.get(line.productId) : undefined;
    if (!product) {
      skipped.push({ ...line, message: 'This part is no longer sold' });
      continue;
    }
    const outcome = addOnTop(product, line.quantity, held);
    if (!outcome.ok) skipped.push({ ...line, message: outcome.error });
  }
  return { cart: await saveHeld(db, user.id, before, held), skipped };
}
