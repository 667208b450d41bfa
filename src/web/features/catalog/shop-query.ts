import {
  ATTRIBUTE_FILTER_PREFIX,
  sortOrders,
  type SortOrder,
} from '../../../contract/catalog-list.ts';
import type { ToolSearch } from './api.ts';

// The shop's list as its address says it, under the API's own parameter names (GET /api/tools):
// q, category, brand, a.<key>, inStock, sort and page. The address is the whole state, so Back,
// reload and a shared link show the same list, and the filter form works as a plain GET form.

export const SHOP_PAGE_SIZE = 12;

export type ShopQuery = {
  q: string;
  category?: string;
  brand: string[];
  /** Attribute key → the values ticked (any of them). */
  attributes: Record<string, string[]>;
  inStock: boolean;
  sort: SortOrder;
  page: number;
};

/** What a page fixes in its own path: /c/{slug} the category, /b/{slug} the brand. */
export type Fixed = { category?: string; brand?: string };

const isSort = (value: string | null): value is SortOrder =>
  (sortOrders as readonly (string | null)[]).includes(value);

/**
 * A parameter's values, written either way: `brand=shimano,sram` (the app's links) or
 * `brand=shimano&brand=sram` (a GET form's checkboxes, with scripts off).
 */
const valuesOf = (params: URLSearchParams, name: string) => [
  ...new Set(
    params
      .getAll(name)
      .flatMap((value) => value.split(','))
      .map((value) => value.trim())
      .filter(Boolean),
  ),
];

export function readShopQuery(params: URLSearchParams): ShopQuery {
  const attributes: Record<string, string[]> = {};
  for (const name of new Set(params.keys())) {
    if (!name.startsWith(ATTRIBUTE_FILTER_PREFIX)) continue;
    const values = valuesOf(params, name);
    if (values.length > 0) attributes[name.slice(ATTRIBUTE_FILTER_PREFIX.length)] = values;
  }
  const page = Number(params.get('page'));
  const sort = params.get('sort');
  return {
    q: params.get('q')?.trim() ?? '',
    category: params.get('category')?.trim() || undefined,
    brand: valuesOf(params, 'brand'),
    attributes,
    inStock: params.get('inStock') === 'true',
    sort: isSort(sort) ? sort : 'relevance',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** Each parameter of the address once, in a fixed order; defaults left out. */
function parameters(query: ShopQuery, fixed: Fixed): [string, string][] {
  const list: [string, string][] = [];
  if (query.q) list.push(['q', query.q]);
  if (query.category && !fixed.category) list.push(['category', query.category]);
  if (query.brand.length > 0 && !fixed.brand) list.push(['brand', query.brand.join(',')]);
  for (const [key, values] of Object.entries(query.attributes)) {
    if (values.length > 0) list.push([`${ATTRIBUTE_FILTER_PREFIX}${key}`, values.join(',')]);
  }
  if (query.inStock) list.push(['inStock', 'true']);
  if (query.sort !== 'relevance') list.push(['sort', query.sort]);
  if (query.page > 1) list.push(['page', String(query.page)]);
  return list;
}

// Commas and the attribute prefix's dot stay readable: `?brand=shimano,sram&a.speeds=11`.
const encode = (text: string) => encodeURIComponent(text).replace(/%2C/gi, ',');

/** The address of a list: `path?brand=shimano,sram&a.speeds=11&page=2`. */
export function shopHref(path: string, query: ShopQuery, fixed: Fixed = {}) {
  const text = parameters(query, fixed)
    .map(([name, value]) => `${encode(name)}=${encode(value)}`)
    .join('&');
  return text ? `${path}?${text}` : path;
}

/** The parameters a plain GET form carries along unchanged (hidden inputs), `except` these. */
export const hiddenFields = (query: ShopQuery, fixed: Fixed, except: string[]) =>
  parameters({ ...query, page: 1 }, fixed).filter(([name]) => !except.includes(name));

/** The API's query for this list, with what the page fixes. */
export function toolSearchOf(query: ShopQuery, fixed: Fixed = {}): ToolSearch {
  const search: ToolSearch = {
    q: query.q || undefined,
    category: fixed.category ?? query.category,
    brand: fixed.brand ?? (query.brand.length > 0 ? query.brand.join(',') : undefined),
    inStock: query.inStock ? 'true' : undefined,
    sort: query.sort === 'relevance' ? undefined : query.sort,
    page: query.page,
    limit: SHOP_PAGE_SIZE,
  };
  for (const [key, values] of Object.entries(query.attributes)) {
    search[`${ATTRIBUTE_FILTER_PREFIX}${key}`] = values.join(',');
  }
  return search;
}

/** The filters a visitor set (what the page fixes is not one): "Filters (3)". */
export function activeFilterCount(query: ShopQuery, fixed: Fixed) {
  return (
    (query.category && !fixed.category ? 1 : 0) +
    (fixed.brand ? 0 : query.brand.length) +
    Object.values(query.attributes).reduce((sum, values) => sum + values.length, 0) +
    (query.inStock ? 1 : 0)
  );
}

/**
 * Shows the list some other way than the plain page does: a search, a filter or an order. Such
 * addresses are not pages of their own for search engines (noindex, canonical to the plain one).
 */
export const isNarrowed = (query: ShopQuery, fixed: Fixed) =>
  Boolean(query.q) || activeFilterCount(query, fixed) > 0 || query.sort !== 'relevance';

/** A change to the list starts it again from its first page. */
export const changed = (query: ShopQuery, change: Partial<ShopQuery>): ShopQuery => ({
  ...query,
  page: 1,
  ...change,
});

/** `values` with `value` ticked or unticked. */
export const toggled = (values: string[], value: string, on: boolean) =>
  on ? [...values.filter((v) => v !== value), value] : values.filter((v) => v !== value);

/** The attribute filters with one key's values replaced (an empty list drops the key). */
export function withAttribute(query: ShopQuery, key: string, values: string[]) {
  const attributes = { ...query.attributes };
  if (values.length > 0) attributes[key] = values;
  else delete attributes[key];
  return changed(query, { attributes });
}

/** Every filter off; the search and the order stay. */
export const cleared = (query: ShopQuery): ShopQuery =>
  changed(query, { category: undefined, brand: [], attributes: {}, inStock: false });
