import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product, ProductInput, ProductPatch } from '../../../contract/catalog.ts';
import { api } from '../../lib/api-client.ts';
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
  useCatalogWrite((input: ProductInput) => api<Product>('/tools', { method: 'POST', body: input }));

export const useUpdateProduct = () =>
  useCatalogWrite(({ id, patch }: { id: string; patch: ProductPatch }) =>
    api<Product>(`/tools/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch }),
  );

export type ProductDeleted = { deleted: true; _id: string; name: string };

export const useDeleteProduct = () =>
  useCatalogWrite((id: string) =>
    api<ProductDeleted>(`/tool/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  );
