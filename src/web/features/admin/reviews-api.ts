import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';
import { reviewKeys } from '../reviews/api.ts';

// Manage Reviews: GET /reviews (as many as one call gives) and DELETE /reviews/{id} (admins).
// Kept apart from reviews/api.ts, which the home page loads with its first paint.

export const MODERATED_REVIEWS = 50;

const moderationQuery = () =>
  queryOptions({
    // Under reviewKeys.all, so one invalidation refreshes this list and the home carousel.
    queryKey: [...reviewKeys.all, 'moderation'],
    queryFn: ({ signal }) =>
      call('GET /api/reviews', { query: { limit: MODERATED_REVIEWS }, signal }),
  });

export const useReviewsToModerate = () => useQuery(moderationQuery());

export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call('DELETE /api/reviews/:id', { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}
