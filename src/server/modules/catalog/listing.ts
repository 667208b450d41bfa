import { inArray } from 'drizzle-orm';
import {
  ATTRIBUTE_FILTER_PREFIX,
  type Facets,
  type ToolList,
  type ToolListQuery,
} from '../../../contract/catalog-list.ts';
import type { ReadCache } from '../../cache/read-cache.ts';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { pageOf } from '../../lib/paging.ts';
import {
  facetCounts,
  listPage,
  nearestSpelling,
  type FacetCounts,
  type Filters,
  type ListPage,
} from './browse.ts';
import {
  brandBySlug,
  categoryBySlug,
  categorySubtree,
  type FiledAttribute,
  type FiledBrand,
  type FiledCategory,
  type Filing,
} from './filing.ts';
import { countedOnce, countInIndex, pageInIndex } from './facet-index.ts';
import { currentIndex, type CatalogueIndex } from './facet-index-source.ts';
import { searchIndex } from './text-index.ts';
import { nearSearch } from './text-search-source.ts';
import { NEAR_ONLY, textQuery } from './search.ts';
import { cachedFiling, toProduct, type CatalogView } from './service.ts';

// GET /api/tools: the query's filters checked against the catalogue's filing (a key or value it
// does not know is a 400 naming it, never an empty list), the page, and the facets.

const refused = (message: string) => new AppError('bad_request', message);
const listOf = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** A value of a filter as the facet index holds it (`key=value`), or the reason it is not one. */
function facetValue(attribute: FiledAttribute, value: string) {
  const where = `${ATTRIBUTE_FILTER_PREFIX}${attribute.key}`;
  if (attribute.type === 'enum') {
    if (attribute.values.includes(value)) return `${attribute.key}=${value}`;
    throw refused(`${where}: ${value} is not one of ${attribute.values.join(', ')}`);
  }
  if (attribute.type === 'number') {
    const number = Number(value);
    if (value !== '' && Number.isFinite(number)) return `${attribute.key}=${String(number)}`;
    throw refused(`${where}: ${value} is not a number`);
  }
  if (value === 'true' || value === 'false') return `${attribute.key}=${value}`;
  throw refused(`${where}: ${value} is not true or false`);
}

/** The query's filters, each checked: unknown slugs, keys and values are refused. */
export function filtersOf(filing: Filing, query: ToolListQuery): Filters {
  const filters: Filters = { attributes: [], inStock: query.inStock === 'true' };
  if (query.q) filters.text = textQuery(query.q, filing.synonyms, filing.trigrams);
  if (query.category) {
    const category = categoryBySlug(filing, query.category);
    if (!category) throw refused(`category: there is no category ${query.category}`);
    filters.categoryIds = categorySubtree(filing, category.id);
  }
  if (query.brand !== undefined) {
    filters.brandIds = listOf(query.brand).map((slug) => {
      const brand = brandBySlug(filing, slug);
      if (!brand) throw refused(`brand: there is no brand ${slug}`);
      return brand._id;
    });
  }
  for (const [name, given] of Object.entries(query)) {
    if (!name.startsWith(ATTRIBUTE_FILTER_PREFIX)) continue;
    const key = name.slice(ATTRIBUTE_FILTER_PREFIX.length);
    const attribute = filing.attributes[key];
    if (!attribute) throw refused(`${name}: there is no attribute ${key}`);
    const values = listOf(typeof given === 'string' ? given : '').map((value) =>
      facetValue(attribute, value),
    );
    if (values.length > 0) filters.attributes.push({ key, values: [...new Set(values)] });
  }
  return filters;
}

/** The same filters written the same way whatever order the query named them in. */
export const filtersKey = (filters: Filters, query: ToolListQuery) =>
  JSON.stringify([
    filters.text?.q ?? '',
    filters.categoryIds?.[0] ?? '',
    [...(filters.brandIds ?? [])].sort(),
    [...filters.attributes].sort((a, b) => a.key.localeCompare(b.key)).map((a) => a.values.sort()),
    filters.inStock,
    query.sort,
  ]);

const countOf = (pairs: [string, number][]) => new Map(pairs.map(([id, n]) => [id, Number(n)]));

/**
 * The categories one level below the one chosen (the top ones when none is), each followed by
 * those one level further down: a chain is a click away from the whole shop (Drivetrain ›
 * Chains). Each counts its parts and those of every category below it; a category with no
 * subcategories lists itself. Empty ones are left out.
 */
function categoryFacet(filing: Filing, chosen: string | undefined, counts: FacetCounts) {
  const direct = countOf(counts.categories);
  const all = Object.values(filing.categories);
  const children = new Map<string | undefined, FiledCategory[]>();
  for (const category of all) {
    const parent = category.parentId ?? undefined;
    children.set(parent, [...(children.get(parent) ?? []), category]);
  }
  const subtreeCount = (id: string): number =>
    (direct.get(id) ?? 0) +
    (children.get(id) ?? []).reduce((sum, child) => sum + subtreeCount(child.id), 0);
  const entry = (category: FiledCategory, parent: string | null) => ({
    slug: category.slug,
    name: category.name,
    count: subtreeCount(category.id),
    parent,
  });
  const chosenOne = chosen ? filing.categories[chosen] : undefined;
  const below = children.get(chosen) ?? (chosenOne ? [chosenOne] : []);
  return below
    .map((category) => entry(category, null))
    .filter((one) => one.count > 0 || one.slug === chosenOne?.slug)
    .flatMap((one) => {
      const id = below.find((category) => category.slug === one.slug)!.id;
      const deeper = id === chosen ? [] : (children.get(id) ?? []);
      return [one, ...deeper.map((child) => entry(child, one.slug)).filter((c) => c.count > 0)];
    });
}

/** The brands by name, sorted once per filing (hundreds of them, in every list). */
const brandsByName = new WeakMap<Filing, FiledBrand[]>();

function brandFacet(filing: Filing, chosen: string[] | undefined, counts: FacetCounts) {
  const count = countOf(counts.brands);
  let sorted = brandsByName.get(filing);
  if (!sorted) {
    sorted = Object.values(filing.brands).sort((a, b) => a.name.localeCompare(b.name));
    brandsByName.set(filing, sorted);
  }
  return sorted
    .filter((brand) => (count.get(brand._id) ?? 0) > 0 || chosen?.includes(brand._id))
    .map((brand) => ({ slug: brand.slug, name: brand.name, count: count.get(brand._id) ?? 0 }));
}

/** An attribute's values in the order its filter lists them: as defined, or by number. */
function valueOrder(attribute: FiledAttribute) {
  if (attribute.type === 'enum') {
    return (a: string, b: string) => attribute.values.indexOf(a) - attribute.values.indexOf(b);
  }
  if (attribute.type === 'number') return (a: string, b: string) => Number(a) - Number(b);
  return (a: string, b: string) => a.localeCompare(b);
}

function attributeFacets(
  filing: Filing,
  filters: Filters,
  base: FacetCounts,
  own: Map<string, FacetCounts>,
): Facets['attributes'] {
  const chosen = new Map(filters.attributes.map((a) => [a.key, a.values]));
  const facets: Facets['attributes'] = [];
  // Counted once, not once per attribute: a large catalogue has thousands of values.
  const baseCounts = countOf(base.values);
  for (const attribute of Object.values(filing.attributes)) {
    const ownCounts = own.get(attribute.key);
    const counts = ownCounts ? countOf(ownCounts.values) : baseCounts;
    const prefix = `${attribute.key}=`;
    const values = new Map<string, number>();
    for (const [facet, n] of counts) {
      if (facet.startsWith(prefix) && n > 0) values.set(facet.slice(prefix.length), n);
    }
    for (const facet of chosen.get(attribute.key) ?? []) {
      const value = facet.slice(prefix.length);
      if (!values.has(value)) values.set(value, 0);
    }
    if (values.size === 0) continue;
    facets.push({
      key: attribute.key,
      label: attribute.label,
      unit: attribute.unit,
      values: [...values.keys()]
        .sort(valueOrder(attribute))
        .map((value) => ({ value, count: values.get(value) ?? 0 })),
    });
  }
  return facets;
}

/**
 * The counts of each facet whose filter is set, under every other filter (one statement
 * each); a facet whose filter is not set takes the page's own counts.
 */
type OwnCounts = {
  category?: FacetCounts;
  brand?: FacetCounts;
  inStock?: FacetCounts;
  attributes: Map<string, FacetCounts>;
};

async function ownCounts(db: Db, filters: Filters): Promise<OwnCounts> {
  const category = filters.categoryIds ? facetCounts(db, filters, 'category') : undefined;
  const brand = filters.brandIds ? facetCounts(db, filters, 'brand') : undefined;
  const inStock = filters.inStock ? facetCounts(db, filters, 'inStock') : undefined;
  const attributes = filters.attributes.map(
    async ({ key }) => [key, await facetCounts(db, filters, { attribute: key })] as const,
  );
  return {
    category: await category,
    brand: await brand,
    inStock: await inStock,
    attributes: new Map(await Promise.all(attributes)),
  };
}

type Paging = { sort: ToolListQuery['sort']; limit: number; offset: number };
type Listed = {
  page: ListPage;
  own: OwnCounts;
  /** "Did you mean", asked for only when the search found nothing or only near spellings. */
  spelling: () => Promise<string | undefined>;
};

/** The page and the counts from the in-memory index: each facet counted without its own filter. */
async function fromIndex(
  db: Db,
  index: Promise<CatalogueIndex>,
  filters: Filters,
  paging: Paging,
): Promise<Listed> {
  const { facets, text } = await index;
  // Every page of one list (and its near spellings) counts the same: counted once per index.
  const key = JSON.stringify([
    filters.text ? [filters.text.q, filters.text.words, filters.text.fuzzy] : null,
    filters.categoryIds?.[0] ?? null,
    [...(filters.brandIds ?? [])].sort(),
    [...filters.attributes].sort((a, b) => a.key.localeCompare(b.key)),
    filters.inStock,
  ]);
  const { counted, spelling } = await countedOnce(facets, key, async () => {
    const near = filters.text?.fuzzy ? await nearSearch(db, text, filters.text) : undefined;
    const ranks = filters.text && searchIndex(text, facets, filters.text, near?.near);
    const withRanks = { ...filters, ...(ranks && { ranks }) };
    return { counted: countInIndex(facets, withRanks), spelling: near?.spelling };
  });
  const page = pageInIndex(facets, counted, paging);
  return { page, own: { attributes: new Map() }, spelling: async () => spelling };
}

/** The page and the counts from statements: one for the page, one per facet with a filter. */
async function fromStatements(db: Db, filters: Filters, paging: Paging): Promise<Listed> {
  const page = await listPage(db, filters, paging);
  const spelling = async () => filters.text && nearestSpelling(db, filters.text);
  return { page, own: await ownCounts(db, filters), spelling };
}

/** GET /api/tools: a page of the list under its filters, with the facets and any spelling. */
export async function browseTools(
  db: Db,
  cache: ReadCache,
  view: CatalogView,
  query: ToolListQuery,
): Promise<ToolList> {
  const filing = await cachedFiling(db, cache);
  const filters = filtersOf(filing, query);
  const key = `list ${query.page} ${query.limit} ${filtersKey(filters, query)}`;
  return cache.read('product', key, async () => {
    const offset = (query.page - 1) * query.limit;
    const paging = { sort: query.sort, limit: query.limit, offset };
    const index = currentIndex(db, cache);
    const list = (searched: Filters) =>
      index ? fromIndex(db, index, searched, paging) : fromStatements(db, searched, paging);
    // Near spellings only when the search as typed finds nothing: a search that finds its
    // words is not padded out with parts that merely look like them.
    const asTyped = filters.text
      ? { ...filters, text: { ...filters.text, fuzzy: false } }
      : filters;
    let { page, own, spelling: spelled } = await list(asTyped);
    if (page.total === 0 && filters.text?.fuzzy)
      ({ page, own, spelling: spelled } = await list(filters));
    const ids = page.entries.map((entry) => entry.id);
    const rows =
      ids.length === 0 ? [] : await db.select().from(products).where(inArray(products.id, ids));
    const byId = new Map(rows.map((row) => [row.id, row]));
    const data = page.entries.flatMap(({ id, variants }) => {
      const row = byId.get(id);
      return row ? [{ ...toProduct(row, filing, view), variantCount: variants }] : [];
    });
    const nearOnly = page.total === 0 || page.bestRank === NEAR_ONLY;
    const spelling = filters.text && nearOnly ? await spelled() : undefined;
    const facets: Facets = {
      categories: categoryFacet(filing, filters.categoryIds?.[0], own.category ?? page.counts),
      brands: brandFacet(filing, filters.brandIds, own.brand ?? page.counts),
      attributes: attributeFacets(filing, filters, page.counts, own.attributes),
      inStock: (own.inStock ?? page.counts).inStock,
    };
    return {
      ...pageOf(data, page.total, query.page, query.limit),
      facets,
      suggestions: spelling ? [spelling] : [],
    };
  });
}
