import { useLocation } from 'react-router';
import { useSiteOrigin } from './site-origin.tsx';

const SITE = 'ECParts';
const DEFAULT_IMAGE = '/images/hero.svg';

export type PageMetaProps = {
  title: string;
  description: string;
  /** The canonical address as a path of ours; the current path without its query by default. */
  path?: string;
  /** The page's picture for link previews: a path of ours or an https:// address. */
  image?: string;
  type?: 'website' | 'article' | 'product';
  /** Pages that should not be listed by search engines (search results, forms). */
  noindex?: boolean;
};

/**
 * The page's title and its tags for search engines and link previews. React renders these into
 * the document's <head>, on the server as in the browser, so each page declares them here once.
 */
export function PageMeta({
  title,
  description,
  path,
  image = DEFAULT_IMAGE,
  type = 'website',
  noindex = false,
}: PageMetaProps) {
  const origin = useSiteOrigin();
  const { pathname } = useLocation();
  const url = `${origin}${path ?? pathname}`;
  const imageUrl = /^https?:\/\//.test(image) ? image : `${origin}${image}`;
  const fullTitle = `${title} | ${SITE}`;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      {noindex && <meta name="robots" content="noindex" />}
      <meta property="og:site_name" content={SITE} />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={imageUrl} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={imageUrl} />
    </>
  );
}
