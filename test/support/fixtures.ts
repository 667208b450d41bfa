import { eq, inArray, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/server/db/client.ts';
import { blogs, orders, products, reviews } from '../../src/server/db/schema.ts';
import { moveStock } from '../../src/server/modules/stock/ledger.ts';

/**
 * A product straight into the database. Unless given, its SKU is unique, its stock 120, its
 * minimum 10, its pack 1 and its ladder one tier at its price. Its stock opens through the
 * ledger, as the shop's own products do, so it is the sum of its movements.
 */
export async function insertProduct(db: Db, overrides: Partial<typeof products.$inferInsert> = {}) {
  const priceCents = overrides.priceCents ?? overrides.tiers?.[0]?.priceCents ?? 1299;
  const moq = overrides.moq ?? overrides.tiers?.[0]?.minQuantity ?? 10;
  const stock = overrides.stock ?? 120;
  return db.transaction(async (txAny) => {
    const tx = txAny as unknown as Db;
    const [row] = await tx
      .insert(products)
      .values({
        sku: `T-${randomUUID().slice(0, 8).toUpperCase()}`,
        name: 'Chain whip',
        description: 'Holds the cassette while the lockring is undone.',
        imageUrl: '/images/products/chain-whip.svg',
        tiers: [{ minQuantity: moq, priceCents }],
        ...overrides,
        stock: 0,
        priceCents,
        moq,
      })
      .returning();
    await moveStock(tx, [
      { productId: row!.id, delta: stock, reason: 'opening', actor: { id: null, name: 'test' } },
    ]);
    return { ...row!, stock };
  });
}

/** A price ladder as the database keeps it, one `[from quantity, cents]` pair a tier. */
export const ladderInCents = (...tiers: [number, number][]) =>
  tiers.map(([minQuantity, priceCents]) => ({ minQuantity, priceCents }));

/** A price ladder as the API speaks it, one `[from quantity, dollars]` pair a tier. */
export const ladderInDollars = (...tiers: [number, number][]) =>
  tiers.map(([minQuantity, price]) => ({ minQuantity, price }));

/** The example part: a ladder of 10+ $3.33, 50+ $2.99 and 200+ $2.49. */
export const insertChainWearChecker = (
  db: Db,
  overrides: Partial<typeof products.$inferInsert> = {},
) =>
  insertProduct(db, {
    name: 'Chain Wear Checker',
    priceCents: 333,
    stock: 1000,
    tiers: ladderInCents([10, 333], [50, 299], [200, 249]),
    ...overrides,
  });

/** Spokes sold in boxes of 36 from one box, with a ladder of 36+ $0.45 and 360+ $0.39. */
export const insertSpokes = (db: Db, overrides: Partial<typeof products.$inferInsert> = {}) =>
  insertProduct(db, {
    name: 'Spoke 2.0 x 262',
    priceCents: 45,
    moq: 36,
    packSize: 36,
    tiers: ladderInCents([36, 45], [360, 39]),
    ...overrides,
  });

/** Brake pads: $2.10 from 10, in packs of 5, 60 in stock. */
export const insertBrakePads = (db: Db, overrides: Partial<typeof products.$inferInsert> = {}) =>
  insertProduct(db, {
    name: 'Brake Pads',
    priceCents: 210,
    moq: 10,
    packSize: 5,
    stock: 60,
    tiers: ladderInCents([10, 210]),
    ...overrides,
  });

/** A cart or order line as the API sends it, for a product inserted here: prices in dollars. */
export const lineOf = (
  product: { id: string; sku: string; name: string },
  quantity: number,
  unitPrice: number,
  lineTotal: number,
) => ({
  productId: product.id,
  sku: product.sku,
  name: product.name,
  quantity,
  unitPrice,
  lineTotal,
});

export async function insertBlog(db: Db, overrides: Partial<typeof blogs.$inferInsert> = {}) {
  const [row] = await db
    .insert(blogs)
    .values({
      title: 'Truing a wheel',
      description: 'First paragraph.\n\nSecond paragraph.',
      imageUrl: '/images/blogs/truing.svg',
      ...overrides,
    })
    .returning();
  return row!;
}

export async function insertReview(db: Db, overrides: Partial<typeof reviews.$inferInsert> = {}) {
  const [row] = await db
    .insert(reviews)
    .values({
      name: 'Ana Ruiz',
      description: 'Great tools, fast delivery.',
      rating: 5,
      ...overrides,
    })
    .returning();
  return row!;
}

/** The hold of these orders ended a moment ago, as if their hour had passed. */
export const endHolds = (db: Db, ...ids: string[]) =>
  db
    .update(orders)
    .set({ holdUntil: sql`now() - interval '1 second'` })
    .where(inArray(orders.id, ids));

/** Each order's hold ends at its own moment: the i-th at `at(i)` (milliseconds since the epoch). */
export const endHoldsAt = (db: Db, ids: string[], at: (i: number) => number) =>
  Promise.all(
    ids.map((id, i) =>
      db
        .update(orders)
        .set({ holdUntil: new Date(at(i)) })
        .where(eq(orders.id, id)),
    ),
  );
