import { count, desc, eq, sum } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { products, reviews } from '../../db/schema.ts';

export type ReviewRow = typeof reviews.$inferSelect;

/** The newest reviews, each with its product's name (Manage Reviews says what it is about). */
export const listNewestReviews = (db: Executor, limit: number) =>
  db
    .select({ review: reviews, productName: products.name })
    .from(reviews)
    .leftJoin(products, eq(products.id, reviews.productId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);

/** The newest reviews of one product (the index on product and date serves it). */
export const listProductReviews = (db: Executor, productId: string, limit: number) =>
  db
    .select()
    .from(reviews)
    .where(eq(reviews.productId, productId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);

/** How many reviews a product has and their summed rating, for the count and the average. */
export async function productRatingTotals(db: Executor, productId: string) {
  const [row] = await db
    .select({ count: count(), sum: sum(reviews.rating).mapWith(Number) })
    .from(reviews)
    .where(eq(reviews.productId, productId));
  return { count: row?.count ?? 0, sum: row?.sum ?? 0 };
}

export async function insertReview(
  db: Executor,
  review: {
    userId: string;
    name: string;
    description: string;
    rating: number;
    imageUrl: string | null;
    productId: string | null;
  },
) {
  const [row] = await db.insert(reviews).values(review).returning();
  return row!;
}

/** The database refused a review naming a product that is not (or no longer) there. */
export function isUnknownProduct(err: unknown) {
  let current: unknown = err;
  for (let depth = 0; depth < 6 && current instanceof Error; depth++) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23503') return constraint === 'review_product_id_product_id_fk';
    current = current.cause;
  }
  return false;
}

/** Deletes a review; undefined if unknown. */
export async function deleteReviewRow(tx: Executor, id: string) {
  const [row] = await tx.delete(reviews).where(eq(reviews.id, id)).returning();
  return row;
}
