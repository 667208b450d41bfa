import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Review, ReviewInput } from '../../../contract/reviews.ts';
import type { FormRule } from '../../lib/form-action.ts';
import { authApi, call } from '../../lib/api-client.ts';
import { reviewKeys } from './api.ts';

// Apart from api.ts on purpose: the home page imports that file in its first paint, and this
// hook would bring useMutation along with it.

/**
 * The review form's one rule (lib/form-action.ts), which My Review's action submits too.
 * POST /review: the server takes the reviewer's name and photo from the session.
 */
export const reviewRule: FormRule<ReviewInput, Review> = {
  schema: async () =>
    (await import('../../../contract/reviews.ts')).reviewForm as unknown as z.ZodType<
      ReviewInput,
      Record<string, unknown>
    >,
  submit: (api, input) => api.call('POST /api/review', { body: input }),
};

export const addReview = (input: ReviewInput) => reviewRule.submit({ call, authApi }, input);

export function useAddReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addReview,
    // The home carousel reads this list, so the new review is there on the next visit.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}
