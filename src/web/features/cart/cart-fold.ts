import type { CartLine } from '../../../contract/cart.ts';

/** A long cart shows this many lines until "Show all" is asked for (issue 35). */
export const FOLD_AFTER = 10;

/** What the cart page's address asks to see: `?q=` finds lines, `?all=1` unfolds them. */
export type CartView = { q: string; all: boolean };

export const cartViewOf = (search: URLSearchParams): CartView => ({
  q: (search.get('q') ?? '').trim().slice(0, 100),
  all: search.get('all') === '1',
});

/**
 * The lines the cart page draws: those whose SKU or name holds the search (wherever they sit in
 * the cart: a search never folds), else the first FOLD_AFTER unless all are asked for. `hidden`
 * is how many lines the fold keeps back.
 */
export function visibleLines(lines: readonly CartLine[], view: CartView) {
  if (view.q) {
    const wanted = view.q.toLocaleLowerCase();
    const found = lines.filter(
      (line) =>
        line.sku.toLocaleLowerCase().includes(wanted) ||
        line.name.toLocaleLowerCase().includes(wanted),
    );
    return { shown: found, hidden: 0 };
  }
  if (view.all || lines.length <= FOLD_AFTER) return { shown: [...lines], hidden: 0 };
  return { shown: lines.slice(0, FOLD_AFTER), hidden: lines.length - FOLD_AFTER };
}
