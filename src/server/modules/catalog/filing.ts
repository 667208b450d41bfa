import { asc, sql } from 'drizzle-orm';
import { rawRows } from '../../db/raw-rows.ts';
import type { Executor } from '../../db/client.ts';
import { attributes, brands, categories, searchSynonyms } from '../../db/schema.ts';

// How products are filed, as every product answer and filter reads it: the brands and the
// category tree, small tables read whole (and kept in the read cache with the products, which
// is why they are plain objects: the cache freezes and measures what it keeps).

export type FiledBrand = { _id: string; slug: string; name: string };
export type FiledCategory = {
  id: string;
  slug: string;
  name: string;
  parentId: string | null;
  position: number;
};

export type FiledAttribute = Pick<
  typeof attributes.$inferSelect,
  'key' | 'label' | 'type' | 'unit' | 'multi' | 'values'
>;

export type Filing = {
  brands: Record<string, FiledBrand>;
  categories: Record<string, FiledCategory>;
  /** By key. */
  attributes: Record<string, FiledAttribute>;
  /** A term, lower-case, and what the search also reads it as. */
  synonyms: Record<string, string>;
  /** Whether the database has pg_trgm, which finds near spellings. */
  trigrams: boolean;
};

export async function readFiling(db: Executor): Promise<Filing> {
  const [brandRows, categoryRows, attributeRows, synonymRows, trigrams] = await Promise.all([
    db.select({ id: brands.id, slug: brands.slug, name: brands.name }).from(brands),
    db
      .select({
        id: categories.id,
        slug: categories.slug,
        name: categories.name,
        parentId: categories.parentId,
        position: categories.position,
      })
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.name)),
    db
      .select({
        key: attributes.key,
        label: attributes.label,
        type: attributes.type,
        unit: attributes.unit,
        multi: attributes.multi,
        values: attributes.values,
      })
      .from(attributes)
      .orderBy(asc(attributes.label)),
    db.select({ term: searchSynonyms.term, means: searchSynonyms.means }).from(searchSynonyms),
    db.execute(sql`select exists (select 1 from pg_extension where extname = 'pg_trgm') as ok`),
  ]);
  // Keyed by ids, attribute keys and search words that requests name: records without a
  // prototype, so that "constructor" or "__proto__" finds nothing rather than Object's own.
  return {
    brands: record(brandRows.map(({ id, slug, name }) => [id, { _id: id, slug, name }])),
    categories: record(categoryRows.map((row) => [row.id, row])),
    attributes: record(attributeRows.map((row) => [row.key, row])),
    synonyms: record(synonymRows.map(({ term, means }) => [term, means])),
    trigrams: rawRows<{ ok: boolean }>(trigrams)[0]?.ok === true,
  };
}

const record = <T>(entries: [string, T][]): Record<string, T> =>
  Object.assign(Object.create(null) as Record<string, T>, Object.fromEntries(entries));

// Deeper than any tree the rules allow: a bound on the walk should a cycle ever be written.
const WALK_LIMIT = 16;

/** The category and those above it, from the top down. */
export function categoryChain(filing: Filing, id: string): FiledCategory[] {
  const chain: FiledCategory[] = [];
  let current = filing.categories[id];
  while (current && chain.length < WALK_LIMIT) {
    chain.unshift(current);
    current = current.parentId ? filing.categories[current.parentId] : undefined;
  }
  return chain;
}

/** The category and every one below it. */
export function categorySubtree(filing: Filing, id: string): string[] {
  const children = new Map<string, string[]>();
  for (const category of Object.values(filing.categories)) {
    if (!category.parentId) continue;
    children.set(category.parentId, [...(children.get(category.parentId) ?? []), category.id]);
  }
  const found = new Set<string>();
  const visit = (at: string) => {
    if (found.has(at)) return;
    found.add(at);
    for (const child of children.get(at) ?? []) visit(child);
  };
  if (filing.categories[id]) visit(id);
  return [...found];
}

export function categoryBySlug(filing: Filing, slug: string) {
  for (const category of Object.values(filing.categories))
    if (category.slug === slug) return category;
  return undefined;
}

export function brandBySlug(filing: Filing, slug: string) {
  for (const brand of Object.values(filing.brands)) if (brand.slug === slug) return brand;
  return undefined;
}
