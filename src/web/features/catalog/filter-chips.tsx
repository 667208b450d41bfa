import { X } from 'lucide-react';
import { Link } from 'react-router';
import { attributeTitle, valueText, type FilterProps } from './shop-filters.tsx';
import {
  changed,
  cleared,
  shopHref,
  toggled,
  withAttribute,
  type ShopQuery,
} from './shop-query.ts';

type Chip = { key: string; text: string; without: ShopQuery };

/** What the chips are drawn from: the filter form's own props, less its way to a new list. */
type ChipProps = Omit<FilterProps, 'go'>;

/** Each filter in use as a chip; what the page fixes (its category or brand) is not one. */
function chipsOf({ query, fixed, facets, categories }: ChipProps): Chip[] {
  const chips: Chip[] = [];
  if (query.category && !fixed.category) {
    const name =
      categories?.find((c) => c.slug === query.category)?.name ??
      facets?.categories.find((c) => c.slug === query.category)?.name ??
      query.category;
    chips.push({
      key: 'category',
      text: name,
      without: changed(query, { category: undefined }),
    });
  }
  if (!fixed.brand) {
    for (const slug of query.brand) {
      chips.push({
        key: `brand ${slug}`,
        text: facets?.brands.find((b) => b.slug === slug)?.name ?? slug,
        without: changed(query, { brand: toggled(query.brand, slug, false) }),
      });
    }
  }
  for (const [key, values] of Object.entries(query.attributes)) {
    const attribute = facets?.attributes.find((a) => a.key === key);
    const title = attribute ? attributeTitle(attribute) : key;
    for (const value of values) {
      chips.push({
        key: `a.${key} ${value}`,
        text: `${title}: ${valueText(value)}`,
        without: withAttribute(query, key, toggled(values, value, false)),
      });
    }
  }
  if (query.inStock) {
    chips.push({
      key: 'inStock',
      text: 'In stock only',
      without: changed(query, { inStock: false }),
    });
  }
  return chips;
}

/**
 * The filters in use, each a chip that takes itself away ("Remove Shimano"), and Clear all.
 * Links: they work before the script has loaded, and Back puts a removed filter back.
 */
export function FilterChips(props: ChipProps) {
  const { path, query, fixed } = props;
  const chips = chipsOf(props);
  if (chips.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <h2 className="sr-only">Filters in use</h2>
      <ul className="flex flex-wrap gap-2">
        {chips.map((chip) => (
          <li key={chip.key}>
            <Link
              to={shopHref(path, chip.without, fixed)}
              preventScrollReset
              aria-label={`Remove ${chip.text}`}
              className="badge badge-lg gap-1 border-primary/40 bg-primary/10 py-3 hover:bg-primary/20"
            >
              {chip.text}
              <X size={14} aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
      <Link
        to={shopHref(path, cleared(query), fixed)}
        preventScrollReset
        className="link link-primary text-sm"
      >
        Clear all
      </Link>
    </div>
  );
}
