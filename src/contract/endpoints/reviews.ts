import { idParams } from '../common.ts';
import { endpoint, HOUR } from '../endpoint.ts';
import {
  productReviews,
  productReviewsQuery,
  review,
  reviewDeleted,
  reviewInput,
  reviewList,
  reviewListQuery,
} from '../reviews.ts';

/** The reviews part of the endpoint table (src/contract/endpoints.ts composes every part). */
export const reviewsEndpoints = {
  // Reviews: anyone reads, signed-in users write, admins moderate.
  listReviews: endpoint({
    method: 'GET',
    path: '/api/reviews',
    access: 'anyone',
    tag: 'reviews',
    summary: 'Newest customer reviews',
    query: reviewListQuery,
    response: reviewList,
  }),
  productReviews: endpoint({
    method: 'GET',
    path: '/api/tools/:id/reviews',
    access: 'anyone',
    tag: 'reviews',
    summary: "One product's newest reviews, with how many it has and their average rating",
    params: idParams,
    query: productReviewsQuery,
    response: productReviews,
  }),
  addReview: endpoint({
    method: 'POST',
    path: '/api/review',
    access: 'user',
    tag: 'reviews',
    summary: 'Review the shop, or one product; name and photo come from the session',
    body: reviewInput,
    status: 201,
    response: review,
    rateLimit: { max: 10, windowSeconds: HOUR, per: 'user' },
  }),
  deleteReview: endpoint({
    method: 'DELETE',
    path: '/api/reviews/:id',
    access: 'admin',
    tag: 'reviews',
    summary: 'Remove a review (moderation; written to the audit trail)',
    params: idParams,
    response: reviewDeleted,
  }),
} as const;
