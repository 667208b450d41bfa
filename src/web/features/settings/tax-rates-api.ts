import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { taxRateInput } from '../../../contract/tax-rules.ts';
import { call } from '../../lib/api-client.ts';
import { useListWrite } from '../../lib/paged-query.ts';

// Admin Settings' tax rates: GET, POST, PUT and DELETE /tax-rates[/{id}] (admins).

export type TaxRateBody = z.input<typeof taxRateInput>;

export const taxRateKeys = { all: ['tax-rates'] as const };

export const taxRatesQuery = () =>
  queryOptions({
    queryKey: taxRateKeys.all,
    queryFn: ({ signal }) => call('GET /api/tax-rates', { signal }),
  });

export const useTaxRates = () => useQuery(taxRatesQuery());

/** Adds a rate, or changes the one `id` names. */
export const useSaveTaxRate = () =>
  useListWrite(
    ({ id, input }: { id: string | null; input: TaxRateBody }) =>
      id === null
        ? call('POST /api/tax-rates', { body: input })
        : call('PUT /api/tax-rates/:id', { params: { id }, body: input }),
    () => [taxRateKeys.all],
  );

export const useDeleteTaxRate = () =>
  useListWrite(
    (id: string) => call('DELETE /api/tax-rates/:id', { params: { id } }),
    () => [taxRateKeys.all],
  );
