import { useParams, type LoaderFunctionArgs } from 'react-router';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { pageOf } from '../../lib/page-context.ts';
import { toolsQuery } from './api.ts';
import { listingAction } from './catalog-listing.tsx';
import { brandPath, listDescription } from './listing-meta.ts';
import { ensureNamedListing, EntriesNotShown, NamedListingPage } from './listing-page.tsx';
import { readShopQuery, toolSearchOf } from './shop-query.ts';
import { brandsQuery, categoriesQuery, useBrands, useCategories } from './taxonomy-api.ts';
import { useListing } from './use-listing.ts';

/**
 * The brands, then the brand's list (and the category tree when a category is chosen). A slug
 * no brand has is the page's 404.
 */
export function loader({ request, params, context }: LoaderFunctionArgs) {
  const page = pageOf(context);
  const slug = params.slug ?? '';
  const query = readShopQuery(new URL(request.url).searchParams);
  return ensureNamedListing(page, brandsQuery(page.call), slug, [
    toolsQuery(toolSearchOf(query, { brand: slug }), page.call),
    ...(query.category ? [categoriesQuery(page.call)] : []),
  ]);
}

export const action = listingAction;

/** /b/{slug}: a brand's page, its parts under the shop's filters (categories among them). */
export function BrandPage() {
  const { slug = '' } = useParams();
  const listing = useListing(brandPath(slug), { brand: slug });
  const brands = useBrands();
  const categories = useCategories(Boolean(listing.query.category));

  if (!brands.isSuccess) return <EntriesNotShown what="brand" entries={brands} />;
  const brand = brands.data.data.find((entry) => entry.slug === slug);
  if (!brand) return <NotFoundPage />;

  return (
    <NamedListingPage
      name={brand.name}
      trail={[{ name: brand.name, path: listing.path }]}
      description={listDescription(brand.name, listing.tools.data, true)}
      listing={listing}
      categories={categories.data?.data}
    />
  );
}
