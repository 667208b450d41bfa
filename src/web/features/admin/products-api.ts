import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductInput, ProductPatch } from '../../../contract/product-input.ts';
import { call } from '../../lib/api-client.ts';
import { toolKeys, toolQuery } from '../catalog/api.ts';
import { stockMovementKeys } from './stock-movements-api.ts';

// The catalogue writes (admins): POST /tools, PATCH /tools/{id}, DELETE /tool/{id}. The list
// is the shop's own GET /tools (features/catalog/api.ts), so both read one cache.

/** Every write changes what the shop, the home page and the purchase page show. */
function useCatalogWrite<V, R>(
  mutationFn: (variables: V) => Promise<R>,
  alsoChanged?: (variables: V) => readonly unknown[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: (_data, _error, variables) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: toolKeys.all }),
        alsoChanged && queryClient.invalidateQueries({ queryKey: alsoChanged(variables) }),
      ]),
  });
}

export const useAddProduct = () =>
  useCatalogWrite((input: ProductInput) => call('POST /api/tools', { body: input }));

export const useUpdateProduct = () =>
  useCatalogWrite(
    ({ id, patch }: { id: string; patch: ProductPatch }) =>
      call('PATCH /api/tools/:id', { params: { id }, body: patch }),
    // A new count is a movement in the product's ledger.
    ({ id }) => stockMovementKeys.product(id),
  );

export const useDeleteProduct = () =>
  useCatalogWrite((id: string) => call('DELETE /api/tool/:id', { params: { id } }));

/**
 * The product as the server has it now, past any cached copy: after a 409 the edit form learns
 * the stock that changed meanwhile. The lists are asked again too, so the table shows it.
 */
export function useReloadProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => queryClient.fetchQuery({ ...toolQuery(id), staleTime: 0 }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: toolKeys.all }),
  });
}
