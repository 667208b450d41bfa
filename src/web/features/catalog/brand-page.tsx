import { useParams, type LoaderFunctionArgs } from 'react-router';
import { sitePaths } from '../../../contract/site-paths.ts';
import { Breadcrumbs } from '../../components/breadcrumbs.tsx';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { ensureAll, notFound, pageOf } from '../../lib/page-context.ts';
import { PageMeta } from '../../lib/page-meta.tsx';
import { toolsQuery, useTools } from './api.ts';
import { CatalogListing, listingAction } from './catalog-listing.tsx';
import { brandPath, canonicalOf, listDescription } from './listing-meta.ts';
import { isNarrowed, readShopQuery, toolSearchOf } from './shop-query.ts';
import { brandsQuery, categoriesQuery, useBrands, useCategories } from './taxonomy-api.ts';
import { useShopQuery } from './use-shop-query.ts';

/**
 * The brands, then the brand's list (and the category tree when a category is chosen). A slug
 * no brand has is the page's 404.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const page = pageOf(context);
  const slug = params.slug ?? '';
  const query = readShopQuery(new URL(request.url).searchParams);
  const brands = brandsQuery(page.call);
  const rest = [
    toolsQuery(toolSearchOf(query, { brand: slug }), page.call),
    ...(query.category ? [categoriesQuery(page.call)] : []),
  ];
  if (!page.waitForData) return ensureAll(page, [brands, ...rest]);
  await ensureAll(page, [brands]);
  const list = page.queryClient.getQueryData(brands.queryKey);
  if (list && !list.data.some((brand) => brand.slug === slug)) throw notFound();
  return ensureAll(page, rest);
}

export const action = listingAction;

/** /b/{slug}: a brand's page, its parts under the shop's filters (categories among them). */
export function BrandPage() {
  const { slug = '' } = useParams();
  const fixed = { brand: slug };
  const { query, go } = useShopQuery();
  const brands = useBrands();
  const categories = useCategories(Boolean(query.category));
  const tools = useTools(toolSearchOf(query, fixed));

  if (brands.isPending) return <PageSpinner label="Loading the brand" />;
  if (brands.isError) {
    return (
      <section className="py-10">
        <PageMeta title="Brand" description="This brand could not be shown." noindex />
        <h1 className="text-3xl font-bold">Brand</h1>
        <SectionError error={brands.error} />
      </section>
    );
  }
  const brand = brands.data.data.find((entry) => entry.slug === slug);
  if (!brand) return <NotFoundPage />;

  const path = brandPath(slug);
  const narrowed = isNarrowed(query, fixed);
  const { page } = query;

  return (
    <section className="py-6 md:py-10">
      <PageMeta
        title={page > 1 ? `${brand.name}, page ${page}` : brand.name}
        description={listDescription(brand.name, tools.data, true)}
        // Filtered, searched or reordered lists are not pages of their own for search engines.
        path={canonicalOf(path, query, narrowed)}
        noindex={narrowed}
      />
      <Breadcrumbs
        trail={[
          { name: 'Home', path: sitePaths.home },
          { name: 'Shop', path: sitePaths.shop },
          { name: brand.name, path },
        ]}
      />
      <h1 className="mt-2 text-3xl font-bold">{brand.name}</h1>
      <CatalogListing
        path={path}
        fixed={fixed}
        query={query}
        go={go}
        tools={tools}
        categories={categories.data?.data}
      />
    </section>
  );
}
