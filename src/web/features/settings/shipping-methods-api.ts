import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { shippingMethodInput } from '../../../contract/shipping-rules.ts';
import { call } from '../../lib/api-client.ts';
import { useListWrite } from '../../lib/paged-query.ts';

// Admin Settings' shipping methods: GET /shipping-methods (anyone), POST, PUT and DELETE
// /shipping-methods/{id} (admins).

/** What the form sends: the schema's input (delivery days as a range). */
export type ShippingMethodBody = z.input<typeof shippingMethodInput>;

export const shippingMethodKeys = { all: ['shipping-methods'] as const };

export const shippingMethodsQuery = () =>
  queryOptions({
    queryKey: shippingMethodKeys.all,
    queryFn: ({ signal }) => call('GET /api/shipping-methods', { signal }),
  });

export const useShippingMethods = () => useQuery(shippingMethodsQuery());

/** Adds a method, or changes the one `id` names. */
export const useSaveShippingMethod = () =>
  useListWrite(
    ({ id, input }: { id: string | null; input: ShippingMethodBody }) =>
      id === null
        ? call('POST /api/shipping-methods', { body: input })
        : call('PUT /api/shipping-methods/:id', { params: { id }, body: input }),
    () => [shippingMethodKeys.all],
  );

export const useDeleteShippingMethod = () =>
  useListWrite(
    (id: string) => call('DELETE /api/shipping-methods/:id', { params: { id } }),
    () => [shippingMethodKeys.all],
  );
