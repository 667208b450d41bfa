import type { StockMovementInput, StockMovementsQuery } from '../../../contract/stock.ts';
import { call } from '../../lib/api-client.ts';
import { useListWrite, usePagedQuery } from '../../lib/paged-query.ts';
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

// Orders move stock all the time.
export const useStockMovements = (id: string, search: StockMovementSearch) =>
  usePagedQuery(
    stockMovementKeys.page(id, search),
    (signal) => fetchStockMovements(id, search, signal),
    { alwaysFresh: true },
  );

/**
 * A movement changes the product's stock, which the shop's lists and pages show, and adds to
 * its ledger: both are asked for again, whether it went through or not.
 */
export const useMoveStock = () =>
  useListWrite(
    ({ id, input }: { id: string; input: StockMovementInput }) =>
      call('POST /api/tools/:id/stock-movements', { params: { id }, body: input }),
    ({ id }) => [toolKeys.all, stockMovementKeys.product(id)],
  );
