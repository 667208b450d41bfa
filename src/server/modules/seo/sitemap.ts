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

type Listed = {
  products: { id: string; name: string; updatedAt: Date }[];
  posts: { id: string; createdAt: Date }[];
};

const escapeXml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

const entry = (origin: string, path: string, lastModified?: Date) =>
  `<url><loc>${escapeXml(`${origin}${path}`)}</loc>${
    lastModified ? `<lastmod>${lastModified.toISOString()}</lastmod>` : ''
  }</url>`;

/** The sitemaps.org XML for every public page, product page and blog post. */
export function sitemapXml(origin: string, { products, posts }: Listed) {
  const urls = [
    ...PUBLIC_PAGES.map((path) => entry(origin, path)),
    ...products.map((p) => entry(origin, productPath({ _id: p.id, name: p.name }), p.updatedAt)),
    ...posts.map((p) =>
      entry(origin, toPath(sitePaths.blogDetail, { blogsid: p.id }), p.createdAt),
    ),
  ];
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
  );
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
