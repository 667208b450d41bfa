import { Link, useLocation, type LoaderFunctionArgs } from 'react-router';
import { sitePaths } from '../../../contract/site-paths.ts';
import { counted, PagedList } from '../../components/paged-list.tsx';
import { formAction, useFormAnswer } from '../../lib/form-action.ts';
import { readListParams, useListParams } from '../../lib/list-params.ts';
import { ensureAll, pageOf } from '../../lib/page-context.ts';
import { JsonLd } from '../../lib/json-ld.tsx';
import { PageMeta } from '../../lib/page-meta.tsx';
import { useSiteOrigin } from '../../lib/site-origin.tsx';
import { breadcrumbList } from '../../lib/structured-data.ts';
import { addToCartRule } from '../cart/api.ts';
import { useCardAddToCart } from './add-to-cart-api.ts';
import { toolsQuery, useTools, type ToolSearch } from './api.ts';
import { ToolGrid } from '../../components/tool-grid.tsx';

const PAGE_SIZE = 12;

/** The shop's address for a search and a page: `/shop?q=chain&page=2`. */
function shopHref(q: string, page: number) {
  const search = new URLSearchParams();
  if (q) search.set('q', q);
  if (page > 1) search.set('page', String(page));
  const text = search.toString();
  return text ? `${sitePaths.shop}?${text}` : sitePaths.shop;
}

/** The shop's products for the search and page its address asks for. */
const shopSearch = ({ q, page }: { q: string; page: number }): ToolSearch => ({
  q: q || undefined,
  page,
  limit: PAGE_SIZE,
});

export function loader({ request, context }: LoaderFunctionArgs) {
  const page = pageOf(context);
  const search = shopSearch(readListParams(new URL(request.url).searchParams));
  return ensureAll(page, [toolsQuery(search, page.call)]);
}

/**
 * A card's Add to cart sent before the script took over: added, and back to the same list (its
 * search and page) saying so; a visitor signs in first and comes back.
 */
export const action = formAction(
  addToCartRule,
  (cart, { productId, quantity }, { request }) => {
    const name = cart.lines.find((line) => line.productId === productId)?.name ?? 'the part';
    const { pathname, search } = new URL(request.url);
    return {
      to: `${pathname}${search}`,
      toast: { kind: 'success', message: `Added ${quantity} × ${name} to your cart.` },
    };
  },
  { signedIn: true },
);

export function ShopPage() {
  const { page, q, update, paging } = useListParams();
  const tools = useTools(shopSearch({ q, page }));
  const { pathname, search } = useLocation();
  const cart = { ...useCardAddToCart(), formAction: `${pathname}${search}` };
  const refused = useFormAnswer();
  const refusedName = tools.data?.data.find((t) => t._id === refused?.values.productId)?.name;
  const origin = useSiteOrigin();

  return (
    <section className="py-10">
      <PageMeta
        title={page > 1 ? `Shop, page ${page}` : 'Shop'}
        description="Browse ECParts bicycle spare parts and workshop tools, sold in bulk from 10 pieces."
        // Search results are not pages of their own for search engines; the catalogue's pages are.
        path={shopHref('', q ? 1 : page)}
        noindex={Boolean(q)}
      />
      <JsonLd
        data={breadcrumbList(origin, [
          { name: 'Home', path: sitePaths.home },
          { name: 'Shop', path: sitePaths.shop },
        ])}
      />
      <h1 className="text-3xl font-bold">Shop Page</h1>
      <p className="mt-2">Welcome to our shop: every part and tool we make, sold in bulk.</p>
      {refused && (
        // A card's Add to cart posted without script and refused (sold out since, say).
        <p role="alert" className="alert alert-error mt-4">
          {`${refusedName ? `${refusedName}: ` : ''}${
            refused.formError ?? Object.values(refused.fieldErrors)[0] ?? 'Not added to the cart.'
          }`}
        </p>
      )}

      <div className="mt-6">
        <PagedList
          result={tools}
          {...paging}
          search={{
            id: 'shop-search',
            name: 'Shop search',
            label: 'Search products',
            placeholder: 'Name or SKU, e.g. chain',
            query: q,
            onSearch: (value) => update({ q: value }),
            action: sitePaths.shop,
            // The empty result offers Clear search itself.
            clearable: false,
          }}
          loadingLabel="Loading products"
          // As tall as the grid will be: the footer stays below the fold (a layout shift
          // Lighthouse counted).
          tallWhileLoading
          emptyText={q ? `No products match “${q}”.` : 'No products yet.'}
          emptyAction={
            q && (
              <Link to={sitePaths.shop} className="link link-primary mt-2 inline-block">
                Clear search
              </Link>
            )
          }
          heading="Products"
          count={(n) => counted(n, 'product', 'products') + (q ? ` matching “${q}”` : '')}
          pastEnd="first"
          pagerEdges={false}
          pageHref={(n) => shopHref(q, n)}
        >
          {(rows) => (
            <ToolGrid
              tools={rows}
              className="grid-cols-1 md:grid-cols-2 lg:grid-cols-3"
              eager={3}
              cart={cart}
            />
          )}
        </PagedList>
      </div>
    </section>
  );
}
