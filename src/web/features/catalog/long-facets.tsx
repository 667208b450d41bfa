import { Link, useLocation } from 'react-router';
import { groupDigits } from '../../../contract/number-text.ts';

// A facet with hundreds of values (400 brands in a large catalogue) shows its most used ones
// and a link to all of them: every value drawn would make a category page hundreds of
// kilobytes of checkboxes, rendered and sent for each visit. The link adds `more=<facet>` to
// the page's address, so it works before the script has taken over; the list itself ignores it.

/** Values a facet shows before "Show all". */
export const SHOWN_VALUES = 20;
const MORE = 'more';

/** The facets the visitor asked to see whole, from the page's address. */
export function useShownWhole() {
  const { search } = useLocation();
  return new URLSearchParams(search).getAll(MORE);
}

/**
 * The values to draw: all of them when asked for or few, otherwise the SHOWN_VALUES with the
 * most parts and every ticked one, in the facet's own order.
 */
export function shownValues<T extends { count: number }>(
  values: readonly T[],
  ticked: (value: T) => boolean,
  whole: boolean,
): readonly T[] {
  if (whole || values.length <= SHOWN_VALUES) return values;
  const most = new Set([...values].sort((a, b) => b.count - a.count).slice(0, SHOWN_VALUES));
  return values.filter((value) => most.has(value) || ticked(value));
}

/** "Show all 400 brands": the same page with this facet drawn whole. */
export function ShowAll({ facet, total, noun }: { facet: string; total: number; noun: string }) {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  params.append(MORE, facet);
  return (
    <Link
      to={`${pathname}?${params.toString()}`}
      preventScrollReset
      replace
      className="link link-primary px-1 py-1 text-sm"
    >
      Show all {groupDigits(total)} {noun}
    </Link>
  );
}

/** The facets drawn whole, carried by the filter form's GET like its other hidden fields. */
export function WholeFacetFields({ facets }: { facets: readonly string[] }) {
  return facets.map((facet) => <input key={facet} type="hidden" name={MORE} value={facet} />);
}
