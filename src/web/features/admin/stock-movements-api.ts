import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { StockMovementInput, StockMovementsQuery } from '../../../contract/stock.ts';
import { call } from '../../lib/api-client.ts';
import { toolKeys } from '../catalog/api.ts';

// The stock ledger (admins): GET and POST /tools/{id}/stock-movements.

export type StockMovementSearch = Partial<StockMovementsQuery>;

export const stockMovementKeys = {
  all: ['admin', 'stock-movements'] as const,
  product: (id: string) => ['admin', 'stock-movements', id] as const,
  page: (id: string, search: StockMovementSearch) =>
    ['admin', 'stock-movements', id, search] as const,
};

export const fetchStockMovements = (
  id: string,
  { page, limit }: StockMovementSearch,
  signal?: AbortSignal,
) => call('GET /api/tools/:id/stock-movements', { params: { id }, query: { page, limit }, signal });

const stockMovementsQuery = (id: string, search: StockMovementSearch) =>
  queryOptions({
    queryKey: stockMovementKeys.page(id, search),
    queryFn: ({ signal }) => fetchStockMovements(id, search, signal),
    placeholderData: keepPreviousData,
    // Orders move stock all the time: opening the list always asks for the latest.
    staleTime: 0,
  });

export const useStockMovements = (id: string, search: StockMovementSearch) =>
  useQuery(stockMovementsQuery(id, search));

/**
 * A movement changes the product's stock, which the shop's lists and pages show, and adds to
 * its ledger: both are asked for again, whether it went through or not.
 */
export function useMoveStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: StockMovementInput }) =>
      call('POST /api/tools/:id/stock-movements', { params: { id }, body: input }),
    onSettled: (_data, _error, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: toolKeys.all }),
        queryClient.invalidateQueries({ queryKey: stockMovementKeys.product(id) }),
      ]),
  });
}
