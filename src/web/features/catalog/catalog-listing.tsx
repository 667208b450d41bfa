import { SlidersHorizontal, X } from 'lucide-react';
import { Fragment, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { Category } from '../../../contract/taxonomy.ts';
import { Modal } from '../../components/modal.tsx';
import { counted, PagedList } from '../../components/paged-list.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { ToolGrid } from '../../components/tool-grid.tsx';
import { formAction, useFormAnswer } from '../../lib/form-action.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { addToCartRule } from '../cart/api.ts';
import { useCardAddToCart } from './add-to-cart-api.ts';
import { FilterChips } from './filter-chips.tsx';
import { FilterForm, type FilterProps } from './shop-filters.tsx';
import {
  activeFilterCount,
  changed,
  cleared,
  hiddenFields,
  shopHref,
  type ShopQuery,
} from './shop-query.ts';
import { SortSelect } from './sort-select.tsx';
import type { Listing } from './use-listing.ts';

/**
 * A card's Add to cart sent before the script took over: added, and back to the same list (its
 * search, filters and page) saying so; a visitor signs in first and comes back. The shop, a
 * category's page and a brand's page all answer it.
 */
export const listingAction = formAction(
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

/**
 * The shop's list with its search, filters, chips and order: on /shop, and with the category
 * or brand fixed on their pages. Filters sit beside the list on a desktop and behind a
 * "Filters (n)" button on a phone; with scripts off they are a GET form with Apply.
 * `categories`: the category tree, where the list shows the way up from a chosen category.
 */
export function CatalogListing({
  listing,
  categories,
}: {
  listing: Listing;
  categories?: readonly Category[];
}) {
  const { path, fixed, query, go, tools } = listing;
  const hydrated = useHydrated();
  const { pathname, search } = useLocation();
  const cart = { ...useCardAddToCart(), formAction: `${pathname}${search}` };
  const refused = useFormAnswer();
  const refusedName = tools.data?.data.find((t) => t._id === refused?.values.productId)?.name;
  const hrefOf = (next: ShopQuery) => shopHref(path, next, fixed);
  const facets = tools.data?.facets;
  const filters: FilterProps = { path, query, fixed, facets, categories, go };
  const active = activeFilterCount(query, fixed);
  const { q } = query;
  const suggestions = q ? (tools.data?.suggestions ?? []) : [];
  const didYouMean = suggestions.length > 0 && (
    <p>
      Did you mean:{' '}
      {suggestions.map((word, i) => (
        <Fragment key={word}>
          {i > 0 && ', '}
          <Link to={hrefOf(changed(query, { q: word }))} className="link link-primary">
            {word}
          </Link>
        </Fragment>
      ))}
    </p>
  );

  return (
    <div className="mt-6 flex flex-col gap-6">
      {refused && (
        // A card's Add to cart posted without script and refused (sold out since, say).
        <p role="alert" className="alert alert-error">
          {`${refusedName ? `${refusedName}: ` : ''}${
            refused.formError ?? Object.values(refused.fieldErrors)[0] ?? 'Not added to the cart.'
          }`}
        </p>
      )}
      <SearchBox
        id="shop-search"
        name="Shop search"
        label="Search products"
        placeholder="Name, brand, SKU or part number, e.g. chain"
        query={q}
        onSearch={(value) => go(hrefOf(changed(query, { q: value })))}
        action={path}
        hidden={hiddenFields(query, fixed, ['q'])}
        // The empty result offers Clear search itself.
        clearable={false}
      />
      <div className="lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-8">
        <section aria-labelledby="filters-heading" className="hidden lg:block">
          <h2 id="filters-heading" className="mb-1 text-lg font-bold">
            Filters
          </h2>
          <FilterForm idPrefix="side" showApply={!hydrated} {...filters} />
        </section>
        <div className="flex min-w-0 flex-col gap-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <PhoneFilters hydrated={hydrated} total={tools.data?.total} filters={filters} />
            <SortSelect path={path} query={query} fixed={fixed} go={go} showButton={!hydrated} />
          </div>
          <FilterChips {...filters} />
          {tools.data && tools.data.total > 0 && didYouMean}
          <PagedList
            result={tools}
            page={query.page}
            onPage={(page) => go(hrefOf({ ...query, page }), { keepScroll: false })}
            loadingLabel="Loading products"
            // As tall as the grid will be: the footer stays below the fold (a layout shift
            // Lighthouse counted).
            tallWhileLoading
            emptyText={emptyText(q, active)}
            emptyAction={
              (q || active > 0) && (
                <div className="mt-2 flex flex-col items-center gap-2">
                  {didYouMean}
                  <div className="flex flex-wrap justify-center gap-4">
                    {q && (
                      <Link to={hrefOf(changed(query, { q: '' }))} className="link link-primary">
                        Clear search
                      </Link>
                    )}
                    {active > 0 && (
                      <Link to={hrefOf(cleared(query))} className="link link-primary">
                        Clear all filters
                      </Link>
                    )}
                  </div>
                </div>
              )
            }
            heading="Products"
            count={(n) => counted(n, 'product', 'products') + (q ? ` matching “${q}”` : '')}
            pastEnd="first"
            pagerEdges={false}
            pageHref={(page) => hrefOf({ ...query, page })}
          >
            {(rows) => (
              <ToolGrid
                tools={rows}
                className="grid-cols-1 md:grid-cols-2 xl:grid-cols-3"
                eager={3}
                cart={cart}
                rowsOnPhone
              />
            )}
          </PagedList>
        </div>
      </div>
    </div>
  );
}

function emptyText(q: string, active: number) {
  if (q && active > 0) return `No products match “${q}” with these filters.`;
  if (q) return `No products match “${q}”.`;
  if (active > 0) return 'No products match these filters.';
  return 'No products yet.';
}

/**
 * A phone's filters: a button that opens them in a dialog, saying how many are in use. Before
 * the script has taken over (or without it) the same button is a disclosure that unfolds the
 * plain GET form in place.
 */
function PhoneFilters({
  hydrated,
  total,
  filters,
}: {
  hydrated: boolean;
  total: number | undefined;
  filters: FilterProps;
}) {
  const { path, query, fixed } = filters;
  const active = activeFilterCount(query, fixed);
  const clearHref = shopHref(path, cleared(query), fixed);
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const label = active > 0 ? `Filters (${active})` : 'Filters';
  const icon = <SlidersHorizontal size={16} aria-hidden="true" />;
  if (!hydrated) {
    return (
      <details className="open:basis-full lg:hidden">
        <summary className="btn btn-outline btn-sm">
          {icon}
          {label}
        </summary>
        <div className="mt-2 rounded-box border border-base-300 px-3 pb-3">
          <FilterForm idPrefix="phone" showApply {...filters} />
        </div>
      </details>
    );
  }
  return (
    <div className="lg:hidden">
      <button
        type="button"
        className="btn btn-outline btn-sm"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {icon}
        {label}
      </button>
      <Modal open={open} onClose={() => setOpen(false)} labelledBy={titleId}>
        <div className="flex items-center justify-between">
          <h2 id={titleId} className="text-lg font-bold">
            Filters
          </h2>
          <button
            type="button"
            className="btn btn-ghost btn-sm btn-square"
            aria-label="Close filters"
            onClick={() => setOpen(false)}
          >
            <X size={18} aria-hidden="true" />
          </button>
        </div>
        {open && <FilterForm idPrefix="dialog" showApply={false} {...filters} />}
        {/* Kept in reach at the foot of the sheet, however long the filters run. */}
        <div className="modal-action sticky -bottom-6 -mx-6 -mb-6 items-center justify-between border-t border-base-300 bg-base-100 px-6 py-3">
          {active > 0 ? (
            <Link to={clearHref} preventScrollReset className="link link-primary">
              Clear all
            </Link>
          ) : (
            <span />
          )}
          <button type="button" className="btn btn-primary" onClick={() => setOpen(false)}>
            {total === undefined
              ? 'Show products'
              : `Show ${counted(total, 'product', 'products')}`}
          </button>
        </div>
      </Modal>
    </div>
  );
}
