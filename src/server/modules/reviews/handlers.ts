import type { ReadCache } from '../../cache/read-cache.ts';
import type { Db } from '../../db/client.ts';
import type { Handlers } from '../../http/handler.ts';
import { addReview, deleteReview, newestReviews, productReviewsOf } from './service.ts';

type Deps = { db: Db; cache: ReadCache };

export const reviewHandlers = ({
  db,
  cache,
}: Deps): Handlers<'listReviews' | 'productReviews' | 'addReview' | 'deleteReview'> => ({
  listReviews: ({ query }) => newestReviews(db, cache, query.limit),
  productReviews: ({ params, query }) => productReviewsOf(db, cache, params.id, query.limit),
  addReview: ({ user, body }) => addReview(db, cache, user, body),
  deleteReview: ({ user, params }) => deleteReview(db, cache, user, params.id),
});
