import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewInput } from '../../../contract/reviews.ts';
import { call } from '../../lib/api-client.ts';
import { reviewKeys } from './api.ts';

// Apart from api.ts on purpose: the home page imports that file in its first paint, and this
// hook would bring useMutation along with it.

/** POST /review: the server takes the reviewer's name and photo from the session. */
export const addReview = (input: ReviewInput) => call('POST /api/review', { body: input });

export function useAddReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addReview,
    // The home carousel reads this list, so the new review is there on the next visit.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}
