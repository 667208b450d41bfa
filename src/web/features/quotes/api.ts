import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AnswerQuoteInput,
  Quote,
  QuotesQuery,
  RequestQuoteInput,
} from '../../../contract/quotes.ts';
import { authApi, call, type Call } from '../../lib/api-client.ts';
import type { FormRule } from '../../lib/form-action.ts';
import { useListWrite, usePagedQuery } from '../../lib/paged-query.ts';
import { useOrderPlacing } from '../orders/api.ts';

// Quotes: GET /quotes (the caller's company's, or every one for an admin), POST /quotes (from
// the cart), GET and PUT /quotes/{id} (the admin's answer), POST /quotes/{id}/accept and
// /decline.

export type QuoteFilter = QuotesQuery['status'];
export type QuoteSearch = Partial<QuotesQuery>;

/** Every quote query lives under ['quotes']: one invalidation refreshes the list and the page. */
export const quoteKeys = {
  all: ['quotes'] as const,
  list: (search: QuoteSearch) => ['quotes', 'list', search] as const,
  detail: (id: string) => ['quotes', 'detail', id] as const,
};

export const useQuotes = (search: QuoteSearch) =>
  usePagedQuery(
    quoteKeys.list(search),
    (signal) => call('GET /api/quotes', { query: search, signal }),
    // New requests and answers arrive from the other side.
    { alwaysFresh: true },
  );

export const quoteQuery = (id: string, via: Call = call) =>
  queryOptions({
    queryKey: quoteKeys.detail(id),
    queryFn: ({ signal }) => via('GET /api/quotes/:id', { params: { id }, signal }),
  });

export const useQuote = (id: string) => useQuery(quoteQuery(id));

/** The cart's "Request a quote": its one rule, so the cart page's action submits it too. */
export const requestQuoteRule: FormRule<RequestQuoteInput, Quote> = {
  schema: async () => (await import('../../../contract/quotes.ts')).requestQuoteInput,
  submit: (api, input) => api.call('POST /api/quotes', { body: input }),
};

export const useRequestQuote = () =>
  useListWrite(
    (input: RequestQuoteInput) => requestQuoteRule.submit({ call, authApi }, input),
    () => [quoteKeys.all],
  );

/** A write whose answer is the quote itself: straight into its page, and the lists again. */
function useQuoteWrite<V extends { id: string }>(write: (variables: V) => Promise<Quote>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (quote) => queryClient.setQueryData(quoteKeys.detail(quote._id), quote),
    // A refusal often means the quote moved on (declined, expired, answered again): read it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: quoteKeys.all }),
  });
}

export const useAnswerQuote = () =>
  useQuoteWrite(({ id, input }: { id: string; input: AnswerQuoteInput }) =>
    call('PUT /api/quotes/:id', { params: { id }, body: input }),
  );

export const useDeclineQuote = () =>
  useQuoteWrite(({ id }: { id: string }) =>
    call('POST /api/quotes/:id/decline', { params: { id } }),
  );

/** Accepting makes an order (the same one when accepted again), holding its stock. */
export const useAcceptQuote = () =>
  useOrderPlacing(
    (id: string) => call('POST /api/quotes/:id/accept', { params: { id } }),
    quoteKeys,
  );
