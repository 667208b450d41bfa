import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { UserListQuery } from '../../../contract/users.ts';
import { call } from '../../lib/api-client.ts';
import { accountKeys } from '../auth/api.ts';

// Manage User: GET /users, PUT /user/admin/{email}, DELETE /users/{id} (admins).

export type UserSearch = UserListQuery;

export const userKeys = {
  all: ['admin', 'users'] as const,
  list: (search: UserSearch) => ['admin', 'users', search] as const,
};

const usersQuery = (search: UserSearch) =>
  queryOptions({
    queryKey: userKeys.list(search),
    queryFn: ({ signal }) => call('GET /api/users', { query: search, signal }),
    // The table keeps its rows while the next page loads, instead of flashing a spinner.
    placeholderData: keepPreviousData,
  });

export const useUsers = (search: UserSearch) => useQuery(usersQuery(search));

export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => call('PUT /api/user/admin/:email', { params: { email } }),
    onSettled: (_data, _error, email) => {
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
      // Whoever asked about this email's admin status (the menu, the guard) asks again.
      void queryClient.invalidateQueries({ queryKey: accountKeys.admin(email) });
    },
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call('DELETE /api/users/:id', { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
