// Issue 32: the list counted in memory (src/server/modules/catalog/facet-index.ts) against a
// brute-force count over the same parts, for random catalogues and random filters: every
// facet's counts (each under every filter but its own, a family once), the total, and the page
// in every sort order, a family shown as its part that sorts first.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SortOrder } from '../src/contract/catalog-list.ts';
import {
  buildFacetIndex,
  listFromIndex,
  ranksOf,
  type IndexQuery,
  type IndexRow,
  type PlacedOrder,
} from '../src/server/modules/catalog/facet-index.ts';

const CATEGORIES = ['c1', 'c2', 'c3', 'c4'];
const BRANDS = ['b1', 'b2', 'b3'];
const ATTRIBUTES = { speeds: ['10', '11', '12'], colour: ['black', 'silver'], links: ['116'] };
const KEYS = Object.keys(ATTRIBUTES) as (keyof typeof ATTRIBUTES)[];

type Part = IndexRow & {
  /** Its family, or (for one of its own) a name no other part has. */
  group: string;
  name: number;
  price: number;
  made: number;
};

const parts = fc
  .array(
    fc.record({
      family: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined, freq: 3 }),
      categoryId: fc.option(fc.constantFrom(...CATEGORIES), { nil: null }),
      brandId: fc.option(fc.constantFrom(...BRANDS), { nil: null }),
      inStock: fc.boolean(),
      values: fc.record(
        Object.fromEntries(
          KEYS.map((key) => [key, fc.option(fc.constantFrom(...ATTRIBUTES[key]), { nil: null })]),
        ) as Record<keyof typeof ATTRIBUTES, fc.Arbitrary<string | null>>,
      ),
      name: fc.integer({ min: 0, max: 20 }),
      price: fc.integer({ min: 1, max: 5 }),
      made: fc.integer({ min: 0, max: 5 }),
    }),
    { maxLength: 40 },
  )
  .map((list) =>
    list.map((p, i): Part => ({
      id: `p${String(i).padStart(3, '0')}`,
      group: p.family ? `f${p.family}` : `p${String(i).padStart(3, '0')}`,
      categoryId: p.categoryId,
      brandId: p.brandId,
      inStock: p.inStock,
      facetValues: KEYS.flatMap((key) => (p.values[key] ? [`${key}=${p.values[key]}`] : [])),
      name: p.name,
      price: p.price,
      made: p.made,
    })),
  );

const subsetOf = <T>(items: T[]) => fc.subarray(items, { minLength: 1 });

// Each filter as often off as on: with all of them on, few parts are left to count.
const queries = fc.record({
  categoryIds: fc.option(subsetOf(CATEGORIES), { nil: undefined, freq: 2 }),
  brandIds: fc.option(subsetOf(BRANDS), { nil: undefined, freq: 2 }),
  attributes: fc.subarray(KEYS, { maxLength: 2 }).chain((keys) =>
    fc.tuple(
      ...keys.map((key) =>
        subsetOf(ATTRIBUTES[key]).map((values) => ({
          key,
          values: values.map((value) => `${key}=${value}`),
        })),
      ),
    ),
  ),
  inStock: fc.boolean(),
  searched: fc.option(fc.func(fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined })), {
    nil: undefined,
    freq: 2,
  }),
  sort: fc.constantFrom<SortOrder>('relevance', 'name', 'price_asc', 'price_desc', 'newest'),
  limit: fc.integer({ min: 1, max: 5 }),
  offset: fc.integer({ min: 0, max: 8 }),
});

/** Each order's comparison, as the SQL sorts them (ties broken by the id). */
const COMPARE: Record<Exclude<SortOrder, 'relevance'>, (a: Part, b: Part) => number> = {
  name: (a, b) => a.name - b.name || a.id.localeCompare(b.id),
  price_asc: (a, b) => a.price - b.price || a.name - b.name || a.id.localeCompare(b.id),
  price_desc: (a, b) => b.price - a.price || a.name - b.name || a.id.localeCompare(b.id),
  newest: (a, b) => b.made - a.made || a.id.localeCompare(b.id),
};

/** Each order as the parts' ids in it. */
const ordersOf = (all: Part[]) =>
  Object.fromEntries(
    Object.entries(COMPARE).map(([order, compare]) => [
      order,
      [...all].sort(compare).map((part) => part.id),
    ]),
  ) as Record<PlacedOrder, string[]>;

/** A list's query with the search's finds by id, as the brute force reads them. */
type Query = Omit<IndexQuery, 'ranks'> & { found?: Map<string, number> };

type Own = 'brand' | 'inStock' | { attribute: string };

/** Brute force: whether a part passes every filter, leaving out `without`'s own. */
function passes(part: Part, query: Query, without?: Own) {
  if (query.found && !query.found.has(part.id)) return false;
  if (query.categoryIds && !query.categoryIds.includes(part.categoryId ?? '')) return false;
  if (without !== 'brand' && query.brandIds && !query.brandIds.includes(part.brandId ?? '')) {
    return false;
  }
  if (without !== 'inStock' && query.inStock && !part.inStock) return false;
  return query.attributes.every(
    ({ key, values }) =>
      (typeof without === 'object' && without.attribute === key) ||
      part.facetValues.some((value) => values.includes(value)),
  );
}

const distinctGroups = (all: Part[]) => new Set(all.map((part) => part.group)).size;

function bruteForce(all: Part[], query: Query) {
  const hits = all.filter((part) => passes(part, query));
  const filteredKeys = new Set(query.attributes.map((a) => a.key));
  const values = new Map<string, number>();
  for (const value of new Set(all.flatMap((part) => part.facetValues))) {
    const key = value.slice(0, value.indexOf('='));
    const rows = filteredKeys.has(key)
      ? all.filter((part) => passes(part, query, { attribute: key }))
      : hits;
    const n = distinctGroups(rows.filter((part) => part.facetValues.includes(value)));
    if (n > 0) values.set(value, n);
  }
  const countBy = (rows: Part[], of: (part: Part) => string | null) => {
    const counts = new Map<string, number>();
    for (const id of new Set(rows.map(of))) {
      if (id !== null) counts.set(id, distinctGroups(rows.filter((part) => of(part) === id)));
    }
    return counts;
  };
  const compare =
    query.sort === 'relevance'
      ? (a: Part, b: Part) =>
          query.found!.get(a.id)! - query.found!.get(b.id)! || COMPARE.name(a, b)
      : COMPARE[query.sort];
  // Each family as its part that sorts first, then the families in that part's order.
  const first = new Map<string, Part>();
  for (const part of [...hits].sort(compare))
    if (!first.has(part.group)) first.set(part.group, part);
  const page = [...first.values()]
    .sort(compare)
    .slice(query.offset, query.offset + query.limit)
    .map((part) => ({
      id: part.id,
      variants: hits.filter((other) => other.group === part.group).length,
    }));
  return {
    entries: page,
    total: distinctGroups(hits),
    values,
    brands: countBy(
      all.filter((part) => passes(part, query, 'brand')),
      (part) => part.brandId,
    ),
    categories: countBy(hits, (part) => part.categoryId),
    inStock: distinctGroups(all.filter((part) => passes(part, query, 'inStock') && part.inStock)),
  };
}

describe('the list counted in memory', () => {
  it('gives the counts, the total and the page a brute-force count gives, for random filters', () => {
    fc.assert(
      fc.property(parts, queries, (all, q) => {
        const { searched, ...rest } = q;
        // A search finds some parts, each with a rank; relevance needs one.
        const found = searched
          ? new Map(
              all.flatMap((part) => {
                const r = searched(part.id);
                return r === undefined ? [] : [[part.id, r] as [string, number]];
              }),
            )
          : undefined;
        const query: Query = {
          ...rest,
          ...(found && { found }),
          sort: !found && rest.sort === 'relevance' ? 'name' : rest.sort,
        };
        const index = buildFacetIndex(all, ordersOf(all));
        const got = listFromIndex(index, {
          ...query,
          ...(found && { ranks: ranksOf(index, found) }),
        });
        const want = bruteForce(all, query);
        expect(got.entries).toEqual(want.entries);
        expect(got.total).toBe(want.total);
        expect(new Map(got.counts.values)).toEqual(want.values);
        expect(new Map(got.counts.brands)).toEqual(want.brands);
        expect(new Map(got.counts.categories)).toEqual(want.categories);
        expect(got.counts.inStock).toBe(want.inStock);
      }),
      { numRuns: 500 },
    );
  });
});
