import {
  PRICE_TABLE_PAGE_SIZE,
  type PriceTableQuery,
} from '../../../contract/company-price-table.ts';

/**
 * The table's search as its address says it (the loader reads the request's, the page its
 * own): q, category and page, 50 rows a page. Keys with no value are left out, so the cache
 * key is the same on the server and in the tab.
 */
export function priceTableSearch(params: URLSearchParams): PriceTableQuery {
  const page = Number(params.get('page'));
  const search = {
    q: params.get('q')?.trim().slice(0, 100) || undefined,
    category: params.get('category')?.trim().slice(0, 80) || undefined,
    page: Number.isInteger(page) && page > 1 ? page : 1,
    limit: PRICE_TABLE_PAGE_SIZE,
  };
  return Object.fromEntries(
    Object.entries(search).filter(([, v]) => v !== undefined),
  ) as PriceTableQuery;
}

/** The address with `key` set (or, with null, taken out), and `edit` dropped unless it is set. */
export function withParam(params: URLSearchParams, key: string, value: string | null) {
  const next = new URLSearchParams(params);
  if (key !== 'edit') next.delete('edit');
  if (value === null) next.delete(key);
  else next.set(key, value);
  const text = next.toString();
  return text ? `?${text}` : '?';
}
