import type { Db } from '../../db/client.ts';
import {
  countProducts,
  filingSlugs,
  postsForSitemap,
  productFilesLastModified,
  productsForSitemap,
} from './repository.ts';
import { leadingEntries, productEntry, urlset, type Listed } from './sitemap.ts';

/**
 * How the sitemap is cut into files of `perFile` addresses: the public pages, the categories'
 * and brands' pages and the posts first, then every product in id order. With one file,
 * /sitemap.xml is that file; with more, it is an index of them.
 */
export type SitemapPlan = {
  perFile: number;
  leading: Listed[];
  products: number;
  /** Each file's newest change; only worked out when there is an index to show it. */
  files: { lastModified?: Date }[];
};

const newest = (dates: (Date | undefined)[]) =>
  dates.reduce<Date | undefined>((a, b) => (!a || (b && b > a) ? b : a), undefined);

export async function planSitemap(db: Db, perFile: number): Promise<SitemapPlan> {
  const [posts, filing, products] = await Promise.all([
    postsForSitemap(db),
    filingSlugs(db),
    countProducts(db),
  ]);
  const leading = leadingEntries(posts, filing);
  const fileCount = Math.max(1, Math.ceil((leading.length + products) / perFile));
  if (fileCount === 1) return { perFile, leading, products, files: [{}] };
  const productDates = await productFilesLastModified(db, leading.length, perFile);
  const files = Array.from({ length: fileCount }, (_, file) => ({
    lastModified: newest([
      ...leading.slice(file * perFile, (file + 1) * perFile).map((e) => e.lastModified),
      productDates.get(file),
    ]),
  }));
  return { perFile, leading, products, files };
}

// Text gathered before it is handed to the response: a few hundred addresses at a time.
const CHUNK_CHARS = 64 * 1024;

/** File `file` (0 is the first) as XML text, streamed from the database in batches. */
export async function* sitemapFile(db: Db, origin: string, plan: SitemapPlan, file: number) {
  const start = file * plan.perFile;
  const end = start + plan.perFile;
  let text = urlset.head;
  for (const entry of plan.leading.slice(start, end)) text += urlset.entry(origin, entry);
  const firstProductPlace = Math.max(start, plan.leading.length);
  const take = Math.max(0, end - firstProductPlace);
  const skip = firstProductPlace - plan.leading.length;
  for await (const product of productsForSitemap(db, { skip, take })) {
    text += urlset.entry(origin, productEntry(product));
    if (text.length >= CHUNK_CHARS) {
      yield text;
      text = '';
    }
  }
  yield text + urlset.tail;
}
