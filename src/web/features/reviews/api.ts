import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';

export const reviewKeys = { all: ['reviews'] as const };

export const fetchReviews = (signal?: AbortSignal) => call('GET /api/reviews', { signal });

export const reviewsQuery = () =>
  queryOptions({ queryKey: reviewKeys.all, queryFn: ({ signal }) => fetchReviews(signal) });

export const useReviews = () => useQuery(reviewsQuery());
