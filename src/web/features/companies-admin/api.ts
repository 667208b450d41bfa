import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CompaniesQuery,
  CompanyDetail,
  CompanyTermsInput,
} from '../../../contract/companies.ts';
import type { CompanyPricesInput } from '../../../contract/company-prices.ts';
import type { OwnLadderEdit, PriceTableQuery } from '../../../contract/company-price-table.ts';
import type { AdjustmentInput, PaymentInput } from '../../../contract/credit.ts';
import { MAX_PAGE_SIZE } from '../../../contract/common.ts';
import { call, type Call } from '../../lib/api-client.ts';
import { useListWrite, usePagedQuery } from '../../lib/paged-query.ts';

// The shop admin's Companies: GET /companies, GET and PATCH /companies/{id} (terms and credit
// limit), GET and PUT /companies/{id}/prices (dealer prices), GET /companies/{id}/ledger (the
// statement), POST /companies/{id}/payments and /adjustments, GET /companies/{id}/price-table
// and PUT /companies/{id}/prices/{productId} (the dealer-price table, one row at a time).

export type CompanySearch = Partial<CompaniesQuery>;

/** Every company query lives under ['companies']: one invalidation refreshes them together. */
export const companyKeys = {
  all: ['companies'] as const,
  list: (search: CompanySearch) => ['companies', 'list', search] as const,
  choices: ['companies', 'choices'] as const,
  detail: (id: string) => ['companies', 'detail', id] as const,
  prices: (id: string) => ['companies', 'prices', id] as const,
  priceTable: (id: string, search: PriceTableQuery) =>
    ['companies', 'price-table', id, search] as const,
  ledger: (id: string, page: number) => ['companies', 'ledger', id, page] as const,
};

export const useCompanies = (search: CompanySearch) =>
  usePagedQuery(companyKeys.list(search), (signal) =>
    call('GET /api/companies', { query: search, signal }),
  );

/** The most pages a picker of companies reads: 2,000 companies, by name. */
const PICKER_PAGES = 20;

/**
 * Every company by name, for a picker (the Import page's dealer prices): the list's pages read
 * one after another, up to PICKER_PAGES of them; `total` says how many there are in all.
 */
export const companyChoicesQuery = (via: Call = call) =>
  queryOptions({
    queryKey: companyKeys.choices,
    queryFn: async ({ signal }) => {
      const first = await via('GET /api/companies', {
        query: { page: 1, limit: MAX_PAGE_SIZE },
        signal,
      });
      const data = [...first.data];
      const pages = Math.min(first.totalPages, PICKER_PAGES);
      for (let page = 2; page <= pages; page++) {
        const next = await via('GET /api/companies', {
          query: { page, limit: MAX_PAGE_SIZE },
          signal,
        });
        data.push(...next.data);
      }
      return { data, total: first.total };
    },
  });

export const companyQuery = (id: string, via: Call = call) =>
  queryOptions({
    queryKey: companyKeys.detail(id),
    queryFn: ({ signal }) => via('GET /api/companies/:id', { params: { id }, signal }),
  });

export const useCompany = (id: string) => useQuery(companyQuery(id));

export const companyPricesQuery = (id: string, via: Call = call) =>
  queryOptions({
    queryKey: companyKeys.prices(id),
    queryFn: ({ signal }) => via('GET /api/companies/:id/prices', { params: { id }, signal }),
  });

export const useCompanyPrices = (id: string) => useQuery(companyPricesQuery(id));

/** Terms and credit limit: the answer is the company as it now stands. */
export function useUpdateCompanyTerms(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CompanyTermsInput) =>
      call('PATCH /api/companies/:id', { params: { id }, body: input }),
    onSuccess: (company: CompanyDetail) =>
      queryClient.setQueryData(companyKeys.detail(id), company),
    onSettled: () => queryClient.invalidateQueries({ queryKey: companyKeys.all }),
  });
}

/** The discount and the company's own ladders; the answer is the whole set as it now stands. */
export function useSetCompanyPrices(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CompanyPricesInput) =>
      call('PUT /api/companies/:id/prices', { params: { id }, body: input }),
    onSuccess: (prices) => queryClient.setQueryData(companyKeys.prices(id), prices),
    // The list and the detail show the discount too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: companyKeys.all }),
  });
}

/** One page of the company's statement, newest first, with where its credit stands. */
export const useCompanyLedger = (id: string, page: number, limit: number) =>
  usePagedQuery(
    companyKeys.ledger(id, page),
    (signal) =>
      call('GET /api/companies/:id/ledger', { params: { id }, query: { page, limit }, signal }),
    // Charges land whenever the company orders on account.
    { alwaysFresh: true },
  );

/** A payment or an adjustment moves the balance: the statement and the figures are read again. */
export const useRecordPayment = (id: string) =>
  useListWrite(
    (input: PaymentInput) =>
      call('POST /api/companies/:id/payments', { params: { id }, body: input }),
    () => [companyKeys.all],
  );

export const useAdjustBalance = (id: string) =>
  useListWrite(
    (input: AdjustmentInput) =>
      call('POST /api/companies/:id/adjustments', { params: { id }, body: input }),
    () => [companyKeys.all],
  );

/** A page of the dealer-price table: the catalogue under the search, with the company's prices. */
export const priceTableQuery = (id: string, search: PriceTableQuery, via: Call = call) =>
  queryOptions({
    queryKey: companyKeys.priceTable(id, search),
    queryFn: ({ signal }) =>
      via('GET /api/companies/:id/price-table', { params: { id }, query: search, signal }),
  });

export const usePriceTable = (id: string, search: PriceTableQuery) =>
  useQuery({ ...priceTableQuery(id, search), placeholderData: (previous) => previous });

/** One row's own ladder set or cleared (the page's action sends it, with script or without). */
export const setProductPrice = (
  id: string,
  productId: string,
  edit: OwnLadderEdit,
  via: Call = call,
) => via('PUT /api/companies/:id/prices/:productId', { params: { id, productId }, body: edit });
