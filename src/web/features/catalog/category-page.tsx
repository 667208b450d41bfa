import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { groupDigits } from '../../../contract/number-text.ts';
import { sitePaths } from '../../../contract/site-paths.ts';
import { Breadcrumbs } from '../../components/breadcrumbs.tsx';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { ensureAll, notFound, pageOf } from '../../lib/page-context.ts';
import { PageMeta } from '../../lib/page-meta.tsx';
import { toolsQuery, useTools } from './api.ts';
import { CatalogListing, listingAction } from './catalog-listing.tsx';
import { canonicalOf, categoryPath, listDescription } from './listing-meta.ts';
import { isNarrowed, readShopQuery, shopHref, toolSearchOf } from './shop-query.ts';
import { categoriesQuery, categoryTrail, useCategories } from './taxonomy-api.ts';
import { useShopQuery } from './use-shop-query.ts';

/**
 * The category tree, then the category's list. A slug the tree does not have is the page's 404
 * (the list itself would answer it with a 400 for the unknown filter).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const page = pageOf(context);
  const slug = params.slug ?? '';
  const categories = categoriesQuery(page.call);
  const tools = toolsQuery(
    toolSearchOf(readShopQuery(new URL(request.url).searchParams), { category: slug }),
    page.call,
  );
  // The browser only starts the fetches; the page says "not found" itself.
  if (!page.waitForData) return ensureAll(page, [categories, tools]);
  await ensureAll(page, [categories]);
  const tree = page.queryClient.getQueryData(categories.queryKey);
  if (tree && !tree.data.some((category) => category.slug === slug)) throw notFound();
  return ensureAll(page, [tools]);
}

export const action = listingAction;

/** /c/{slug}: a category's page, its subcategories and its parts under the shop's filters. */
export function CategoryPage() {
  const { slug = '' } = useParams();
  const fixed = { category: slug };
  const { query, go } = useShopQuery();
  const categories = useCategories();
  const tools = useTools(toolSearchOf(query, fixed));

  if (categories.isPending) return <PageSpinner label="Loading the category" />;
  if (categories.isError) {
    return (
      <section className="py-10">
        <PageMeta title="Category" description="This category could not be shown." noindex />
        <h1 className="text-3xl font-bold">Category</h1>
        <SectionError error={categories.error} />
      </section>
    );
  }
  const trail = categoryTrail(categories.data.data, slug);
  const category = trail.at(-1);
  if (!category) return <NotFoundPage />;

  const path = categoryPath(slug);
  const narrowed = isNarrowed(query, fixed);
  const { page } = query;
  const subcategories = (tools.data?.facets.categories ?? []).filter(
    (entry) => entry.slug !== slug,
  );

  return (
    <section className="py-6 md:py-10">
      <PageMeta
        title={page > 1 ? `${category.name}, page ${page}` : category.name}
        description={listDescription(category.name, tools.data)}
        // Filtered, searched or reordered lists are not pages of their own for search engines.
        path={canonicalOf(path, query, narrowed)}
        noindex={narrowed}
      />
      <Breadcrumbs
        trail={[
          { name: 'Home', path: sitePaths.home },
          { name: 'Shop', path: sitePaths.shop },
          ...trail.map((step) => ({ name: step.name, path: categoryPath(step.slug) })),
        ]}
      />
      <h1 className="mt-2 text-3xl font-bold">{category.name}</h1>
      {subcategories.length > 0 && (
        <nav aria-label="Subcategories" className="mt-4">
          <ul className="flex flex-wrap gap-2">
            {subcategories.map((entry) => (
              <li key={entry.slug}>
                <Link
                  // Down a level with the same filters (a crawler sees the plain links).
                  to={shopHref(
                    categoryPath(entry.slug),
                    { ...query, page: 1 },
                    {
                      category: entry.slug,
                    },
                  )}
                  className="btn btn-sm btn-outline"
                >
                  {entry.name}{' '}
                  <span className="text-xs font-normal text-base-content/70">
                    {groupDigits(entry.count)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <CatalogListing path={path} fixed={fixed} query={query} go={go} tools={tools} />
    </section>
  );
}
