import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Address } from '../../../contract/addresses.ts';
import type { AddressValues } from '../../components/address-form.tsx';
import { authApi, call, type Call } from '../../lib/api-client.ts';
import type { FormRule } from '../../lib/form-action.ts';

// The account's address book: GET/POST /addresses, PUT/DELETE /addresses/{id}.

export const addressKeys = { all: ['addresses'] as const };

export const addressesQuery = (via: Call = call) =>
  queryOptions({
    queryKey: addressKeys.all,
    queryFn: ({ signal }) => via('GET /api/addresses', { signal }),
  });

export const useAddresses = () => useQuery(addressesQuery());

/** Add or change an address (`id` given): one rule, so the page's action submits it too. */
export const addressRule = (id?: string): FormRule<AddressValues, Address> => ({
  schema: async () => (await import('../../../contract/addresses.ts')).addressForm,
  submit: (api, body) =>
    id
      ? api.call('PUT /api/addresses/:id', { params: { id }, body })
      : api.call('POST /api/addresses', { body }),
});

export const saveAddress = ({ id, values }: { id?: string; values: AddressValues }) =>
  addressRule(id).submit({ call, authApi }, values);

export const deleteAddress = (id: string) => call('DELETE /api/addresses/:id', { params: { id } });

/** Every write may move a default flag from another address: the list is read again. */
function useAddressWrite<I, R>(write: (input: I) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => queryClient.invalidateQueries({ queryKey: addressKeys.all }),
  });
}

export const useSaveAddress = () => useAddressWrite(saveAddress);
export const useDeleteAddress = () => useAddressWrite(deleteAddress);
