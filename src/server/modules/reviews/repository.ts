import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { reviews } from '../../db/schema.ts';

export type ReviewRow = typeof reviews.$inferSelect;

export const listNewestReviews = (db: Db, limit: number) =>
  db.select().from(reviews).orderBy(desc(reviews.createdAt), desc(reviews.id)).limit(limit);

export async function insertReview(
  db: Db,
  review: {
    userId: string;
    name: string;
    description: string;
    rating: number;
    imageUrl: string | null;
  },
) {
  const [row] = await db.insert(reviews).values(review).returning();
  return row!;
}

/** Deletes a review and writes its audit line in the same transaction; undefined if unknown. */
export async function deleteReviewAudited(
  db: Db,
  id: string,
  audit: (tx: Db, row: ReviewRow) => Promise<void>,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(reviews).where(eq(reviews.id, id)).returning();
    if (row) await audit(tx as unknown as Db, row);
    return row;
  });
}
