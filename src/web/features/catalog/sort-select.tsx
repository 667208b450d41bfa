import { sortOrders, type SortOrder } from '../../../contract/catalog-list.ts';
import { useShownQuery } from './use-shop-query.ts';
import { changed, hiddenFields, shopHref, type Fixed, type ShopQuery } from './shop-query.ts';

const SORT_LABELS: Record<SortOrder, string> = {
  relevance: 'Relevance',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  name: 'Name',
  newest: 'Newest',
};

/**
 * The list's order. With script a choice reorders at once; before it, a small GET form that
 * carries the filters along, with its own button.
 */
export function SortSelect({
  path,
  query,
  fixed,
  go,
  showButton,
}: {
  path: string;
  query: ShopQuery;
  fixed: Fixed;
  go: (href: string) => void;
  showButton: boolean;
}) {
  const [shown, show] = useShownQuery(query);
  return (
    <form method="get" action={path} className="ml-auto flex items-center gap-2">
      {hiddenFields(query, fixed, ['sort']).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="shop-sort" className="text-sm whitespace-nowrap">
        Sort by
      </label>
      <select
        id="shop-sort"
        name="sort"
        value={shown.sort}
        onChange={(event) => {
          const next = changed(query, { sort: event.currentTarget.value as SortOrder });
          show(next);
          go(shopHref(path, next, fixed));
        }}
        className="select select-sm w-auto"
      >
        {sortOrders.map((order) => (
          <option key={order} value={order}>
            {SORT_LABELS[order]}
          </option>
        ))}
      </select>
      {showButton && (
        <button type="submit" className="btn btn-sm btn-outline">
          Sort
        </button>
      )}
    </form>
  );
}
