import type { Review } from '../../../contract/reviews.ts';
import type { Db } from '../../db/client.ts';
import { listNewestReviews, type ReviewRow } from './repository.ts';

const toReview = (row: ReviewRow): Review => ({
  _id: row.id,
  name: row.name,
  desc: row.description,
  rating: row.rating,
  img: row.imageUrl,
});

export async function newestReviews(db: Db, limit: number) {
  return { data: (await listNewestReviews(db, limit)).map(toReview) };
}
