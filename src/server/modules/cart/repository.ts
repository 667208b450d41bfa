import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { cartLines, checkoutKeys, products } from '../../db/schema.ts';

/** What the cart shows and checks of each product: the one read that prices a cart. */
const cartProductColumns = {
  productId: products.id,
  sku: products.sku,
  name: products.name,
  img: products.imageUrl,
  stock: products.stock,
  moq: products.moq,
  packSize: products.packSize,
  tiers: products.tiers,
  weightGrams: products.weightGrams,
  // A part that allows backorders takes any quantity; the rest waits for stock.
  backorderAllowed: products.backorderAllowed,
};

export type CartProduct = Awaited<ReturnType<typeof findProductsByIds>>[number];

/** The cart's lines with today's products, in the order they were first added. */
export async function listCartLines(db: Executor, userId: string) {
  return db
    .select({ ...cartProductColumns, quantity: cartLines.quantity })
    .from(cartLines)
    .innerJoin(products, eq(products.id, cartLines.productId))
    .where(eq(cartLines.userId, userId))
    .orderBy(asc(cartLines.createdAt), asc(cartLines.productId));
}

export async function findProductsByIds(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select(cartProductColumns).from(products).where(inArray(products.id, ids));
}

/** Products by SKU, whatever the case it was typed in (SKUs are stored upper-case). */
export async function findProductsBySkus(db: Executor, skus: string[]) {
  if (skus.length === 0) return [];
  return db
    .select(cartProductColumns)
    .from(products)
    .where(
      inArray(
        sql`upper(${products.sku})`,
        skus.map((s) => s.toUpperCase()),
      ),
    );
}

// Any constant: the key space of the per-account cart lock (the orders' lock uses another).
const CART_LOCK = 724_313;

/**
 * Lines up one account's cart writes (nobody else's) until the transaction ends, so that the
 * count of its lines checked against the cap, and what an add finds there, are still true when
 * the write lands. Checkout takes it after the customer's order lock; nothing takes them the
 * other way round.
 */
export async function lockCart(tx: Executor, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${CART_LOCK}, hashtext(${userId}))`);
}

/** How many lines the cart has, and how many pieces of this product it holds (0: no line). */
export async function cartHolding(tx: Executor, userId: string, productId: string) {
  const [row] = await tx
    .select({
      lines: sql<number>`count(*)::int`,
      held: sql<number>`coalesce(sum(${cartLines.quantity}) filter (where ${cartLines.productId} = ${productId}), 0)::int`,
    })
    .from(cartLines)
    .where(eq(cartLines.userId, userId));
  return { lines: row?.lines ?? 0, held: row?.held ?? 0 };
}

// Lines added together keep the order they were given in: a microsecond apart, since a clock
// read per row may not move between them.
const newLines = (userId: string, lines: { productId: string; quantity: number }[]) =>
  lines.map((line, i) => ({
    userId,
    ...line,
    createdAt: sql`clock_timestamp() + ${i} * interval '1 microsecond'`,
  }));

/** Sets the quantities of these lines, adding the lines that are new. */
export async function upsertCartLines(
  db: Executor,
  userId: string,
  lines: { productId: string; quantity: number }[],
) {
  if (lines.length === 0) return;
  await db
    .insert(cartLines)
    .values(newLines(userId, lines))
    .onConflictDoUpdate({
      target: [cartLines.userId, cartLines.productId],
      set: { quantity: sql`excluded.quantity`, updatedAt: sql`now()` },
    });
}

/**
 * Adds these pieces on top of what each line holds, starting the lines that are new, in one
 * statement: the row lock it takes makes concurrent adds count one after the other, never
 * overwrite each other. Answers each line's quantity after the add.
 */
export async function addToCartLines(
  db: Executor,
  userId: string,
  lines: { productId: string; quantity: number }[],
) {
  if (lines.length === 0) return [];
  return db
    .insert(cartLines)
    .values(newLines(userId, lines))
    .onConflictDoUpdate({
      target: [cartLines.userId, cartLines.productId],
      set: { quantity: sql`cart_line.quantity + excluded.quantity`, updatedAt: sql`now()` },
    })
    .returning({ productId: cartLines.productId, quantity: cartLines.quantity });
}

export async function deleteCartLine(db: Executor, userId: string, productId: string) {
  await db
    .delete(cartLines)
    .where(and(eq(cartLines.userId, userId), eq(cartLines.productId, productId)));
}

export async function deleteCart(db: Executor, userId: string) {
  await db.delete(cartLines).where(eq(cartLines.userId, userId));
}

/** What checkout turns into an order: each product and quantity, in the cart's order. */
export async function cartQuantities(tx: Executor, userId: string) {
  return tx
    .select({ productId: cartLines.productId, quantity: cartLines.quantity })
    .from(cartLines)
    .where(eq(cartLines.userId, userId))
    .orderBy(asc(cartLines.createdAt), asc(cartLines.productId));
}

export async function findCheckoutKey(tx: Executor, userId: string, key: string) {
  const [row] = await tx
    .select({ orderId: checkoutKeys.orderId })
    .from(checkoutKeys)
    .where(and(eq(checkoutKeys.userId, userId), eq(checkoutKeys.key, key)));
  return row;
}

export async function recordCheckoutKey(
  tx: Executor,
  userId: string,
  key: string,
  orderId: string,
) {
  await tx.insert(checkoutKeys).values({ userId, key, orderId });
}

/** Keys older than this are forgotten: a retry comes within minutes, not days. */
export async function forgetCheckoutKeys(db: Executor, olderThanHours: number) {
  const gone = await db
    .delete(checkoutKeys)
    .where(lt(checkoutKeys.createdAt, sql`now() - make_interval(hours => ${olderThanHours})`))
    .returning({ key: checkoutKeys.key });
  return gone.length;
}
