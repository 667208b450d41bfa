import { and, asc, count, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { likePattern } from '../../lib/paging.ts';
import type { ProductRow } from './repository.ts';

// pg_trgm indexes three-letter pieces: a shorter term gives it nothing to look up.
const TRIGRAM = 3;

/** `?q=`: a case-insensitive part of the name or of the SKU. */
export const matchingProducts = (q: string) =>
  or(ilike(products.name, likePattern(q)), ilike(products.sku, likePattern(q)));

/** The product whose SKU is the term itself, whatever its case: it comes first. */
async function exactSkuId(db: Executor, q: string) {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(sql`upper(${products.sku}) = ${q.trim().toUpperCase()}`);
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
  { q, limit, offset }: { q: string; limit: number; offset: number },
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

/**
 * A longer term gathers its matches through the trigram indexes once, then counts them and
 * sorts out the page, in one statement. Left to itself the planner walks the (name, id) index
 * and filters, which reads most of the table when the matches sit late in name order ("Tour bar
 * tape": 70,000 rows read for 12); MATERIALIZED keeps the matches apart from the ORDER BY.
 */
async function trigramPage(
  db: Executor,
  { q, limit, offset }: { q: string; limit: number; offset: number },
) {
  const result = await db.execute(sql`
    with hits as materialized (
      select ${products.id} as id, ${products.name} as name,
             upper(${products.sku}) = ${q.trim().toUpperCase()} as exact
      from ${products} where ${matchingProducts(q)}
    )
    select (select count(*) from hits)::int as total,
           (select coalesce(json_agg(id order by exact desc, name, id), '[]'::json) from (
              select id, name, exact from hits order by exact desc, name, id
              limit ${limit} offset ${offset}) page) as ids`);
  // Both drivers (pg and PGlite) answer raw SQL with `{ rows }`, and parse json.
  const [row] = (result as unknown as { rows: { total: number; ids: string[] }[] }).rows;
  return { ids: row?.ids ?? [], total: Number(row?.total ?? 0) };
}

/**
 * One page of a search: the product whose SKU is the term first, then the other matches in name
 * order. `total` counts them all; `countOnce` lets the caller keep it for the term's other pages.
 */
export async function searchProducts(
  db: Executor,
  query: { q: string; limit: number; offset: number },
  countOnce: (count: () => Promise<number>) => Promise<number>,
): Promise<{ rows: ProductRow[]; total: number }> {
  const { ids, total } =
    query.q.length < TRIGRAM
      ? await shortTermPage(db, query, countOnce)
      : await trigramPage(db, query);
  const rows =
    ids.length === 0 ? [] : await db.select().from(products).where(inArray(products.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return { rows: ids.flatMap((id) => byId.get(id) ?? []), total };
}
