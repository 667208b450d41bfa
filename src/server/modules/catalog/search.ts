import { and, asc, count, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { likePattern } from '../../lib/paging.ts';
import type { ProductRow } from './repository.ts';
import { rawRows } from '../../db/raw-rows.ts';

// pg_trgm indexes three-letter pieces: a shorter term gives it nothing to look up.
const TRIGRAM = 3;

type PageQuery = { q: string; limit: number; offset: number };

/**
 * The product's lower-cased name and SKU with a newline between, a stored generated column with
 * one trigram index (drizzle/0016): one index scan and one byte-wise LIKE per match, where
 * `name ILIKE … OR sku ILIKE …` took two of each. Not declared in the schema, since drizzle
 * would then read it with every product everywhere.
 */
const searchText = sql`${products}.${sql.identifier('search_text')}`;

/**
 * `?q=`: a case-insensitive part of the name or of the SKU. lower() in the database, as the
 * column's, makes it the same as ILIKE (which lower-cases both sides) for every letter. A term
 * holding a newline could span a name's end and the SKU's start; SKUs hold none, so such a term
 * can only be part of a name, which the second condition checks.
 */
export function matchingProducts(q: string): SQL {
  const inNameOrSku = sql`${searchText} like lower(${likePattern(q)})`;
  if (!q.includes('\n')) return inNameOrSku;
  return sql`${inNameOrSku} and ${ilike(products.name, likePattern(q))}`;
}

/**
 * The product whose SKU is the term itself, whatever its case: it comes first. One at most,
 * found through the unique upper(sku) index.
 */
const exactSku = (db: Executor, q: string) =>
  db
    .select({ id: products.id })
    .from(products)
    .where(sql`upper(${products.sku}) = ${q.trim().toUpperCase()}`);

async function exactSkuId(db: Executor, q: string) {
  const [row] = await exactSku(db, q);
  return row?.id;
}

export async function countMatches(db: Executor, q: string) {
  const [row] = await db.select({ total: count() }).from(products).where(matchingProducts(q));
  return row?.total ?? 0;
}

/**
 * A term of one or two letters: pg_trgm (which indexes three-letter pieces) has nothing to look
 * up, and such a term matches much of the catalogue, where walking the (name, id) index and
 * filtering stops soonest. The count is kept for the term's other pages.
 */
async function shortTermPage(
  db: Executor,
  { q, limit, offset }: PageQuery,
  countOnce: (count: () => Promise<number>) => Promise<number>,
) {
  const page = async (where: SQL | undefined, take: number, skip: number) =>
    (
      await db
        .select({ id: products.id })
        .from(products)
        .where(where)
        .orderBy(asc(products.name), asc(products.id))
        .limit(take)
        .offset(skip)
    ).map((row) => row.id);
  const idsOfPage = async () => {
    const exact = await exactSkuId(db, q);
    if (!exact) return page(matchingProducts(q), limit, offset);
    // The exact SKU takes the first place of the first page; the rest move down by one.
    const first = offset === 0 ? [exact] : [];
    const rest = and(matchingProducts(q), ne(products.id, exact));
    return [...first, ...(await page(rest, limit - first.length, Math.max(0, offset - 1)))];
  };
  const [total, ids] = await Promise.all([countOnce(() => countMatches(db, q)), idsOfPage()]);
  return { ids, total };
}

// True for the product whose SKU is the term: looked up once (an InitPlan), not upper(sku)
// compared on every match, which took 15-20% of a search matching 15,000 products.
const isExactSku = (db: Executor, q: string) => sql`${products.id} = ${exactSku(db, q)} is true`;

/**
 * A longer term's matches, gathered through the trigram index, counted and sorted out into the
 * page in one statement. Left to itself the planner walks the (name, id) index and filters,
 * which reads most of the table when the matches sit late in name order ("Tour bar tape":
 * 70,000 rows read for 12); MATERIALIZED keeps the matches apart from the ORDER BY.
 */
async function countedPage(db: Executor, { q, limit, offset }: PageQuery) {
  const result = await db.execute(sql`
    with hits as materialized (
      select ${products.id} as id, ${products.name} as name, ${isExactSku(db, q)} as exact
      from ${products} where ${matchingProducts(q)}
    )
    select (select count(*) from hits)::int as total,
           (select coalesce(json_agg(id order by exact desc, name, id), '[]'::json) from (
              select id, name, exact from hits order by exact desc, name, id
              limit ${limit} offset ${offset}) page) as ids`);
  // Both drivers (pg and PGlite) answer raw SQL with `{ rows }`, and parse json.
  const [row] = rawRows<{ total: number; ids: string[] }>(result);
  return { ids: row?.ids ?? [], total: Number(row?.total ?? 0) };
}

/**
 * A page alone, once the term's total is known: the matches go straight into the top-N sort,
 * not first into a CTE for the count too (3 ms of 14 in PGlite for 15,000 matches). Sorting
 * by the exact SKU first leaves the planner no (name, id) index walk to choose.
 */
async function uncountedPage(db: Executor, { q, limit, offset }: PageQuery) {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(matchingProducts(q))
    .orderBy(sql`${isExactSku(db, q)} desc`, asc(products.name), asc(products.id))
    .limit(limit)
    .offset(offset);
  return rows.map((row) => row.id);
}

/**
 * A term of three letters or more. Its first page counts the matches as it sorts them; the
 * count is kept for the term's other pages (`countOnce`), which then only sort.
 */
async function trigramPage(
  db: Executor,
  query: PageQuery,
  countOnce: (count: () => Promise<number>) => Promise<number>,
) {
  let ids: string[] | undefined;
  const total = await countOnce(async () => {
    const counted = await countedPage(db, query);
    ids = counted.ids;
    return counted.total;
  });
  return { ids: ids ?? (await uncountedPage(db, query)), total };
}

/**
 * One page of a search: the product whose SKU is the term first, then the other matches in name
 * order. `total` counts them all; `countOnce` lets the caller keep it for the term's other pages.
 */
export async function searchProducts(
  db: Executor,
  query: PageQuery,
  countOnce: (count: () => Promise<number>) => Promise<number>,
): Promise<{ rows: ProductRow[]; total: number }> {
  const { ids, total } =
    query.q.length < TRIGRAM
      ? await shortTermPage(db, query, countOnce)
      : await trigramPage(db, query, countOnce);
  const rows =
    ids.length === 0 ? [] : await db.select().from(products).where(inArray(products.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return { rows: ids.flatMap((id) => byId.get(id) ?? []), total };
}
