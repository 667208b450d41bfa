import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductInput, ProductPatch } from '../../../contract/catalog.ts';
import { call } from '../../lib/api-client.ts';
import { toolKeys } from '../catalog/api.ts';

// The catalogue writes (admins): POST /tools, PATCH /tools/{id}, DELETE /tool/{id}. The list
// is the shop's own GET /tools (features/catalog/api.ts), so both read one cache.

/** Every write changes what the shop, the home page and the purchase page show. */
function useCatalogWrite<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: toolKeys.all }),
  });
}

export const useAddProduct = () =>
  useCatalogWrite((input: ProductInput) => call('POST /api/tools', { body: input }));

export const useUpdateProduct = () =>
  useCatalogWrite(({ id, patch }: { id: string; patch: ProductPatch }) =>
    call('PATCH /api/tools/:id', { params: { id }, body: patch }),
  );

export const useDeleteProduct = () =>
  useCatalogWrite((id: string) => call('DELETE /api/tool/:id', { params: { id } }));
