import type { AllOrdersQuery } from '../../../contract/orders.ts';
import { deskPayments, deskStatuses } from './status-filter.ts';

/** The orders desk shows 50 orders a page. */
export const DESK_PAGE_SIZE = 50;

const oneOf = <T extends string>(values: readonly T[], value: string | null) =>
  values.find((v) => v === value);

const isDay = (value: string | null) =>
  value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;

/**
 * The desk's filters as its address says them (the loader reads the request's, the page its
 * own): status, q, from, to, company, payment and page. Anything the API would refuse is left
 * out rather than failing the page.
 */
export function deskSearch(params: URLSearchParams): AllOrdersQuery {
  const page = Number(params.get('page'));
  const from = isDay(params.get('from'));
  const to = isDay(params.get('to'));
  const search = {
    status:
      oneOf(
        deskStatuses.map((o) => o.value),
        params.get('status'),
      ) ?? 'all',
    q: params.get('q')?.trim().slice(0, 254) || undefined,
    from,
    to: from && to && to < from ? undefined : to,
    company: params.get('company')?.trim().slice(0, 200) || undefined,
    payment: oneOf(
      deskPayments.map((o) => o.value),
      params.get('payment'),
    ),
    page: Number.isInteger(page) && page > 1 ? page : 1,
    limit: DESK_PAGE_SIZE,
  };
  // Keys with no value are left out, so the cache key is the same on the server and in the tab.
  return Object.fromEntries(
    Object.entries(search).filter(([, v]) => v !== undefined),
  ) as AllOrdersQuery;
}

/** True when any filter but the page is set. */
export const isFiltered = (s: AllOrdersQuery) =>
  s.status !== 'all' || Boolean(s.q || s.from || s.to || s.company || s.payment);
