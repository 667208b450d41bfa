import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, type Call } from '../../lib/api-client.ts';

export const reviewKeys = { all: ['reviews'] as const };

export const fetchReviews = (signal?: AbortSignal, via = call) =>
  via('GET /api/reviews', { signal });

export const reviewsQuery = (via: Call = call) =>
  queryOptions({ queryKey: reviewKeys.all, queryFn: ({ signal }) => fetchReviews(signal, via) });

export const useReviews = () => useQuery(reviewsQuery());
