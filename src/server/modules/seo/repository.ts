import { asc, count, desc, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { blogs, brands, categories, products } from '../../db/schema.ts';
import { rawRows } from '../../db/raw-rows.ts';

/** Posts are few (the shop writes them by hand): read at once, newest first. */
export const postsForSitemap = (db: Executor) =>
  db
    .select({ id: blogs.id, createdAt: blogs.createdAt })
    .from(blogs)
    .orderBy(desc(blogs.createdAt), desc(blogs.id));

/** Every category's and every brand's slug: each has a page of its own (/c/…, /b/…). */
export async function filingSlugs(db: Executor) {
  const [categorySlugs, brandSlugs] = await Promise.all([
    db.select({ slug: categories.slug }).from(categories).orderBy(asc(categories.slug)),
    db.select({ slug: brands.slug }).from(brands).orderBy(asc(brands.slug)),
  ]);
  return {
    categories: categorySlugs.map((row) => row.slug),
    brands: brandSlugs.map((row) => row.slug),
  };
}

export async function countProducts(db: Executor) {
  const [row] = await db.select({ total: count() }).from(products);
  return row?.total ?? 0;
}

/**
 * The newest update of the products in each sitemap file. Products take the places after the
 * `before` other addresses, in id order, `perFile` to a file (file 0 is the first).
 */
export async function productFilesLastModified(db: Executor, before: number, perFile: number) {
  const result = await db.execute(sql`
    select file, max(updated_at) as last_modified from (
      select ((row_number() over (order by ${products.id}) - 1 + ${before}) / ${perFile})::int as file,
             ${products.updatedAt} as updated_at
      from ${products}
    ) placed group by file`);
  // Both drivers (pg and PGlite) answer raw SQL with `{ rows }`.
  const rows = rawRows<{ file: number; last_modified: Date | string }>(result);
  return new Map(rows.map((row) => [Number(row.file), new Date(row.last_modified)]));
}

export type SitemapProduct = { id: string; name: string; updatedAt: Date };

// Rows read per query while a file is streamed: what the process holds of it at a time.
const BATCH = 1000;

/**
 * `take` products in id order after skipping `skip`, read in batches: each batch continues after
 * the last id of the one before, so only the first pays for the skip (through the primary key).
 */
export async function* productsForSitemap(
  db: Executor,
  { skip, take }: { skip: number; take: number },
): AsyncGenerator<SitemapProduct> {
  const columns = { id: products.id, name: products.name, updatedAt: products.updatedAt };
  let after: string | undefined;
  for (let left = take; left > 0;) {
    const batch = await db
      .select(columns)
      .from(products)
      .where(after === undefined ? undefined : gt(products.id, after))
      .orderBy(asc(products.id))
      .limit(Math.min(BATCH, left))
      .offset(after === undefined ? skip : 0);
    yield* batch;
    left -= batch.length;
    after = batch.at(-1)?.id;
    if (batch.length < BATCH) return;
  }
}
