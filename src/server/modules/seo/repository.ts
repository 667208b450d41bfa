import { asc, desc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { blogs, products } from '../../db/schema.ts';

/** A sitemap holds 50,000 addresses at most; the public pages take a few of them. */
export const MAX_LISTED = 49_000;

/** What the sitemap needs of each product: the columns of its address and its last change. */
export const productsForSitemap = (db: Db) =>
  db
    .select({ id: products.id, name: products.name, updatedAt: products.updatedAt })
    .from(products)
    .orderBy(asc(products.name), asc(products.id))
    .limit(MAX_LISTED);

export const postsForSitemap = (db: Db) =>
  db
    .select({ id: blogs.id, createdAt: blogs.createdAt })
    .from(blogs)
    .orderBy(desc(blogs.createdAt), desc(blogs.id))
    .limit(MAX_LISTED);
