// The bench's own check of the facet counts (issue 32): for a few filter combinations, what
// GET /api/tools answers (its total and every facet's counts) against plain SQL counts over the
// same rows, written here without the server's code: a category is its subtree by a recursive
// query, an attribute value is found by unnesting facet_values, a family counts once.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client.ts';
import { rawRows } from '../../src/server/db/raw-rows.ts';

export type Combination = {
  category?: string;
  brands?: string[];
  attributes?: Record<string, string[]>;
  inStock?: boolean;
  /** Words each found in the name or SKU, the brand or the description (no codes, no synonyms). */
  q?: string;
};

/** Every count a list answer shows: `total`, `category:<slug>`, `brand:<slug>`, `<key>=<value>`, `inStock`. */
export type Counts = Record<string, number>;

type Facet = 'category' | 'brand' | 'inStock' | { attribute: string };

export function pathOf(combination: Combination) {
  const query = new URLSearchParams({ limit: '1' });
  if (combination.q) query.set('q', combination.q);
  if (combination.category) query.set('category', combination.category);
  if (combination.brands) query.set('brand', combination.brands.join(','));
  for (const [key, values] of Object.entries(combination.attributes ?? {})) {
    query.set(`a.${key}`, values.join(','));
  }
  if (combination.inStock) query.set('inStock', 'true');
  return `/api/tools?${query.toString()}`;
}

const subtree = (slug: string) => sql`(
  with recursive below(id) as (
    select id from category where slug = ${slug}
    union all select c.id from category c join below on c.parent_id = below.id)
  select id from below)`;

/** The rows under every filter of the combination but `without`'s. */
function where(combination: Combination, without?: Facet): SQL {
  const parts: SQL[] = [sql`true`];
  if (combination.category && without !== 'category') {
    parts.push(sql`p.category_id in ${subtree(combination.category)}`);
  }
  if (combination.brands && without !== 'brand') {
    const slugs = `{${combination.brands.join(',')}}`;
    parts.push(sql`p.brand_id in (select id from brand where slug = any(${slugs}::text[]))`);
  }
  for (const [key, values] of Object.entries(combination.attributes ?? {})) {
    if (typeof without === 'object' && without.attribute === key) continue;
    const wanted = JSON.stringify(values.map((value) => `${key}=${value}`));
    parts.push(sql`exists (select 1 from unnest(p.facet_values) v
      where v in (select jsonb_array_elements_text(${wanted}::jsonb)))`);
  }
  if (combination.inStock && without !== 'inStock') parts.push(sql`p.stock > 0`);
  for (const word of (combination.q ?? '').toLowerCase().split(/\s+/).filter(Boolean)) {
    const like = `%${word}%`;
    parts.push(sql`(lower(p.name || E'\n' || p.sku) like ${like}
      or lower(coalesce((select name from brand where id = p.brand_id), '')) like ${like}
      or lower(p.description) like ${like})`);
  }
  return sql.join(parts, sql` and `);
}

const GROUP = sql`coalesce(p.family_id, p.id)`;

async function countsOf({ db }: Database, text: SQL) {
  return rawRows<{ key: string; n: number }>(await db.execute(text)).map(
    ({ key, n }): [string, number] => [key, Number(n)],
  );
}

/** The counts by plain SQL, nonzero ones only (a list answer omits zeros it was not asked for). */
export async function countBySql(database: Database, combination: Combination): Promise<Counts> {
  const counts: [string, number][] = [];
  const own = (facet: Facet) => where(combination, facet);
  counts.push(
    ...(await countsOf(
      database,
      sql`select 'total' as key, count(distinct ${GROUP}) as n from product p where ${where(combination)}`,
    )),
  );
  counts.push(
    ...(await countsOf(
      database,
      sql`select 'inStock' as key, count(distinct ${GROUP}) as n from product p
        where ${own('inStock')} and p.stock > 0`,
    )),
  );
  counts.push(
    ...(await countsOf(
      database,
      sql`select 'brand:' || b.slug as key, count(distinct ${GROUP}) as n
        from product p join brand b on b.id = p.brand_id where ${own('brand')} group by b.slug`,
    )),
  );
  // Each attribute's values under every filter but its own.
  const filtered = Object.keys(combination.attributes ?? {});
  const keys = rawRows<{ key: string }>(await database.db.execute(sql`select key from attribute`));
  for (const { key } of keys) {
    const rows = filtered.includes(key) ? own({ attribute: key }) : where(combination);
    counts.push(
      ...(await countsOf(
        database,
        sql`select v as key, count(distinct ${GROUP}) as n from product p, unnest(p.facet_values) v
          where ${rows} and v like ${`${key}=%`} group by v`,
      )),
    );
  }
  // The categories one level below the chosen one (below the top when none is), each with
  // those one level further down; the chosen one itself when it has none below. Each counts
  // everything under it.
  const childrenOf = async (slug: string | undefined) =>
    rawRows<{ slug: string }>(
      await database.db.execute(
        slug
          ? sql`select c.slug from category c join category parent on parent.id = c.parent_id
              where parent.slug = ${slug}`
          : sql`select slug from category where parent_id is null`,
      ),
    ).map((row) => row.slug);
  const below = await childrenOf(combination.category);
  const shown =
    below.length === 0 && combination.category
      ? [combination.category]
      : [...below, ...(await Promise.all(below.map(childrenOf))).flat()];
  for (const slug of shown) {
    counts.push(
      ...(await countsOf(
        database,
        sql`select ${`category:${slug}`} as key, count(distinct ${GROUP}) as n from product p
          where ${own('category')} and p.category_id in ${subtree(slug)}`,
      )),
    );
  }
  return Object.fromEntries(counts.filter(([, n]) => n > 0));
}

type ListAnswer = {
  total: number;
  facets: {
    categories: { slug: string; count: number }[];
    brands: { slug: string; count: number }[];
    attributes: { key: string; values: { value: string; count: number }[] }[];
    inStock: number;
  };
};

/** The same counts as a list answer shows them, nonzero ones only. */
export function countsOfAnswer(answer: ListAnswer): Counts {
  const counts: [string, number][] = [
    ['total', answer.total],
    ['inStock', answer.facets.inStock],
    ...answer.facets.categories.map((c) => [`category:${c.slug}`, c.count] as [string, number]),
    ...answer.facets.brands.map((b) => [`brand:${b.slug}`, b.count] as [string, number]),
    ...answer.facets.attributes.flatMap((a) =>
      a.values.map((v) => [`${a.key}=${v.value}`, v.count] as [string, number]),
    ),
  ];
  return Object.fromEntries(counts.filter(([, n]) => n > 0));
}

/** Where two sets of counts differ, one line each (empty when they agree). */
export function differences(expected: Counts, answered: Counts) {
  const keys = [...new Set([...Object.keys(expected), ...Object.keys(answered)])].sort();
  return keys
    .filter((key) => expected[key] !== answered[key])
    .map((key) => `${key}: SQL ${expected[key] ?? 0}, API ${answered[key] ?? 0}`);
}
