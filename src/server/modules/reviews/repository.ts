import { desc } from 'drizzle-orm';
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
