import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';
import { toolKeys, toolQuery } from '../catalog/api.ts';

// A product's uploaded images (admins): GET, POST /tools/{id}/images, DELETE one, PUT the order.

export const productImageKeys = {
  product: (id: string) => ['admin', 'product-images', id] as const,
};

export const productImagesQuery = (id: string) =>
  queryOptions({
    queryKey: productImageKeys.product(id),
    queryFn: ({ signal }) => call('GET /api/tools/:id/images', { params: { id }, signal }),
  });

export const useProductImages = (id: string) => useQuery(productImagesQuery(id));

/**
 * Every change of the images may change the product's picture, which the shop's lists and pages
 * show: both are asked for again, and `onPicture` hears the picture the product has now.
 */
function useImagesWrite<V, R>(
  id: string,
  mutationFn: (variables: V) => Promise<R>,
  onPicture: (img: string) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: productImageKeys.product(id) }),
        queryClient.invalidateQueries({ queryKey: toolKeys.all }),
      ]);
      const fresh = await queryClient
        .fetchQuery({ ...toolQuery(id), staleTime: 0 })
        .catch(() => null);
      if (fresh) onPicture(fresh.img);
    },
  });
}

export const useUploadImage = (id: string, onPicture: (img: string) => void) =>
  useImagesWrite(
    id,
    (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return call('POST /api/tools/:id/images', { params: { id }, body: form });
    },
    onPicture,
  );

export const useRemoveImage = (id: string, onPicture: (img: string) => void) =>
  useImagesWrite(
    id,
    (imageId: string) => call('DELETE /api/tools/:id/images/:imageId', { params: { id, imageId } }),
    onPicture,
  );

export const useOrderImages = (id: string, onPicture: (img: string) => void) =>
  useImagesWrite(
    id,
    (imageIds: string[]) =>
      call('PUT /api/tools/:id/images/order', { params: { id }, body: { imageIds } }),
    onPicture,
  );
