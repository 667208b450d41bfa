import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { groupDigits } from '../../../contract/number-text.ts';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { pageOf } from '../../lib/page-context.ts';
import { toolsQuery } from './api.ts';
import { listingAction } from './catalog-listing.tsx';
import { categoryPath, listDescription } from './listing-meta.ts';
import { ensureNamedListing, EntriesNotShown, NamedListingPage } from './listing-page.tsx';
import { readShopQuery, shopHref, toolSearchOf } from './shop-query.ts';
import { categoriesQuery, categoryTrail, useCategories } from './taxonomy-api.ts';
import { useListing } from './use-listing.ts';

/** The category tree, then the category's list. A slug the tree does not have is the page's 404. */
export function loader({ request, params, context }: LoaderFunctionArgs) {
  const page = pageOf(context);
  const slug = params.slug ?? '';
  const query = readShopQuery(new URL(request.url).searchParams);
  return ensureNamedListing(page, categoriesQuery(page.call), slug, [
    toolsQuery(toolSearchOf(query, { category: slug }), page.call),
  ]);
}

export const action = listingAction;

/** /c/{slug}: a category's page, its subcategories and its parts under the shop's filters. */
export function CategoryPage() {
  const { slug = '' } = useParams();
  const listing = useListing(categoryPath(slug), { category: slug });
  const categories = useCategories();

  if (!categories.isSuccess) return <EntriesNotShown what="category" entries={categories} />;
  const trail = categoryTrail(categories.data.data, slug);
  const category = trail.at(-1);
  if (!category) return <NotFoundPage />;

  const { query, tools } = listing;
  const subcategories = (tools.data?.facets.categories ?? []).filter(
    (entry) => entry.slug !== slug,
  );

  return (
    <NamedListingPage
      name={category.name}
      trail={trail.map((step) => ({ name: step.name, path: categoryPath(step.slug) }))}
      description={listDescription(category.name, tools.data)}
      listing={listing}
    >
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
    </NamedListingPage>
  );
}
