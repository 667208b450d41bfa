import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  EditListInput,
  ListImportInput,
  ListLineForm,
  ListLinesResult,
  ListToCartResult,
  NewListInput,
  SavedList,
  SaveToListInput,
  ToCartForm,
  RemoveLineForm,
} from '../../../contract/saved-lists.ts';
import { authApi, call, type Call } from '../../lib/api-client.ts';
import type { FormRule } from '../../lib/form-action.ts';
import { cartKeys } from '../cart/api.ts';

// Saved order lists: GET/POST /lists, GET/PATCH/DELETE /lists/{id}, PUT/DELETE its lines,
// POST its lines (save a cart or an order), its import, its CSV and POST /lists/{id}/to-cart.

/** Every list query lives under ['lists']: one invalidation refreshes the lists and a list. */
export const listKeys = {
  all: ['lists'] as const,
  mine: ['lists', 'mine'] as const,
  detail: (id: string) => ['lists', 'detail', id] as const,
};

export const listsQuery = (via: Call = call) =>
  queryOptions({
    queryKey: listKeys.mine,
    queryFn: ({ signal }) => via('GET /api/lists', { signal }),
  });

export const useLists = (enabled = true) => useQuery({ ...listsQuery(), enabled });

export const savedListQuery = (id: string, via: Call = call) =>
  queryOptions({
    queryKey: listKeys.detail(id),
    queryFn: ({ signal }) => via('GET /api/lists/:id', { params: { id }, signal }),
  });

export const useSavedList = (id: string) => useQuery(savedListQuery(id));

/** Where a list's CSV is: a plain link, so it downloads with or without the script. */
export const listCsvHref = (id: string) => `/api/lists/${encodeURIComponent(id)}/csv`;

export const newListRule: FormRule<NewListInput, SavedList> = {
  schema: async () => (await import('../../../contract/saved-lists.ts')).newListForm,
  submit: (api, input) => api.call('POST /api/lists', { body: input }),
};

/** Save to list: into the list chosen, or a new (private) one made first. */
export const saveToListRule: FormRule<SaveToListInput, ListLinesResult> = {
  schema: async () => (await import('../../../contract/saved-lists.ts')).saveToListForm,
  submit: async (api, { listId, newName, lines }) => {
    const id = listId || (await api.call('POST /api/lists', { body: { name: newName } }))._id;
    return api.call('POST /api/lists/:id/lines', { params: { id }, body: { lines } });
  },
};

/** The list page's forms carry the list's id in the address: each rule is made for it. */
export const toCartRule = (id: string): FormRule<ToCartForm, ListToCartResult> => ({
  schema: async () => (await import('../../../contract/saved-lists.ts')).toCartForm,
  submit: (api) => api.call('POST /api/lists/:id/to-cart', { params: { id } }),
});

export const importRule = (id: string): FormRule<ListImportInput, ListLinesResult> => ({
  schema: async () => (await import('../../../contract/saved-lists.ts')).listImportInput,
  submit: (api, input) => api.call('POST /api/lists/:id/import', { params: { id }, body: input }),
});

export const listLineRule = (id: string): FormRule<ListLineForm, SavedList> => ({
  schema: async () => (await import('../../../contract/saved-lists.ts')).listLineForm,
  submit: (api, { productId, quantity }) =>
    api.call('PUT /api/lists/:id/lines/:productId', {
      params: { id, productId },
      body: { quantity },
    }),
});

export const editListRule = (id: string): FormRule<NewListInput, SavedList> => ({
  schema: async () => (await import('../../../contract/saved-lists.ts')).newListForm,
  submit: (api, input) => api.call('PATCH /api/lists/:id', { params: { id }, body: input }),
});

export const removeLineRule = (id: string): FormRule<RemoveLineForm, SavedList> => ({
  schema: async () => (await import('../../../contract/saved-lists.ts')).removeLineForm,
  submit: (api, { productId }) =>
    api.call('DELETE /api/lists/:id/lines/:productId', { params: { id, productId } }),
});

export const deleteListRule = (id: string): FormRule<ToCartForm, { deleted: true }> => ({
  schema: async () => (await import('../../../contract/saved-lists.ts')).toCartForm,
  submit: (api) => api.call('DELETE /api/lists/:id', { params: { id } }),
});

/** A write whose answer is the list: straight into its page, and the lists asked for again. */
function useListWrite<V>(write: (variables: V) => Promise<SavedList>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (list) => queryClient.setQueryData(listKeys.detail(list._id), list),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKeys.mine }),
  });
}

export const useCreateList = () =>
  useListWrite((input: NewListInput) => newListRule.submit({ call, authApi }, input));

export const useEditList = () =>
  useListWrite(({ id, input }: { id: string; input: EditListInput }) =>
    call('PATCH /api/lists/:id', { params: { id }, body: input }),
  );

export const useSetListLine = (id: string) =>
  useListWrite((input: ListLineForm) => listLineRule(id).submit({ call, authApi }, input));

export const useRemoveListLine = (id: string) =>
  useListWrite((productId: string) =>
    call('DELETE /api/lists/:id/lines/:productId', { params: { id, productId } }),
  );

export function useDeleteList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call('DELETE /api/lists/:id', { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKeys.all }),
  });
}

/** Saving lines (from the product page, the cart, an order, or an import) answers the list. */
function useLinesWrite<V>(write: (variables: V) => Promise<ListLinesResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: ({ list }) => queryClient.setQueryData(listKeys.detail(list._id), list),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKeys.mine }),
  });
}

export const useSaveToList = () =>
  useLinesWrite((input: SaveToListInput) => saveToListRule.submit({ call, authApi }, input));

export const useImportList = (id: string) =>
  useLinesWrite((input: ListImportInput) => importRule(id).submit({ call, authApi }, input));

/** Sending a list to the cart answers the cart: it replaces the one the app holds. */
export function useListToCart(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => toCartRule(id).submit({ call, authApi }, {}),
    onSuccess: (result) => queryClient.setQueryData(cartKeys.all, result.cart),
    onError: () => void queryClient.invalidateQueries({ queryKey: cartKeys.all }),
  });
}
