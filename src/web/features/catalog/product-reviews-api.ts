import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, type Call } from '../../lib/api-client.ts';
import { reviewKeys } from '../reviews/api.ts';

/** How many of a product's reviews its page shows (the count and average cover all of them). */
export const PRODUCT_PAGE_REVIEWS = 20;

export const productReviewKeys = {
  // Under reviewKeys.all: a new or removed review refreshes the product pages too.
  of: (productId: string) => [...reviewKeys.all, 'product', productId] as const,
};

export const fetchProductReviews = (productId: string, signal?: AbortSignal, via = call) =>
  via('GET /api/tools/:id/reviews', {
    params: { id: productId },
    query: { limit: PRODUCT_PAGE_REVIEWS },
    signal,
  });

export const productReviewsQuery = (productId: string, via: Call = call) =>
  queryOptions({
    queryKey: productReviewKeys.of(productId),
    queryFn: ({ signal }) => fetchProductReviews(productId, signal, via),
  });

/**
 * As the product page's product query: a failure the server rendered (a product that is not
 * there) is kept when the page hydrates, not asked for again.
 */
export const useProductReviews = (productId: string) =>
  useQuery({ ...productReviewsQuery(productId), retryOnMount: false });
