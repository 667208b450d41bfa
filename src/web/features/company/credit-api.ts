import { useQuery } from '@tanstack/react-query';
import { call, type Call } from '../../lib/api-client.ts';
import { pagedQuery } from '../../lib/paged-query.ts';
import { companyKeys } from './company-api.ts';

// A company's statement: GET /companies/{id}/ledger, one page at a time, newest first.

export const ledgerKeys = {
  page: (companyId: string, page: number) =>
    [...companyKeys.all, 'ledger', companyId, page] as const,
};

export const ledgerQuery = (companyId: string, page: number, via: Call = call) =>
  pagedQuery(
    ledgerKeys.page(companyId, page),
    (signal) =>
      via('GET /api/companies/:id/ledger', { params: { id: companyId }, query: { page }, signal }),
    { alwaysFresh: true },
  );

export const useLedger = (companyId: string, page: number) =>
  useQuery(ledgerQuery(companyId, page));
