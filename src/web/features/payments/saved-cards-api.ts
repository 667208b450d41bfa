import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, type Call } from '../../lib/api-client.ts';

// The buyer's kept cards: GET /me/cards, DELETE /me/cards/{id}, POST /payments/saved-card.

export const savedCardKeys = { all: ['saved-cards'] as const };

export const savedCardsQuery = (via: Call = call) =>
  queryOptions({
    queryKey: savedCardKeys.all,
    queryFn: ({ signal }) => via('GET /api/me/cards', { signal }),
  });

export const useSavedCards = (enabled = true) => useQuery({ ...savedCardsQuery(), enabled });

export const removeSavedCard = (id: string) => call('DELETE /api/me/cards/:id', { params: { id } });

export function useRemoveSavedCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeSavedCard,
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedCardKeys.all }),
  });
}

/** Confirms the order's payment with a kept card; 3-D Secure, when asked, follows in the page. */
export const payWithSavedCard = (orderId: string, cardId: string) =>
  call('POST /api/payments/saved-card', { body: { orderId, cardId } });
