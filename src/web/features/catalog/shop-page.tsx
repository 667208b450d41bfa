import { Link } from 'react-router';
import { sitePaths } from '../../../contract/site-paths.ts';
import { counted, PagedList } from '../../components/paged-list.tsx';
import { useListParams } from '../../lib/list-params.ts';
import { PageMeta } from '../../lib/page-meta.tsx';
import { useCardAddToCart } from './add-to-cart-api.ts';
import { useTools } from './api.ts';
import { ToolGrid } from '../../components/tool-grid.tsx';

const PAGE_SIZE = 12;

export function ShopPage() {
  const { page, q, update } = useListParams();
  const tools = useTools({ q: q || undefined, page, limit: PAGE_SIZE });
  const cart = useCardAddToCart();

  return (
    <section className="py-10">
      <PageMeta
        title="Shop"
        description="Browse ECParts bicycle spare parts and workshop tools, sold in bulk from 10 pieces."
      />
      <h1 className="text-3xl font-bold">Shop Page</h1>
      <p className="mt-2">Welcome to our shop: every part and tool we make, sold in bulk.</p>

      <div className="mt-6">
        <PagedList
          result={tools}
          page={page}
          onPage={(n) => update({ page: n })}
          search={{
            id: 'shop-search',
            name: 'Shop search',
            label: 'Search products',
            placeholder: 'Name or SKU, e.g. chain',
            query: q,
            onSearch: (value) => update({ q: value }),
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
