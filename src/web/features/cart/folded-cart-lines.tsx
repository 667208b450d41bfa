import { useEffect, useRef } from 'react';
import { Form, useSearchParams } from 'react-router';
import type { CartLine } from '../../../contract/cart.ts';
import { sitePaths } from '../../../contract/site-paths.ts';
import { SearchBox } from '../../components/search-box.tsx';
import { CartLinesTable } from './cart-lines-table.tsx';
import { cartViewOf, FOLD_AFTER, visibleLines } from './cart-fold.ts';

type Props = {
  lines: CartLine[];
  drafts: Readonly<Record<string, string>>;
  onDraft: (productId: string, draft: string | null) => void;
};

/**
 * A long cart: a search within it (by SKU or name), and its lines folded after the first
 * FOLD_AFTER with "Show all 40 lines". Both live in the page's address (`?q=`, `?all=1`), as
 * GET forms: the server draws the same page before the script has loaded, or without it.
 */
export function FoldedCartLines({ lines, drafts, onDraft }: Props) {
  const [search, setSearch] = useSearchParams();
  const view = cartViewOf(search);
  const { shown, hidden } = visibleLines(lines, view);
  const unfolded = useFocusFirstUnfolded(view.all);

  const find = (q: string) =>
    setSearch(
      () => new URLSearchParams([...(q ? [['q', q]] : []), ...(view.all ? [['all', '1']] : [])]),
      { replace: true, preventScrollReset: true },
    );

  return (
    <>
      {(lines.length > FOLD_AFTER || view.q) && (
        <SearchBox
          id="cart-search"
          name="Cart search"
          label="Find a line in your cart"
          placeholder="SKU or part name"
          query={view.q}
          onSearch={find}
          action={sitePaths.cart}
          hidden={view.all ? [['all', '1']] : []}
        />
      )}
      {view.q && (
        <p role="status">
          {shown.length === 0
            ? `No line in your cart matches “${view.q}”.`
            : `${shown.length} of ${lines.length} lines match “${view.q}”.`}
        </p>
      )}
      {shown.length > 0 && (
        <CartLinesTable
          lines={shown}
          drafts={drafts}
          onDraft={onDraft}
          rowRef={(index) => (index === FOLD_AFTER ? unfolded : undefined)}
        />
      )}
      {hidden > 0 && (
        <Form method="get" replace preventScrollReset className="self-center">
          <input type="hidden" name="all" value="1" />
          <button type="submit" className="btn btn-outline">
            {`Show all ${lines.length} lines`}
          </button>
        </Form>
      )}
    </>
  );
}

/**
 * After "Show all", focus goes to the first line that was folded, where the button was: the
 * button itself is gone, and focus must not fall back to the top of the page.
 */
function useFocusFirstUnfolded(all: boolean) {
  const first = useRef<HTMLTableRowElement>(null);
  const before = useRef(all);
  useEffect(() => {
    if (all && !before.current) first.current?.focus();
    before.current = all;
  }, [all]);
  return first;
}
