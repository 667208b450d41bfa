import type { LoaderFunctionArgs } from 'react-router';
import { sitePaths } from '../../../contract/site-paths.ts';
import { JsonLd } from '../../lib/json-ld.tsx';
import { ensureAll, pageOf } from '../../lib/page-context.ts';
import { useSiteOrigin } from '../../lib/site-origin.tsx';
import { breadcrumbList } from '../../lib/structured-data.ts';
import { toolsQuery } from './api.ts';
import { CatalogListing, listingAction } from './catalog-listing.tsx';
import { ListingMeta } from './listing-page.tsx';
import { readShopQuery, toolSearchOf } from './shop-query.ts';
import { categoriesQuery, useCategories } from './taxonomy-api.ts';
import { useListing } from './use-listing.ts';

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
  const listing = useListing(sitePaths.shop, NOTHING_FIXED);
  const categories = useCategories(Boolean(listing.query.category));
  const origin = useSiteOrigin();

  return (
    <section className="py-10">
      <ListingMeta
        name="Shop"
        description="Browse ECParts bicycle spare parts and workshop tools, sold in bulk from 10 pieces."
        listing={listing}
      />
      <JsonLd
        data={breadcrumbList(origin, [
          { name: 'Home', path: sitePaths.home },
          { name: 'Shop', path: sitePaths.shop },
        ])}
      />
      <h1 className="text-3xl font-bold">Shop Page</h1>
      <p className="mt-2">Welcome to our shop: every part and tool we make, sold in bulk.</p>
      <CatalogListing listing={listing} categories={categories.data?.data} />
    </section>
  );
}
