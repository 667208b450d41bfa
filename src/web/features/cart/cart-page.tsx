import { Barcode } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, type LoaderFunctionArgs } from 'react-router';
import type { Cart } from '../../../contract/cart.ts';
import { formatDollars } from '../../../contract/money.ts';
import { sitePaths } from '../../../contract/site-paths.ts';
import { SectionSpinner } from '../../components/page-spinner.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { ensureSignedIn, pageOf } from '../../lib/page-context.ts';
import { cartQuery, useCart, useLinesInFlight } from './api.ts';
import { checkoutHolds } from './checkout-holds.ts';
import { EmptyCart } from '../../components/empty-cart.tsx';
import { EmptyCartModal } from './empty-cart-modal.tsx';
import { FoldedCartLines } from './folded-cart-lines.tsx';
import { NextStepBar } from '../../components/next-step-bar.tsx';
import { PageTitleBar } from '../../components/page-title-bar.tsx';
import {
  REQUEST_QUOTE_INTENT,
  RequestQuoteForm,
  requestQuoteAction,
} from './request-quote-form.tsx';
import { intentAction } from '../../lib/intent-action.ts';
import { SAVE_TO_LIST_INTENT, SaveToListForm } from '../../components/save-to-list-form.tsx';
import { saveToListAction, useSaveToListForm } from '../lists/save-to-list-api.ts';

/** /cart: the lines, their steppers and prices, the total, and Checkout. */
export function loader({ context }: LoaderFunctionArgs) {
  const page = pageOf(context);
  return ensureSignedIn(page, () => [cartQuery(page.call)]);
}

/** A quote request or a Save to list posted before the script took over. */
export const action = intentAction({
  [REQUEST_QUOTE_INTENT]: () => requestQuoteAction,
  [SAVE_TO_LIST_INTENT]: () => saveToListAction,
});

const META = {
  title: 'Cart',
  description: 'Your ECParts cart: quantities, volume prices and checkout.',
};

export function CartPage() {
  const cart = useCart();

  return (
    <section className="flex flex-col gap-6 py-10">
      <PageTitleBar
        meta={META}
        title="Your cart"
        link={{ to: sitePaths.quickOrder, label: 'Quick order by SKU', icon: Barcode }}
      />
      {cart.isPending ? (
        <SectionSpinner label="Loading your cart" />
      ) : cart.isError ? (
        <SectionError error={cart.error} />
      ) : cart.data.lines.length === 0 ? (
        <EmptyCart />
      ) : (
        <CartContents cart={cart.data} />
      )}
    </section>
  );
}

function CartContents({ cart }: { cart: Cart }) {
  const [confirmEmpty, setConfirmEmpty] = useState(false);
  const navigate = useNavigate();
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const inFlight = useLinesInFlight();
  const count = cart.lines.length;
  // Checkout orders the cart the server holds: while any field shows something else, it waits.
  const holds = checkoutHolds(cart.lines, { drafts, ...inFlight });
  const held = holds.length > 0;

  const setDraft = (productId: string, draft: string | null) =>
    setDrafts(({ [productId]: _, ...others }) =>
      draft === null ? others : { ...others, [productId]: draft },
    );

  return (
    // From lg up the summary is a column that stays in view beside the lines; below, the total
    // and Checkout are a bar at the bottom of the screen (NextStepBar) and the rest follows.
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="flex min-w-0 flex-col gap-4">
        <FoldedCartLines lines={cart.lines} drafts={drafts} onDraft={setDraft} />
        <button
          type="button"
          className="btn btn-outline btn-error self-start"
          onClick={() => setConfirmEmpty(true)}
        >
          Empty cart
        </button>
        <section aria-labelledby="cart-instead" className="card border border-base-300 bg-base-100">
          <div className="card-body gap-3 p-4 sm:p-6">
            <h2 id="cart-instead" className="font-semibold">
              Not ordering yet?
            </h2>
            <RequestQuoteForm disabled={held} />
            <CartSaveToList cart={cart} />
          </div>
        </section>
      </div>
      <aside
        aria-label="Cart summary"
        className="card border border-base-300 bg-base-100 lg:sticky lg:top-24"
      >
        <div className="card-body gap-3 p-4 sm:p-6">
          <NextStepBar label="Cart total">
            <div className="flex items-center justify-between gap-3 lg:flex-col lg:items-stretch">
              {/* A live region: a stepped quantity changes the total, and it is read out. */}
              <p
                role="status"
                className="flex flex-col lg:flex-row lg:items-baseline lg:justify-between lg:text-lg"
              >
                <span>
                  Total ({count} {count === 1 ? 'line' : 'lines'})
                </span>
                <strong className="text-xl lg:text-2xl">{formatDollars(cart.total)}</strong>
              </p>
              <form
                // Where to ship and how come next, on the checkout page; before the script has
                // loaded, the browser asks for that page itself.
                method="get"
                action={sitePaths.checkout}
                onSubmit={(event) => {
                  event.preventDefault();
                  if (!held) void navigate(sitePaths.checkout);
                }}
                className="contents"
              >
                <button
                  type="submit"
                  className="btn btn-primary"
                  disabled={held}
                  aria-describedby={held ? 'checkout-holds' : undefined}
                >
                  Checkout
                </button>
              </form>
            </div>
            {held && (
              <div id="checkout-holds" className="text-sm">
                <p className="font-medium">
                  Checkout waits until every quantity on screen is in your cart:
                </p>
                <ul className="mt-1 list-disc pl-5">
                  {holds.map((hold) => (
                    <li key={hold}>{hold}</li>
                  ))}
                </ul>
              </div>
            )}
          </NextStepBar>
          <p className="text-sm text-base-content/70">
            Checkout asks where to ship and how, then reserves every line at once and places one
            order; you pay for it on the page after.
          </p>
        </div>
      </aside>
      <EmptyCartModal
        open={confirmEmpty}
        lineCount={count}
        onClose={() => setConfirmEmpty(false)}
      />
    </div>
  );
}

/** The cart's lines, at their quantities, into a list. */
function CartSaveToList({ cart }: { cart: Cart }) {
  const control = useSaveToListForm();
  return (
    <SaveToListForm
      control={control}
      summary="Save the cart to a list"
      lines={cart.lines.map((l) => ({ productId: l.productId, quantity: l.quantity }))}
    />
  );
}
