import { sitePaths } from '../../contract/site-paths.ts';

// schema.org data for search engines, written as JSON-LD by <JsonLd>. Every address is
// absolute: `origin` is the shop's public address (useSiteOrigin).

export const SHOP_NAME = 'ECParts';

/** A path of ours or an address elsewhere, made absolute. */
export const absoluteUrl = (origin: string, link: string) =>
  /^https?:\/\//.test(link) ? link : `${origin}${link}`;

/** The shop itself: on the home page, and as the author and publisher of posts. */
export function organization(origin: string) {
  return {
    '@type': 'Organization' as const,
    name: SHOP_NAME,
    url: `${origin}${sitePaths.home}`,
    logo: `${origin}/images/logo.svg`,
    description:
      'ECParts makes bicycle spare parts and workshop tools and sells them in bulk, from 10 pieces, at factory prices.',
  };
}

/** The trail from the home page to this one: Home › Blog › post. */
export function breadcrumbList(origin: string, trail: { name: string; path: string }[]) {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.name,
      item: `${origin}${crumb.path}`,
    })),
  };
}

/** A post of the blog. */
export function blogPosting(
  origin: string,
  post: { title: string; desc: string; img: string; path: string },
) {
  const url = `${origin}${post.path}`;
  const publisher = organization(origin);
  return {
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.desc.slice(0, 300),
    image: absoluteUrl(origin, post.img),
    url,
    mainEntityOfPage: url,
    author: publisher,
    publisher,
  };
}
