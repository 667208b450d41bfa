import { Link, useSearchParams } from 'react-router';
import { sitePaths } from '../../../contract/site-paths.ts';
import { SectionSpinner } from '../../components/page-spinner.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { PageMeta } from '../../lib/page-meta.tsx';
import { useTools } from './api.ts';
import { ShopPager } from './shop-pager.tsx';
import { ShopSearch } from './shop-search.tsx';
import { ToolGrid } from './tool-grid.tsx';

const PAGE_SIZE = 12;

const readPage = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 1 ? n : 1;
};

export function ShopPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const page = readPage(params.get('page'));
  const tools = useTools({ q: q || undefined, page, limit: PAGE_SIZE });

  const update = (next: { q?: string; page?: number }) => {
    const search = new URLSearchParams(params);
    if (next.q !== undefined) {
      if (next.q) search.set('q', next.q);
      else search.delete('q');
    }
    const nextPage = next.page ?? 1;
    if (nextPage > 1) search.set('page', String(nextPage));
    else search.delete('page');
    setParams(search);
  };

  const list = tools.data;
  return (
    <section className="py-10">
      <PageMeta
        title="Shop"
        description="Browse ECParts bicycle spare parts and workshop tools, sold in bulk from 10 pieces."
      />
      <h1 className="text-3xl font-bold">Shop Page</h1>
      <p className="mt-2">Welcome to our shop: every part and tool we make, sold in bulk.</p>

      <div className="mt-6">
        <ShopSearch query={q} onSearch={(value) => update({ q: value })} />
      </div>

      {tools.isPending ? (
        // As tall as a screen, as the grid will be: the footer stays below the fold instead of
        // being pushed down when the products arrive (a layout shift Lighthouse counted).
        <div className="min-h-screen">
          <SectionSpinner label="Loading products" />
        </div>
      ) : tools.isError ? (
        <SectionError error={tools.error} />
      ) : list && list.total === 0 ? (
        <div className="mt-10 text-center">
          <p className="text-lg">{q ? `No products match “${q}”.` : 'No products yet.'}</p>
          {q && (
            <Link to={sitePaths.shop} className="link link-primary mt-2 inline-block">
              Clear search
            </Link>
          )}
        </div>
      ) : (
        list && (
          <div className="mt-8" aria-busy={tools.isPlaceholderData}>
            <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
              <h2 className="text-2xl font-bold">Products</h2>
              <p aria-live="polite">
                {tools.isPlaceholderData
                  ? 'Loading…'
                  : `${list.total} ${list.total === 1 ? 'product' : 'products'}${q ? ` matching “${q}”` : ''}`}
              </p>
            </div>
            {list.data.length === 0 && (
              <p>
                There is nothing on page {page}.{' '}
                <button type="button" className="link link-primary" onClick={() => update({})}>
                  Go to the first page
                </button>
              </p>
            )}
            <ToolGrid
              tools={list.data}
              className="grid-cols-1 md:grid-cols-2 lg:grid-cols-3"
              eager={3}
            />
            <ShopPager
              page={page}
              totalPages={list.totalPages}
              onPage={(n) => update({ page: n })}
            />
          </div>
        )
      )}
    </section>
  );
}
