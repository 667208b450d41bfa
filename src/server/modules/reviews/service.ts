import type { z } from 'zod';
import type { Review, reviewInput } from '../../../contract/reviews.ts';
import type { CurrentUser } from '../../auth/guards.ts';
import type { ReadCache } from '../../cache/read-cache.ts';
import type { Db } from '../../db/client.ts';
import { insertReview, listNewestReviews, type ReviewRow } from './repository.ts';

const toReview = (row: ReviewRow): Review => ({
  _id: row.id,
  name: row.name,
  desc: row.description,
  rating: row.rating,
  img: row.imageUrl,
});

export function newestReviews(db: Db, cache: ReadCache, limit: number) {
  return cache.read('review', `newest ${limit}`, async () => ({
    data: (await listNewestReviews(db, limit)).map(toReview),
  }));
}

export async function addReview(
  db: Db,
  cache: ReadCache,
  user: CurrentUser,
  input: z.output<typeof reviewInput>,
) {
  const row = await cache.write('review', () =>
    insertReview(db, {
      userId: user.id,
      name: user.name,
      description: input.desc,
      rating: input.rating,
      imageUrl: user.image,
    }),
  );
  return toReview(row);
}
