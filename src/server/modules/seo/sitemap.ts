import { productPath } from '../../../contract/product-path.ts';
import { sitePaths, toPath } from '../../../contract/site-paths.ts';

/** The pages anyone may read, besides products and posts. */
const PUBLIC_PAGES = [
  sitePaths.home,
  sitePaths.shop,
  sitePaths.blog,
  sitePaths.portfolio,
  sitePaths.source,
  sitePaths.legal,
  sitePaths.login,
  sitePaths.signup,
];

/** A site address and when what it shows last changed, if known. */
export type Listed = { path: string; lastModified?: Date };

/**
 * The addresses before the products: the public pages, every category's and brand's page, then
 * every post. A category's or brand's page changes with its parts, so it has no date of its own.
 */
export const leadingEntries = (
  posts: { id: string; createdAt: Date }[],
  filing: { categories: string[]; brands: string[] },
): Listed[] => [
  ...PUBLIC_PAGES.map((path) => ({ path })),
  ...filing.categories.map((slug) => ({ path: toPath(sitePaths.category, { slug }) })),
  ...filing.brands.map((slug) => ({ path: toPath(sitePaths.brand, { slug }) })),
  ...posts.map((p) => ({
    path: toPath(sitePaths.blogDetail, { blogsid: p.id }),
    lastModified: p.createdAt,
  })),
];

export const productEntry = (p: { id: string; name: string; updatedAt: Date }): Listed => ({
  path: productPath({ _id: p.id, name: p.name }),
  lastModified: p.updatedAt,
});

// Most addresses have nothing to escape: a test is cheaper than five replaces, 50,000 times.
const escapeXml = (text: string) =>
  !/[&<>"']/.test(text)
    ? text
    : text
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;')
        .replace(/'/g, '&apos;');

const lastmod = (date?: Date) => (date ? `<lastmod>${date.toISOString()}</lastmod>` : '');

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

/** One sitemaps.org `<urlset>` file, in pieces to stream: its head, each address, its tail. */
export const urlset = {
  head: `${XML_DECLARATION}<urlset ${NAMESPACE}>\n`,
  entry: (origin: string, { path, lastModified }: Listed) =>
    `<url><loc>${escapeXml(`${origin}${path}`)}</loc>${lastmod(lastModified)}</url>\n`,
  tail: '</urlset>\n',
};

/** The sitemap index: one `<sitemap>` per file, with the newest change among its addresses. */
export function sitemapIndexXml(origin: string, files: { path: string; lastModified?: Date }[]) {
  const entries = files.map(
    (file) =>
      `<sitemap><loc>${escapeXml(`${origin}${file.path}`)}</loc>${lastmod(file.lastModified)}</sitemap>\n`,
  );
  return `${XML_DECLARATION}<sitemapindex ${NAMESPACE}>\n${entries.join('')}</sitemapindex>\n`;
}

/**
 * Everyone may crawl the shop; the API and the dashboard are left out. The other pages behind
 * sign-in only show a visitor the way to sign in, and Lighthouse reads a page's robots rules.
 */
export function robotsTxt(origin: string) {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /dashboard',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
