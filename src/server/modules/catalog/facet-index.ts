import type { SortOrder } from '../../../contract/catalog-list.ts';
import type { FacetCounts, ListPage } from './browse.ts';

// The shop's list counted in memory: every part's group (its family, or itself), category,
// brand, stock flag and facet values in flat arrays, so that a page and every facet's counts
// are one pass over at most 100,000 parts (a few milliseconds) instead of a statement that
// unnests and sorts every matching row (a second and more at that size on PGlite). The text
// search gives each part's rank (text-index.ts).

/** A part as the index takes it. */
export type IndexRow = {
  id: string;
  /** Its family; null for a part in a family of its own. */
  group: string | null;
  categoryId: string | null;
  brandId: string | null;
  inStock: boolean;
  facetValues: string[];
};

type Numbering = { names: string[]; number: Map<string, number> };

const numbering = (): Numbering => ({ names: [], number: new Map() });
const numberOf = (n: Numbering, name: string) => {
  let found = n.number.get(name);
  if (found === undefined) {
    found = n.names.length;
    n.names.push(name);
    n.number.set(name, found);
  }
  return found;
};

/** The orders the list can be sorted by besides relevance (relevance sorts by name within a rank). */
export type PlacedOrder = Exclude<SortOrder, 'relevance'>;
export const PLACED_ORDERS: readonly PlacedOrder[] = ['name', 'price_asc', 'price_desc', 'newest'];

export type FacetIndex = ReturnType<ReturnType<typeof facetIndexBuilder>['finish']>;

/**
 * Builds the index from parts given a batch at a time, so that a whole catalogue is never held
 * as rows: each part becomes a few numbers at once. `finish` takes each order as the parts'
 * places in the order they were added (as the database sorts them, so that pages match the SQL
 * list's).
 */
export function facetIndexBuilder() {
  const groups = numbering();
  const categories = numbering();
  const brands = numbering();
  const values = numbering();
  const ids: string[] = [];
  const group: number[] = [];
  const category: number[] = [];
  const brand: number[] = [];
  const inStock: number[] = [];
  const valueStart: number[] = [];
  const valueList: number[] = [];
  return {
    add(row: IndexRow) {
      ids.push(row.id);
      if (row.group) group.push(numberOf(groups, row.group));
      else group.push(groups.names.push('') - 1);
      category.push(row.categoryId ? numberOf(categories, row.categoryId) : -1);
      brand.push(row.brandId ? numberOf(brands, row.brandId) : -1);
      inStock.push(row.inStock ? 1 : 0);
      valueStart.push(valueList.length);
      for (const value of row.facetValues) valueList.push(numberOf(values, value));
    },
    finish(orders: Record<PlacedOrder, ArrayLike<number>>) {
      const n = ids.length;
      // Parts of one group side by side: a pass counts a group once by comparing with the last.
      const at = Int32Array.from({ length: n }, (_, i) => i).sort((a, b) => group[a]! - group[b]!);
      const placeOf = new Int32Array(n);
      const sortedIds: string[] = [];
      const starts = new Int32Array(n + 1);
      const sortedValues: number[] = [];
      at.forEach((from, i) => {
        placeOf[from] = i;
        sortedIds.push(ids[from]!);
        starts[i] = sortedValues.length;
        const end = from + 1 < n ? valueStart[from + 1]! : valueList.length;
        for (let v = valueStart[from]!; v < end; v++) sortedValues.push(valueList[v]!);
      });
      starts[n] = sortedValues.length;
      const pick = (list: number[]) => Int32Array.from(at, (from) => list[from]!);
      const orderLists = {} as Record<PlacedOrder, Int32Array>;
      for (const order of PLACED_ORDERS) {
        orderLists[order] = Int32Array.from(orders[order], (added) => placeOf[added]!);
      }
      return {
        size: n,
        /** Per part, the place it was added in (text-index.ts keeps its texts in that order). */
        addedAt: at,
        ids: sortedIds,
        group: pick(group),
        groupCount: groups.names.length,
        category: pick(category),
        categoryIds: categories.names,
        categoryNumber: categories.number,
        brand: pick(brand),
        brandIds: brands.names,
        brandNumber: brands.number,
        inStock: Uint8Array.from(at, (from) => inStock[from]!),
        valueStart: starts,
        values: Int32Array.from(sortedValues),
        valueNames: values.names,
        valueNumber: values.number,
        keyOfValue: values.names.map((value) => value.slice(0, value.indexOf('='))),
        orders: orderLists,
        /** See countedOnce; cleared when the stock flags are read again. */
        counted: new Map<string, unknown>(),
      };
    },
  };
}

/** The index of `rows`, in any order, with each order as the ids in it. */
export function buildFacetIndex(
  rows: readonly IndexRow[],
  orders: Record<PlacedOrder, Iterable<string>>,
) {
  const builder = facetIndexBuilder();
  for (const row of rows) builder.add(row);
  const added = new Map(rows.map((row, i) => [row.id, i]));
  const places = (ids: Iterable<string>) => Array.from(ids, (id) => added.get(id)!);
  return builder.finish({
    name: places(orders.name),
    price_asc: places(orders.price_asc),
    price_desc: places(orders.price_desc),
    newest: places(orders.newest),
  });
}

/** What one list asks the index: its filters, the text search's finds, and the page. */
export type IndexQuery = IndexFilters & Paging;

export type IndexFilters = {
  categoryIds?: string[];
  brandIds?: string[];
  attributes: { key: string; values: string[] }[];
  inStock: boolean;
  /** Per part, its rank under the text search (-1 not found); undefined when there is none. */
  ranks?: Int8Array;
};

type Paging = { sort: SortOrder; limit: number; offset: number };

/** The parts a list's filters keep, and every facet's counts: the same for each of its pages. */
export type Counted = {
  hit: Uint8Array;
  rank?: Int8Array;
  /** Per group, how many of its parts the filters keep. */
  variants: Int32Array;
  /** The ranks found, best first. */
  levels: number[];
  total: number;
  counts: FacetCounts;
};

/** Lists' counts kept per index (so dropped with it), for their next pages. */
const KEPT_COUNTS = 16;

/**
 * What `count` gives for `key` on this index, counted once for as long as the index and its
 * stock flags last: paging through a list, or going back to it, counts nothing again.
 */
export function countedOnce<T>(index: FacetIndex, key: string, count: () => T): T {
  const kept = index.counted.get(key) as T | undefined;
  if (kept !== undefined) return kept;
  const fresh = count();
  index.counted.set(key, fresh);
  // A count that failed (its near spellings asked of the database) is not kept.
  if (fresh instanceof Promise) {
    fresh.catch(() => {
      if (index.counted.get(key) === fresh) index.counted.delete(key);
    });
  }
  if (index.counted.size > KEPT_COUNTS) index.counted.delete(index.counted.keys().next().value!);
  return fresh;
}

/** A per-bucket count of distinct groups: the parts come group by group. */
function groupCounter(buckets: number) {
  const count = new Int32Array(buckets);
  const last = new Int32Array(buckets).fill(-1);
  return {
    count,
    add(bucket: number, group: number) {
      if (last[bucket] === group) return;
      last[bucket] = group;
      count[bucket]! += 1;
    },
  };
}

const maskOf = (size: number, numbers: Map<string, number>, ids: string[]) => {
  const mask = new Uint8Array(size);
  for (const id of ids) {
    const at = numbers.get(id);
    if (at !== undefined) mask[at] = 1;
  }
  return mask;
};

const pairsOf = (names: string[], count: Int32Array): [string, number][] =>
  names.flatMap((name, i) => (count[i]! > 0 ? [[name, count[i]!] as [string, number]] : []));

/** A page of the list and every facet's counts. */
export function listFromIndex(index: FacetIndex, query: IndexQuery): ListPage {
  return pageInIndex(index, countInIndex(index, query), query);
}

/**
 * The parts the filters keep and every facet's counts. Each facet with a filter of its own (brand,
 * each attribute, in stock) is counted under every other filter but its own, so that ticking
 * one brand still shows what the others have; the category filters every count, since its
 * facet shows only the categories under it. A family counts once, and shows once: as its part
 * that sorts first.
 */
export function countInIndex(index: FacetIndex, query: IndexFilters): Counted {
  const { size, group, category, brand, inStock, valueStart, values } = index;
  const categoryMask = query.categoryIds
    ? maskOf(index.categoryIds.length, index.categoryNumber, query.categoryIds)
    : undefined;
  const brandMask = query.brandIds
    ? maskOf(index.brandIds.length, index.brandNumber, query.brandIds)
    : undefined;
  // Each filtered value, the number of its attribute's filter; -1 for any other value.
  const filterOfValue = new Int32Array(index.valueNames.length).fill(-1);
  query.attributes.forEach(({ values: chosen }, f) => {
    for (const value of chosen) {
      const at = index.valueNumber.get(value);
      if (at !== undefined) filterOfValue[at] = f;
    }
  });
  const attributeFilters = query.attributes.length;
  const brandFilter = attributeFilters;
  const stockFilter = attributeFilters + 1;
  const keyFilter = new Map(query.attributes.map(({ key }, f) => [key, f]));
  const filterOfKey = index.keyOfValue.map((key) => keyFilter.get(key) ?? -1);

  const rank = query.ranks;
  // Per value, how many groups count it and the last group counted (a hot loop: no calls).
  const valueCount = new Int32Array(index.valueNames.length);
  const valueLast = new Int32Array(index.valueNames.length).fill(-1);
  const brandCounts = groupCounter(index.brandIds.length);
  const categoryCounts = groupCounter(index.categoryIds.length);
  const stockCount = groupCounter(1);
  const totalCount = groupCounter(1);
  const hit = new Uint8Array(size);
  const variants = new Int32Array(index.groupCount);
  const held = new Uint8Array(attributeFilters);
  /** The ranks the page's parts have, for sorting by relevance. */
  const ranks = new Set<number>();

  for (let i = 0; i < size; i++) {
    if (rank && rank[i]! < 0) continue;
    if (categoryMask && (category[i]! < 0 || !categoryMask[category[i]!])) continue;
    const from = valueStart[i]!;
    const to = valueStart[i + 1]!;
    // The filters this part fails (the last one in `failed`): with two or more it counts nowhere.
    let fails = 0;
    let failed = -1;
    if (attributeFilters > 0) {
      held.fill(0);
      for (let v = from; v < to; v++) {
        const f = filterOfValue[values[v]!]!;
        if (f >= 0) held[f] = 1;
      }
      for (let f = 0; f < attributeFilters; f++) {
        if (!held[f]) {
          fails += 1;
          failed = f;
        }
      }
    }
    if (brandMask && (brand[i]! < 0 || !brandMask[brand[i]!])) {
      fails += 1;
      failed = brandFilter;
    }
    if (query.inStock && !inStock[i]) {
      fails += 1;
      failed = stockFilter;
    }
    if (fails > 1) continue;
    const g = group[i]!;
    if (fails === 0) {
      hit[i] = 1;
      variants[g]! += 1;
      totalCount.add(0, g);
      if (rank) ranks.add(rank[i]!);
      if (category[i]! >= 0) categoryCounts.add(category[i]!, g);
    }
    // A part held back by one filter counts only in that filter's own facet.
    for (let v = from; v < to; v++) {
      const value = values[v]!;
      if (valueLast[value] === g) continue;
      if (fails === 0 || filterOfKey[value] === failed) {
        valueLast[value] = g;
        valueCount[value]! += 1;
      }
    }
    if (brand[i]! >= 0 && (fails === 0 || failed === brandFilter)) brandCounts.add(brand[i]!, g);
    if (inStock[i] && (fails === 0 || failed === stockFilter)) stockCount.add(0, g);
  }
  // Without a search every part ranks 0.
  if (!rank && totalCount.count[0]! > 0) ranks.add(0);

  return {
    hit,
    ...(rank && { rank }),
    variants,
    levels: [...ranks].sort((a, b) => a - b),
    total: totalCount.count[0]!,
    counts: {
      values: pairsOf(index.valueNames, valueCount),
      brands: pairsOf(index.brandIds, brandCounts.count),
      categories: pairsOf(index.categoryIds, categoryCounts.count),
      inStock: stockCount.count[0]!,
    } satisfies FacetCounts,
  };
}

/** A page of a counted list: its families in order, each as its part that sorts first. */
export function pageInIndex(index: FacetIndex, found: Counted, query: Paging): ListPage {
  return {
    entries: pageOf(index, found, query),
    total: found.total,
    bestRank: found.levels[0] ?? null,
    counts: found.counts,
  };
}

function pageOf(index: FacetIndex, found: Counted, query: Paging) {
  const { hit, rank, variants } = found;
  const shown = new Uint8Array(index.groupCount);
  const entries: { id: string; variants: number }[] = [];
  let place = 0;
  const end = query.offset + query.limit;
  // Relevance is the search's rank, then the name: the name order once per rank found.
  const ranks = query.sort === 'relevance' ? found.levels : [undefined];
  const order = index.orders[query.sort === 'relevance' ? 'name' : query.sort];
  for (const level of ranks) {
    for (let k = 0; k < order.length && place < end; k++) {
      const i = order[k]!;
      // Without a search every part ranks 0.
      if (!hit[i] || (level !== undefined && (rank?.[i] ?? 0) !== level)) continue;
      const g = index.group[i]!;
      if (shown[g]) continue;
      shown[g] = 1;
      if (place >= query.offset) entries.push({ id: index.ids[i]!, variants: variants[g]! });
      place += 1;
    }
  }
  return entries;
}

/** The ranks of the parts `found` (by id) in the index's order; -1 for the rest. */
export function ranksOf(index: FacetIndex, found: Map<string, number>) {
  const ranks = new Int8Array(index.size).fill(-1);
  const byId = new Map(index.ids.map((id, i) => [id, i]));
  for (const [id, rank] of found) {
    const at = byId.get(id);
    if (at !== undefined) ranks[at] = rank;
  }
  return ranks;
}
