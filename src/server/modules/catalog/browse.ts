import { sql, type SQL } from 'drizzle-orm';
import type { SortOrder } from '../../../contract/catalog-list.ts';
import type { Executor } from '../../db/client.ts';
import { rawRows } from '../../db/raw-rows.ts';
import { matching, rank, WORD_SIMILARITY, type TextQuery } from './search.ts';
import { likeliestSpelling } from './spelling.ts';

// The shop's list: a page of parts under the filters, each family shown once, and the counts
// of every facet. One facet's counts apply every other filter but not its own (disjunctive
// faceting), so that ticking one brand still shows how many parts the others have.

/** The filters of one list, already checked and turned into ids and facet strings. */
export type Filters = {
  text?: TextQuery;
  /** A category and every one below it. */
  categoryIds?: string[];
  brandIds?: string[];
  /** Per attribute, its chosen values as `key=value` (any of them). */
  attributes: { key: string; values: string[] }[];
  inStock: boolean;
};

/** What a facet's counts leave out: its own filter. */
type Facet = 'category' | 'brand' | 'inStock' | { attribute: string };

export const textArray = (values: string[]) =>
  sql`${`{${values.map(quoteArrayItem).join(',')}}`}::text[]`;
const uuidArray = (values: string[]) => sql`${`{${values.join(',')}}`}::uuid[]`;
// An array literal's item in double quotes, its quotes and backslashes escaped.
const quoteArrayItem = (item: string) => `"${item.replace(/["\\]/g, (c) => `\\${c}`)}"`;

function conditions(filters: Filters, without?: Facet): SQL[] {
  const where: SQL[] = [];
  if (filters.text) where.push(matching(filters.text));
  if (filters.categoryIds && without !== 'category') {
    where.push(sql`p.category_id = any(${uuidArray(filters.categoryIds)})`);
  }
  if (filters.brandIds && without !== 'brand') {
    where.push(sql`p.brand_id = any(${uuidArray(filters.brandIds)})`);
  }
  for (const { key, values } of filters.attributes) {
    if (typeof without === 'object' && without.attribute === key) continue;
    // `&&`, overlap: any of the values, through the GIN index on facet_values.
    where.push(sql`p.facet_values && ${textArray(values)}`);
  }
  if (filters.inStock && without !== 'inStock') where.push(sql`p.stock > 0`);
  return where;
}

const whereOf = (parts: SQL[]) => (parts.length === 0 ? sql`true` : sql.join(parts, sql` and `));

/** A family's variants count once: as the family. */
const GROUP = sql`coalesce(p.family_id, p.id)`;

/**
 * The matches, with what sorting and counting need. MATERIALIZED keeps the planner from
 * walking the (name, id) index and filtering, which reads most of the table when the matches
 * sit late in name order.
 */
function hits(filters: Filters, without?: Facet) {
  const rankOf = filters.text ? rank(filters.text) : sql`0`;
  return sql`select p.id, ${GROUP} as grp, p.name, p.price_cents, p.created_at, p.stock,
      p.brand_id, p.category_id, p.facet_values, ${rankOf} as rank
    from product p left join brand b on b.id = p.brand_id
    where ${whereOf(conditions(filters, without))}`;
}

const ORDERS: Record<SortOrder, SQL> = {
  relevance: sql`rank, name, id`,
  price_asc: sql`price_cents, name, id`,
  price_desc: sql`price_cents desc, name, id`,
  name: sql`name, id`,
  newest: sql`created_at desc, id`,
};

export type FacetCounts = {
  values: [string, number][];
  brands: [string, number][];
  categories: [string, number][];
  inStock: number;
};

export type ListPage = {
  entries: { id: string; variants: number }[];
  total: number;
  /** The best rank on the page's list: NEAR_ONLY when only near spellings were found. */
  bestRank: number | null;
  counts: FacetCounts;
};

/** What the counting part of a statement reads from its `hits`. */
const COUNTS = sql`
  (select coalesce(json_agg(json_build_array(v, n)), '[]'::json) from (
     select v, count(distinct grp)::int as n from hits, unnest(facet_values) as v group by v) x)
    as "values",
  (select coalesce(json_agg(json_build_array(brand_id, n)), '[]'::json) from (
     select brand_id, count(distinct grp)::int as n from hits
     where brand_id is not null group by brand_id) x) as brands,
  (select coalesce(json_agg(json_build_array(category_id, n)), '[]'::json) from (
     select category_id, count(distinct grp)::int as n from hits
     where category_id is not null group by category_id) x) as categories,
  (select count(distinct grp)::int from hits where stock > 0) as "inStock"`;

/**
 * A page of the list and the counts under every filter, in one statement: the matches are
 * gathered once, each family is kept once (its variant that sorts first), and the page, the
 * total and the counts are read from them.
 */
export async function listPage(
  db: Executor,
  filters: Filters,
  { sort, limit, offset }: { sort: SortOrder; limit: number; offset: number },
): Promise<ListPage> {
  const order = ORDERS[sort];
  const result = await withSimilarity(db, filters, (tx) =>
    tx.execute(sql`
      with hits as materialized (${hits(filters)}),
      best as (
        select distinct on (grp) id, grp, name, price_cents, created_at, rank,
          count(*) over (partition by grp) as variants
        from hits order by grp, ${order}
      )
      select (select count(*)::int from best) as total,
        (select min(rank) from best) as "bestRank",
        (select coalesce(json_agg(json_build_array(id, variants)), '[]'::json) from (
           select id, variants from best order by ${order} limit ${limit} offset ${offset}) page)
          as page,
        ${COUNTS}`),
  );
  const [row] = rawRows<
    FacetCounts & { total: number; bestRank: number | null; page: [string, number][] }
  >(result);
  return {
    entries: (row?.page ?? []).map(([id, variants]) => ({ id, variants: Number(variants) })),
    total: Number(row?.total ?? 0),
    bestRank: row?.bestRank ?? null,
    counts: {
      values: row?.values ?? [],
      brands: row?.brands ?? [],
      categories: row?.categories ?? [],
      inStock: Number(row?.inStock ?? 0),
    },
  };
}

/** The counts of one facet whose filter is set, under every other filter. */
export async function facetCounts(
  db: Executor,
  filters: Filters,
  facet: Facet,
): Promise<FacetCounts> {
  const result = await withSimilarity(db, filters, (tx) =>
    tx.execute(sql`with hits as materialized (${hits(filters, facet)}) select ${COUNTS}`),
  );
  const [row] = rawRows<FacetCounts>(result);
  return {
    values: row?.values ?? [],
    brands: row?.brands ?? [],
    categories: row?.categories ?? [],
    inStock: Number(row?.inStock ?? 0),
  };
}

/**
 * Runs a statement of a search with near spellings under pg_trgm's threshold for them, set for
 * its transaction alone; any other statement runs as it is.
 */
export function withSimilarity<T>(
  db: Executor,
  filters: Filters,
  run: (tx: Executor) => Promise<T>,
) {
  if (!filters.text?.fuzzy) return run(db);
  return withThreshold(db, WORD_SIMILARITY, run);
}

function withThreshold<T>(db: Executor, threshold: number, run: (tx: Executor) => Promise<T>) {
  return db.transaction(async (tx) => {
    // A number of ours, not the visitor's: SET takes no parameters.
    await tx.execute(sql.raw(`set local pg_trgm.word_similarity_threshold = ${Number(threshold)}`));
    return run(tx);
  });
}

// Looser than the search's own: the spelling offered may be further off than what it finds.
export const SUGGESTION_SIMILARITY = 0.2;
/** The near words of the catalogue weighed for each typed one (spelling.ts picks among them). */
export const CANDIDATES = 12;

/**
 * The likeliest spelling of each word of a search among the words of the names of the parts it
 * nearly found (or, when it found none, of the parts nearest to it), of the brands and of the
 * categories: "Did you mean: shimano chain". Undefined when no word would change.
 */
export async function nearestSpelling(db: Executor, text: TextQuery) {
  if (!text.fuzzy) return undefined;
  const words = text.words.map(([word]) => word!);
  const result = await withThreshold(db, SUGGESTION_SIMILARITY, (tx) =>
    tx.execute(sql`
    with typed(word, at) as (select * from unnest(${textArray(words)}) with ordinality),
    vocabulary as (
      select w, count(*)::int as uses from (
        (select regexp_split_to_table(lower(p.name), '[^a-z0-9]+') as w from product p
        where ${sql.join(
          words.map((word) => sql`${word} <% p.search_text`),
          sql` or `,
        )}
        limit 2000)
        union all select regexp_split_to_table(lower(name), '[^a-z0-9]+') from brand
        union all select regexp_split_to_table(lower(name), '[^a-z0-9]+') from category) names
      where length(w) >= 3 group by w
    )
    select typed.at, near.w as word, near.uses, near.similarity
    from typed cross join lateral (
      select w, uses, similarity(w, typed.word) as similarity from vocabulary
      where similarity(w, typed.word) >= ${SUGGESTION_SIMILARITY}
      order by similarity(w, typed.word) desc, w limit ${CANDIDATES}) near`),
  );
  const rows = rawRows<{ at: number; word: string; uses: number; similarity: number }>(result);
  const spelled = words.map((typed, i) =>
    likeliestSpelling(
      typed,
      rows
        .filter((row) => Number(row.at) === i + 1)
        .map((row) => ({
          word: row.word,
          uses: Number(row.uses),
          similarity: Number(row.similarity),
        })),
    ),
  );
  const suggestion = spelled.join(' ');
  return suggestion !== words.join(' ') ? suggestion : undefined;
}
