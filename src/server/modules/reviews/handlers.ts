import type { Handlers } from '../../http/handler.ts';
import {
  addReview,
  deleteReview,
  newestReviews,
  productReviewsOf,
  type ReviewDeps,
} from './service.ts';

export const reviewHandlers = ({
  db,
  cache,
  findProduct,
}: ReviewDeps): Handlers<'listReviews' | 'productReviews' | 'addReview' | 'deleteReview'> => ({
  listReviews: ({ query }) => newestReviews(db, cache, query.limit),
  productReviews: ({ params, query }) =>
    productReviewsOf({ db, cache, findProduct }, params.id, query.limit),
  addReview: ({ user, body }) => addReview(db, cache, user, body),
  deleteReview: ({ user, params }) => deleteReview(db, cache, user, params.id),
});
