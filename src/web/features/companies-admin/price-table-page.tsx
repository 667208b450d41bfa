import { Download, FileUp } from 'lucide-react';
import {
  Form,
  Link,
  useNavigate,
  useParams,
  useSearchParams,
  type LoaderFunctionArgs,
} from 'react-router';
import type { PriceTableQuery } from '../../../contract/company-price-table.ts';
import { dealerPricesExportPath } from '../../../contract/exports.ts';
import type { Category } from '../../../contract/taxonomy.ts';
import { sitePaths, toPath } from '../../../contract/site-paths.ts';
import { DashboardSection } from '../../components/dashboard-section.tsx';
import { counted, PagedList } from '../../components/paged-list.tsx';
import { ensureSignedIn, pageOf } from '../../lib/page-context.ts';
import { categoriesQuery, useCategories } from '../catalog/taxonomy-api.ts';
import { priceTableQuery, usePriceTable } from './api.ts';
import { priceRowAction } from './price-table-action.ts';
import { PriceTable } from './price-table-rows.tsx';
import { priceTableSearch, withParam } from './price-table-search.ts';

// A company's dealer prices as a table (issue 35, docs/decisions/0043): the catalogue 50 rows a
// page, searched by SKU or name and filtered by category through the address, each row edited
// in place; its own ladders download as the CSV file the Import page takes back for it.

export function loader({ params, context, request }: LoaderFunctionArgs) {
  const page = pageOf(context);
  const search = priceTableSearch(new URL(request.url).searchParams);
  return ensureSignedIn(page, () => [
    priceTableQuery(params.companyid ?? '', search, page.call),
    categoriesQuery(page.call),
  ]);
}

export const action = priceRowAction;

const DESCRIPTION =
  'Each product’s list price and what this company pays: its own ladder, or the list price less its discount.';

/** The categories from the top down, each under its parent, indented by its depth. */
function categoryOptions(categories: readonly Category[]) {
  const byParent = new Map<string | null, Category[]>();
  for (const c of categories) byParent.set(c.parentId, [...(byParent.get(c.parentId) ?? []), c]);
  const out: { slug: string; label: string }[] = [];
  const walk = (parent: string | null, depth: number) => {
    const children = [...(byParent.get(parent) ?? [])].sort(
      (a, b) => a.position - b.position || a.name.localeCompare(b.name),
    );
    for (const c of children) {
      out.push({ slug: c.slug, label: `${'— '.repeat(depth)}${c.name}` });
      if (depth < 8) walk(c._id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

function Filters({ search }: { search: PriceTableQuery }) {
  const categories = useCategories();
  const options = categoryOptions(categories.data?.data ?? []);
  return (
    <Form
      key={JSON.stringify(search)}
      method="get"
      role="search"
      aria-label="Find products"
      className="grid gap-2 rounded-box bg-base-200/60 p-3 sm:grid-cols-[2fr_1.5fr_auto] sm:items-end"
    >
      <label className="flex flex-col gap-1 text-sm">
        Search by SKU or name
        <input
          type="search"
          name="q"
          defaultValue={search.q ?? ''}
          maxLength={100}
          className="input input-sm w-full"
        />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        Category
        <select
          name="category"
          defaultValue={search.category ?? ''}
          className="select select-sm w-full"
        >
          <option value="">All categories</option>
          {options.map((o) => (
            <option key={o.slug} value={o.slug}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      <div className="flex gap-2">
        <button type="submit" className="btn btn-primary btn-sm">
          Find
        </button>
        {(search.q || search.category) && (
          <Link to="?" className="btn btn-ghost btn-sm">
            Clear
          </Link>
        )}
      </div>
    </Form>
  );
}

export function PriceTablePage() {
  const { companyid = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const search = priceTableSearch(params);
  const table = usePriceTable(companyid, search);
  const editing = params.get('edit');
  const name = table.data?.companyName;
  const filtered = Boolean(search.q || search.category);
  const importHref = `${sitePaths.imports}?kind=dealer-prices&company=${encodeURIComponent(companyid)}`;
  return (
    <DashboardSection
      title={name ? `Dealer prices: ${name}` : 'Dealer prices'}
      description={DESCRIPTION}
    >
      <div className="-mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
        <Link to={toPath(sitePaths.companyDetail, { companyid })} className="link">
          Back to {name ?? 'the company'}
        </Link>
        <Link to={importHref} className="btn btn-outline btn-sm">
          <FileUp aria-hidden="true" className="size-4" />
          Import from CSV
        </Link>
        {/* A file, not a page: the browser downloads it (the import takes it back). */}
        <a href={dealerPricesExportPath(companyid)} download className="btn btn-outline btn-sm">
          <Download aria-hidden="true" className="size-4" />
          Download as CSV
        </a>
        {table.data && (
          <p className="text-sm text-base-content/80">
            Discount {table.data.discountPercent}% off list ·{' '}
            {counted(table.data.ownLadders, 'product', 'products')} with its own ladder
          </p>
        )}
      </div>
      <Filters search={search} />
      <PagedList
        result={table}
        page={search.page}
        onPage={(page) => void navigate(withParam(params, 'page', page > 1 ? String(page) : null))}
        pageHref={(page) => withParam(params, 'page', String(page))}
        loadingLabel="Loading the dealer prices"
        emptyText={
          filtered ? 'No products match this search.' : 'The catalogue has no products yet.'
        }
        count={(n) => `${counted(n, 'product', 'products')}${filtered ? ' matching' : ''}, by name`}
      >
        {(rows) => (
          <PriceTable
            rows={rows}
            discountPercent={table.data?.discountPercent ?? 0}
            editingId={editing}
            hrefs={{
              edit: (productId) => withParam(params, 'edit', productId),
              close: withParam(params, 'edit', null),
            }}
          />
        )}
      </PagedList>
    </DashboardSection>
  );
}
