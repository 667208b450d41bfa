import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPath } from '../src/contract/product-path.ts';
import { products } from '../src/server/db/schema.ts';
import { ORIGIN } from './support/auth.ts';
import { insertBlog, insertProduct } from './support/fixtures.ts';
import { makeTestApp } from './support/test-app.ts';

// A catalogue past the sitemap protocol's 50,000 addresses per file: /sitemap.xml becomes an
// index of files, here cut at 10 addresses (SITEMAP_URLS_PER_FILE) to keep the test small.

const PER_FILE = 10;
const PUBLIC_PAGES = 8;

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let listedProducts: { id: string; name: string; updatedAt: Date }[];
let post: Awaited<ReturnType<typeof insertBlog>>;

beforeAll(async () => {
  ctx = await makeTestApp({ SITEMAP_URLS_PER_FILE: String(PER_FILE) });
  post = await insertBlog(ctx.db, { title: 'Chain care' });
  listedProducts = [];
  for (let i = 0; i < 23; i++) {
    listedProducts.push(await insertProduct(ctx.db, { name: `Spoke key ${i}` }));
  }
  // One product changed long after the others: its file's lastmod is its change.
  const [changed] = await ctx.db
    .update(products)
    .set({ updatedAt: new Date('2031-05-06T07:08:09.000Z') })
    .where(eq(products.id, listedProducts[5]!.id))
    .returning();
  listedProducts[5] = changed!;
});
afterAll(() => ctx.app.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url });
const all = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))].map((m) => m[1]!);
const urls = (xml: string) =>
  [...xml.matchAll(/<url><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?<\/url>/g)].map(
    (m) => ({ loc: m[1]!, lastmod: m[2] }),
  );

describe('the sitemap of a catalogue larger than one file', () => {
  it('is an index of files of at most the configured size that together list every page once, with each row’s own update time', async () => {
    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(index.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">\n/,
    );
    const total = PUBLIC_PAGES + 1 + listedProducts.length;
    const files = all(index.body, 'loc');
    expect(files).toEqual(
      Array.from(
        { length: Math.ceil(total / PER_FILE) },
        (_, i) => `${ORIGIN}/sitemap/${i + 1}.xml`,
      ),
    );
    const fileDates = all(index.body, 'lastmod');
    expect(fileDates).toHaveLength(files.length);

    const listed: { loc: string; lastmod?: string }[] = [];
    for (const [i, file] of files.entries()) {
      const res = await get(new URL(file).pathname);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
      expect(res.body.endsWith('</urlset>\n')).toBe(true);
      const entries = urls(res.body);
      expect(entries.length).toBeGreaterThan(0);
      expect(entries.length).toBeLessThanOrEqual(PER_FILE);
      // A file's date in the index is the newest of its addresses'.
      const newest = entries
        .flatMap((e) => (e.lastmod ? [e.lastmod] : []))
        .sort()
        .at(-1);
      expect(fileDates[i]).toBe(newest);
      listed.push(...entries);
    }

    expect(listed).toHaveLength(total);
    expect(new Set(listed.map((e) => e.loc)).size).toBe(total);
    expect(listed.map((e) => e.loc)).toContain(`${ORIGIN}/shop`);
    expect(listed).toContainEqual({
      loc: `${ORIGIN}/blogs/${post.id}`,
      lastmod: post.createdAt.toISOString(),
    });
    for (const product of listedProducts) {
      expect(listed).toContainEqual({
        loc: `${ORIGIN}${productPath({ _id: product.id, name: product.name })}`,
        lastmod: product.updatedAt.toISOString(),
      });
    }
    expect(fileDates).toContain('2031-05-06T07:08:09.000Z');
  });

  it('answers 404 for a file past the last one', async () => {
    expect((await get('/sitemap/5.xml')).statusCode).toBe(404);
    expect((await get('/sitemap/0.xml')).statusCode).toBe(404);
    expect((await get('/sitemap/one.xml')).statusCode).toBe(404);
  });
});
