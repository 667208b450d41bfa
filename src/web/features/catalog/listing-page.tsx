import type { QueryKey, UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { sitePaths } from '../../../contract/site-paths.ts';
import type { Category } from '../../../contract/taxonomy.ts';
import { Breadcrumbs, type Crumb } from '../../components/breadcrumbs.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { ensureAll, notFound, type PageContext } from '../../lib/page-context.ts';
import { PageMeta } from '../../lib/page-meta.tsx';
import { CatalogListing } from './catalog-listing.tsx';
import { canonicalOf } from './listing-meta.ts';
import { isNarrowed } from './shop-query.ts';
import type { Listing } from './use-listing.ts';

// What the shop's list pages share: /shop, and the pages of a category and of a brand, which
// are named by an entry of the brands or of the category tree.

/** The brands or the category tree, as their calls answer: each entry with its slug. */
type Entries = { data: readonly { slug: string }[] };

type Query = Parameters<typeof ensureAll>[1][number];

/**
 * A category's or a brand's loader: the entries first, then the rest of what the page shows.
 * A slug the entries do not have is the page's 404 (the list itself would answer it with a 400
 * for the unknown filter). The browser only starts the fetches; the page says "not found" itself.
 */
export async function ensureNamedListing(
  page: PageContext,
  entries: Query & { queryKey: QueryKey },
  slug: string,
  rest: Query[],
) {
  if (!page.waitForData) return ensureAll(page, [entries, ...rest]);
  await ensureAll(page, [entries]);
  const found = page.queryClient.getQueryData<Entries>(entries.queryKey);
  if (found && !found.data.some((entry) => entry.slug === slug)) throw notFound();
  return ensureAll(page, rest);
}

/**
 * A list page's title and its tags: "Chains, page 2" past the first page. Searched, filtered or
 * reordered lists are not pages of their own for search engines; the catalogue's pages are.
 */
export function ListingMeta({
  name,
  description,
  listing: { path, fixed, query },
}: {
  name: string;
  description: string;
  listing: Listing;
}) {
  const narrowed = isNarrowed(query, fixed);
  const { page } = query;
  return (
    <PageMeta
      title={page > 1 ? `${name}, page ${page}` : name}
      description={description}
      path={canonicalOf(path, query, narrowed)}
      noindex={narrowed}
    />
  );
}

const TITLES = { brand: 'Brand', category: 'Category' } as const;

/**
 * Until the brands or the category tree are in, the page of one of them: a spinner, or the
 * failure said in place ("Brand", "This brand could not be shown.").
 */
export function EntriesNotShown({
  what,
  entries,
}: {
  what: 'brand' | 'category';
  entries: UseQueryResult;
}) {
  if (!entries.isError) return <PageSpinner label={`Loading the ${what}`} />;
  const title = TITLES[what];
  return (
    <section className="py-10">
      <PageMeta title={title} description={`This ${what} could not be shown.`} noindex />
      <h1 className="text-3xl font-bold">{title}</h1>
      <SectionError error={entries.error} />
    </section>
  );
}

/**
 * A category's or a brand's page: its name over the shop's list with it fixed, the breadcrumb
 * from Home and Shop down to it. `children` stand between the heading and the list.
 */
export function NamedListingPage({
  name,
  trail,
  description,
  listing,
  categories,
  children,
}: {
  name: string;
  /** The breadcrumb after Home and Shop; its last crumb is this page. */
  trail: Crumb[];
  description: string;
  listing: Listing;
  categories?: readonly Category[];
  children?: ReactNode;
}) {
  return (
    <section className="py-6 md:py-10">
      <ListingMeta name={name} description={description} listing={listing} />
      <Breadcrumbs
        trail={[
          { name: 'Home', path: sitePaths.home },
          { name: 'Shop', path: sitePaths.shop },
          ...trail,
        ]}
      />
      <h1 className="mt-2 text-3xl font-bold">{name}</h1>
      {children}
      <CatalogListing listing={listing} categories={categories} />
    </section>
  );
}
