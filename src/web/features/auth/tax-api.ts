import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TaxDetails, TaxDetailsInput } from '../../../contract/vat-id.ts';
import { authApi, call, type Call } from '../../lib/api-client.ts';
import type { FormRule } from '../../lib/form-action.ts';

// The account's tax details on My Profile: GET and PUT /users/me/tax.

export const taxKeys = { mine: ['tax-details', 'me'] as const };

export const myTaxQuery = (via: Call = call) =>
  queryOptions({
    queryKey: taxKeys.mine,
    queryFn: ({ signal }) => via('GET /api/users/me/tax', { signal }),
  });

export const useMyTax = () => useQuery(myTaxQuery());

/** The tax form's one rule: My Profile's action submits it too (its VAT check loads lazily). */
export const taxDetailsRule: FormRule<TaxDetailsInput, TaxDetails> = {
  schema: async () => (await import('../../../contract/vat-id.ts')).taxDetailsInput,
  submit: (api, body) => api.call('PUT /api/users/me/tax', { body }),
};

export function useSaveMyTax() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TaxDetailsInput) => taxDetailsRule.submit({ call, authApi }, input),
    onSuccess: (saved) => queryClient.setQueryData(taxKeys.mine, saved),
  });
}
