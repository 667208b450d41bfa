import type { UserListQuery } from '../../../contract/users.ts';
import { call } from '../../lib/api-client.ts';
import { useListWrite, usePagedQuery } from '../../lib/paged-query.ts';
import { accountKeys } from '../auth/api.ts';

// Manage User: GET /users, PUT /user/admin/{email}, DELETE /users/{id} (admins).

export type UserSearch = UserListQuery;

export const userKeys = {
  all: ['admin', 'users'] as const,
  list: (search: UserSearch) => ['admin', 'users', search] as const,
};

export const useUsers = (search: UserSearch) =>
  usePagedQuery(userKeys.list(search), (signal) =>
    call('GET /api/users', { query: search, signal }),
  );

export const useMakeAdmin = () =>
  useListWrite(
    (email: string) => call('PUT /api/user/admin/:email', { params: { email } }),
    // Whoever asked about this email's admin status (the menu, the guard) asks again.
    (email) => [userKeys.all, accountKeys.admin(email)],
  );

export const useDeleteUser = () =>
  useListWrite(
    (id: string) => call('DELETE /api/users/:id', { params: { id } }),
    () => [userKeys.all],
  );
