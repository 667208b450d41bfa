import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { readShopQuery, type ShopQuery } from './shop-query.ts';

/**
 * The list's state read from the address, and the way to another: each change is a new
 * history entry (Back undoes a filter), drawn at once (a ticked box shows ticked without
 * waiting for the router), and the page stays where it was scrolled to.
 */
export function useShopQuery() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const query = useMemo(() => readShopQuery(new URLSearchParams(search)), [search]);
  /** `keepScroll: false` for another page of the list, which starts at its top. */
  const go = (href: string, { keepScroll = true }: { keepScroll?: boolean } = {}) =>
    void navigate(href, { flushSync: true, preventScrollReset: keepScroll });
  return { query, go };
}

/**
 * The list's state as a control shows it: a change at once, before the router has moved to the
 * new address (it runs the page's loader first), so that a ticked box stays ticked and a second
 * quick tick builds on the first. Follows the address when it changes (Back, a chip, a link).
 */
export function useShownQuery(query: ShopQuery) {
  const [shown, setShown] = useState(query);
  const [followed, setFollowed] = useState(query);
  if (query !== followed) {
    setFollowed(query);
    setShown(query);
  }
  return [shown, setShown] as const;
}
