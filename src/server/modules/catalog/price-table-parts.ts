import { and, asc, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { TierCents } from '../../../contract/price-ladder.ts';
import type { Db } from '../../db/client.ts';
import type { ReadCache } from '../../cache/read-cache.ts';
import { products } from '../../db/schema.ts';
import { isUuid } from '../../lib/ids.ts';
import { likePattern } from '../../lib/paging.ts';
import { categoryBySlug, categorySubtree, type Filing } from './filing.ts';
import { cachedFiling } from './service.ts';

// The products a dealer-price table lists (issue 35): every product, variants each on their
// own line (each has its own SKU and price), by name, a page at a time. Never the whole
// catalogue: the table of a 100,000-part shop reads 50 rows and one count.

export type PricedPart = {
  id: string;
  sku: string;
  name: string;
  category: string | null;
  tiers: TierCents[];
};

export type PartsQuery = { q?: string; category?: string; page: number; limit: number };

/**
 * Each word typed is part of the SKU or name: `search_text` (the lower-cased name and SKU,
 * drizzle/0016) under its trigram index; a whole SKU typed is found by the SKU's own index.
 */
function textFilter(q: string): SQL {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  const inText = words.map((word) => sql`search_text like ${likePattern(word)}`);
  return or(sql`upper(${products.sku}) = ${q.toUpperCase()}`, and(...inText)) as SQL;
}

/** What the table reads of a product; its category id becomes the category's name. */
const partColumns = {
  id: products.id,
  sku: products.sku,
  name: products.name,
  categoryId: products.categoryId,
  tiers: products.tiers,
};

type PartRow = Omit<PricedPart, 'category'> & { categoryId: string | null };

function named(filing: Filing, { categoryId, ...part }: PartRow): PricedPart {
  return { ...part, category: (categoryId && filing.categories[categoryId]?.name) || null };
}

/** A page of the products, with how many match in all. An unknown category matches none. */
export async function partsForPriceTable(
  db: Db,
  cache: ReadCache,
  query: PartsQuery,
): Promise<{ rows: PricedPart[]; total: number }> {
  const filing = await cachedFiling(db, cache);
  const where: SQL[] = [];
  if (query.q) where.push(textFilter(query.q));
  if (query.category) {
    const category = categoryBySlug(filing, query.category);
    if (!category) return { rows: [], total: 0 };
    where.push(inArray(products.categoryId, categorySubtree(filing, category.id)));
  }
  const condition = where.length > 0 ? and(...where) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select(partColumns)
      .from(products)
      .where(condition)
      .orderBy(asc(products.name), asc(products.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(products).where(condition),
  ]);
  return {
    rows: rows.map((row) => named(filing, row)),
    total: counted?.n ?? 0,
  };
}

/** One product as the table lists it, or undefined when there is none with this id. */
export async function pricedPart(db: Db, cache: ReadCache, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select(partColumns).from(products).where(eq(products.id, id));
  if (!row) return undefined;
  return named(await cachedFiling(db, cache), row);
}
