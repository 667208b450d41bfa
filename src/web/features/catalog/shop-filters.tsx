import type { FormEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { ATTRIBUTE_FILTER_PREFIX, type Facets } from '../../../contract/catalog-list.ts';
import { groupDigits } from '../../../contract/number-text.ts';
import type { Category } from '../../../contract/taxonomy.ts';
import {
  changed,
  hiddenFields,
  readShopQuery,
  shopHref,
  toggled,
  withAttribute,
  type Fixed,
  type ShopQuery,
} from './shop-query.ts';
import { shownValues, ShowAll, useShownWhole, WholeFacetFields } from './long-facets.tsx';
import { categoryTrail } from './taxonomy-api.ts';
import { useShownQuery } from './use-shop-query.ts';

// The filters beside the list (in a dialog on a phone): the categories as links, the brands,
// each attribute's values and "In stock only" as checkboxes, each with its count under the
// other filters. With script a tick changes the list at once; without, the boxes are a plain
// GET form with an Apply button, which the page's loader reads the same way.

/** Fewer attribute groups than this are all drawn open; more, only those in use. */
const OPEN_ATTRIBUTE_GROUPS = 4;

export type FilterProps = {
  /** The list's own address, without its query: /shop, /c/chains, /b/shimano. */
  path: string;
  query: ShopQuery;
  fixed: Fixed;
  facets: Facets | undefined;
  /** The category tree, to show the way up from the chosen category. */
  categories: readonly Category[] | undefined;
  go: (href: string) => void;
};

/** An attribute value as a person reads it: "Yes" for true. */
export function valueText(value: string) {
  if (value === 'true') return 'Yes';
  if (value === 'false') return 'No';
  return value;
}

/** "Length (mm)", "Speeds". */
export const attributeTitle = (attribute: { label: string; unit: string | null }) =>
  attribute.unit ? `${attribute.label} (${attribute.unit})` : attribute.label;

function Count({ n }: { n: number }) {
  return (
    <span className="ml-auto shrink-0 text-xs text-base-content/70 tabular-nums">
      {groupDigits(n)}
    </span>
  );
}

/** A group of the form, folded away when it is long and not in use. */
function FilterGroup({
  title,
  open,
  active = 0,
  children,
}: {
  title: string;
  open: boolean;
  /** How many of its values are ticked: said beside the title while it is folded. */
  active?: number;
  children: ReactNode;
}) {
  return (
    <details open={open} className="group border-b border-base-300 py-2">
      <summary className="flex cursor-pointer items-center gap-2 py-1 font-semibold">
        {title}
        {active > 0 && <span className="badge badge-sm badge-primary">{active}</span>}
      </summary>
      <fieldset className="mt-1 flex flex-col">
        <legend className="sr-only">{title}</legend>
        {children}
      </fieldset>
    </details>
  );
}

function Tick({
  id,
  name,
  value,
  checked,
  label,
  count,
  onChange,
}: {
  id: string;
  name: string;
  value: string;
  checked: boolean;
  label: string;
  count: number;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label
      htmlFor={id}
      className="flex min-h-8 cursor-pointer items-center gap-2 rounded px-1 hover:bg-base-200"
    >
      <input
        id={id}
        type="checkbox"
        name={name}
        value={value}
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
        className="checkbox checkbox-sm checkbox-primary"
      />
      <span className="min-w-0 break-words">{label}</span> <Count n={count} />
    </label>
  );
}

/**
 * The categories to narrow to: from the chosen one, the way back up (All categories, its
 * parents) and the categories one and two levels down, each with its count. Links, so they work the same
 * with scripts off.
 */
export function CategoryFilter({ path, query, fixed, facets, categories }: FilterProps) {
  const chosen = query.category;
  const hrefFor = (category: string | undefined) =>
    shopHref(path, changed(query, { category }), fixed);
  const trail = chosen && categories ? categoryTrail(categories, chosen) : [];
  const below = (facets?.categories ?? []).filter((entry) => entry.slug !== chosen);
  const chosenCount = facets?.categories.find((entry) => entry.slug === chosen)?.count;
  // Below the chosen one (and its way up), or from the left edge for the whole shop.
  const indent = chosen ? Math.max(trail.length, 1) + 1 : 0;
  if (!chosen && below.length === 0) return null;
  const row = 'flex min-h-8 items-center gap-2 rounded px-1 hover:bg-base-200';
  return (
    <FilterGroup title="Category" open>
      <ul className="flex flex-col">
        {chosen && (
          <li>
            <Link to={hrefFor(undefined)} preventScrollReset className={`${row} link-hover`}>
              All categories
            </Link>
          </li>
        )}
        {trail.slice(0, -1).map((category, depth) => (
          <li key={category.slug} style={{ paddingLeft: `${(depth + 1) * 0.75}rem` }}>
            <Link to={hrefFor(category.slug)} preventScrollReset className={`${row} link-hover`}>
              {category.name}
            </Link>
          </li>
        ))}
        {chosen && (
          <li style={{ paddingLeft: `${Math.max(trail.length, 1) * 0.75}rem` }}>
            <span aria-current="true" className={`${row} font-semibold text-primary`}>
              {trail.at(-1)?.name ?? chosen}{' '}
              {chosenCount !== undefined && <Count n={chosenCount} />}
            </span>
          </li>
        )}
        {below.map((entry) => (
          <li
            key={entry.slug}
            style={{ paddingLeft: `${(indent + (entry.parent ? 1 : 0)) * 0.75}rem` }}
          >
            <Link to={hrefFor(entry.slug)} preventScrollReset className={`${row} link-hover`}>
              <span className="min-w-0 break-words">{entry.name}</span> <Count n={entry.count} />
            </Link>
          </li>
        ))}
      </ul>
    </FilterGroup>
  );
}

/**
 * The ticks of the filters: brands (unless the page is a brand's), each attribute, in stock.
 * `idPrefix` keeps the ids of a second copy (the phone's) apart from the first.
 */
export function FilterForm({
  idPrefix,
  showApply,
  ...props
}: FilterProps & { idPrefix: string; showApply: boolean }) {
  const { path, fixed, facets, go } = props;
  const [query, show] = useShownQuery(props.query);
  const apply = (next: ShopQuery) => {
    show(next);
    go(shopHref(path, next, fixed));
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    // Apply pressed before the script took over: the same list the server would show.
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const params = new URLSearchParams();
    for (const [name, value] of data) if (typeof value === 'string') params.append(name, value);
    apply(readShopQuery(params));
  };
  const kept = hiddenFields(query, fixed, []).filter(([name]) =>
    ['q', 'sort', 'category'].includes(name),
  );
  const attributes = facets?.attributes ?? [];
  const whole = useShownWhole();
  const brands = shownValues(
    facets?.brands ?? [],
    (brand) => query.brand.includes(brand.slug),
    whole.includes('brand'),
  );

  return (
    <form
      method="get"
      action={path}
      onSubmit={submit}
      aria-label="Filters"
      className="flex flex-col"
    >
      {kept.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <WholeFacetFields facets={whole} />
      {!fixed.category && <CategoryFilter {...props} />}
      {!fixed.brand && facets && facets.brands.length > 0 && (
        <FilterGroup title="Brand" open active={query.brand.length}>
          {brands.map((brand) => (
            <Tick
              key={brand.slug}
              id={`${idPrefix}-brand-${brand.slug}`}
              name="brand"
              value={brand.slug}
              checked={query.brand.includes(brand.slug)}
              label={brand.name}
              count={brand.count}
              onChange={(on) =>
                apply(changed(query, { brand: toggled(query.brand, brand.slug, on) }))
              }
            />
          ))}
          {brands.length < facets.brands.length && (
            <ShowAll facet="brand" total={facets.brands.length} noun="brands" />
          )}
        </FilterGroup>
      )}
      {attributes.map((attribute) => {
        const ticked = query.attributes[attribute.key] ?? [];
        const facet = `${ATTRIBUTE_FILTER_PREFIX}${attribute.key}`;
        const values = shownValues(
          attribute.values,
          ({ value }) => ticked.includes(value),
          whole.includes(facet),
        );
        return (
          <FilterGroup
            key={attribute.key}
            title={attributeTitle(attribute)}
            open={ticked.length > 0 || attributes.length <= OPEN_ATTRIBUTE_GROUPS}
            active={ticked.length}
          >
            {values.map(({ value, count }) => (
              <Tick
                key={value}
                id={`${idPrefix}-${attribute.key}-${value}`.replace(/[^\w-]/g, '_')}
                name={facet}
                value={value}
                checked={ticked.includes(value)}
                label={valueText(value)}
                count={count}
                onChange={(on) =>
                  apply(withAttribute(query, attribute.key, toggled(ticked, value, on)))
                }
              />
            ))}
            {values.length < attribute.values.length && (
              <ShowAll facet={facet} total={attribute.values.length} noun="values" />
            )}
          </FilterGroup>
        );
      })}
      {facets && (
        <FilterGroup title="Availability" open active={query.inStock ? 1 : 0}>
          <Tick
            id={`${idPrefix}-in-stock`}
            name="inStock"
            value="true"
            checked={query.inStock}
            label="In stock only"
            count={facets.inStock}
            onChange={(on) => apply(changed(query, { inStock: on }))}
          />
        </FilterGroup>
      )}
      {showApply && (
        <button type="submit" className="btn btn-primary mt-4">
          Apply
        </button>
      )}
    </form>
  );
}
