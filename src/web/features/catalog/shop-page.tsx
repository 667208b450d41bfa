import type { LoaderFunctionArgs } from 'react-router';
import { sitePaths } from '../../../contract/site-paths.ts';
import { JsonLd } from '../../lib/json-ld.tsx';
import { ensureAll, pageOf } from '../../lib/page-context.ts';
import { PageMeta } from '../../lib/page-meta.tsx';
import { useSiteOrigin } from '../../lib/site-origin.tsx';
import { breadcrumbList } from '../../lib/structured-data.ts';
import { toolsQuery, useTools } from './api.ts';
import { CatalogListing, listingAction } from './catalog-listing.tsx';
import { canonicalOf } from './listing-meta.ts';
import { isNarrowed, readShopQuery, toolSearchOf } from './shop-query.ts';
import { categoriesQuery, useCategories } from './taxonomy-api.ts';
import { useShopQuery } from './use-shop-query.ts';

const NOTHING_FIXED = {};

/** The list its address asks for; the category tree too when a category is chosen. */
export function loader({ request, context }: LoaderFunctionArgs) {
  const page = pageOf(context);
  const query = readShopQuery(new URL(request.url).searchParams);
  return ensureAll(page, [
    toolsQuery(toolSearchOf(query), page.call),
    ...(query.category ? [categoriesQuery(page.call)] : []),
  ]);
}

export const action = listingAction;

export function ShopPage() {
  const { query, go } = useShopQuery();
  const tools = useTools(toolSearchOf(query));
  const categories = useCategories(Boolean(query.category));
  const origin = useSiteOrigin();
  const narrowed = isNarrowed(query, NOTHING_FIXED);
  const { page } = query;

  return (
    <section className="py-10">
      <PageMeta
        title={page > 1 ? `Shop, page ${page}` : 'Shop'}
        description="Browse ECParts bicycle spare parts and workshop tools, sold in bulk from 10 pieces."
        // Searches, filters and orders are not pages of their own for search engines; the
        // catalogue's pages are.
        path={canonicalOf(sitePaths.shop, query, narrowed)}
        noindex={narrowed}
      />
      <JsonLd
        data={breadcrumbList(origin, [
          { name: 'Home', path: sitePaths.home },
          { name: 'Shop', path: sitePaths.shop },
        ])}
      />
      <h1 className="text-3xl font-bold">Shop Page</h1>
      <p className="mt-2">Welcome to our shop: every part and tool we make, sold in bulk.</p>
      <CatalogListing
        path={sitePaths.shop}
        fixed={NOTHING_FIXED}
        query={query}
        go={go}
        tools={tools}
        categories={categories.data?.data}
      />
    </section>
  );
}
