import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';

/**
 * One page of a list that pages through the server (users, all orders, messages, a product's
 * stock movements): the rows on screen stay while the next page loads, instead of a spinner.
 * `alwaysFresh` lists change behind the admin's back (new orders, new messages), so opening
 * one always asks for the latest.
 */
export const pagedQuery = <T, K extends QueryKey>(
  queryKey: K,
  fetchPage: (signal: AbortSignal) => Promise<T>,
  { alwaysFresh = false }: { alwaysFresh?: boolean } = {},
) =>
  queryOptions({
    queryKey,
    queryFn: ({ signal }) => fetchPage(signal),
    placeholderData: keepPreviousData,
    ...(alwaysFresh && { staleTime: 0 }),
  });

export const usePagedQuery = <T, K extends QueryKey>(
  ...args: Parameters<typeof pagedQuery<T, K>>
) => useQuery(pagedQuery(...args));

/**
 * A write whose lists are asked for again once it has settled, whether it went through or
 * not: a refusal often means the list on screen was out of date.
 */
export function useListWrite<V, R>(
  mutationFn: (variables: V) => Promise<R>,
  changed: (variables: V) => readonly QueryKey[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: (_data, _error, variables) =>
      Promise.all(
        changed(variables).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
