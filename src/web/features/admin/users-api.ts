import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserListQuery } from '../../../contract/users.ts';
import type { TaxExemptInput } from '../../../contract/vat-id.ts';
import { call } from '../../lib/api-client.ts';
import { useListWrite, usePagedQuery } from '../../lib/paged-query.ts';
import { accountKeys } from '../auth/api.ts';

// Manage User: GET /users, PUT /user/admin/{email}, DELETE /users/{id}, GET /users/{id}/tax
// PUT /users/{id}/tax-exempt and PUT /users/{id}/vat-verified (admins).

export type UserSearch = UserListQuery;

export const userKeys = {
  all: ['admin', 'users'] as const,
  list: (search: UserSearch) => ['admin', 'users', search] as const,
  tax: (id: string) => ['admin', 'users', 'tax', id] as const,
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

/** A user's company, VAT ID and tax exemption. */
export const userTaxQuery = (id: string) =>
  queryOptions({
    queryKey: userKeys.tax(id),
    queryFn: ({ signal }) => call('GET /api/users/:id/tax', { params: { id }, signal }),
    // Opened to be changed: always the server's latest.
    staleTime: 0,
  });

export const useUserTax = (id: string) => useQuery(userTaxQuery(id));

export function useSetTaxExempt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: TaxExemptInput }) =>
      call('PUT /api/users/:id/tax-exempt', { params: { id }, body: input }),
    onSuccess: (saved, { id }) => queryClient.setQueryData(userKeys.tax(id), saved),
  });
}

/** An admin's word that the account's VAT ID is registered, or not. */
export function useSetVatVerified() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, verified }: { id: string; verified: boolean }) =>
      call('PUT /api/users/:id/vat-verified', { params: { id }, body: { verified } }),
    onSuccess: (saved, { id }) => queryClient.setQueryData(userKeys.tax(id), saved),
  });
}
