import { Barcode, ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import { Link, type LoaderFunctionArgs } from 'react-router';
import type { Cart } from '../../../contract/cart.ts';
import { formatDollars } from '../../../contract/money.ts';
import { sitePaths, toPath } from '../../../contract/site-paths.ts';
import { SectionSpinner } from '../../components/page-spinner.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { formAction, useFormAnswer } from '../../lib/form-action.ts';
import { ensureSignedIn, pageOf } from '../../lib/page-context.ts';
import { PageMeta } from '../../lib/page-meta.tsx';
import { cartQuery, checkoutRule, useCart, useLinesInFlight } from './api.ts';
import { newIdempotencyKey } from './idempotency-key.ts';
import { CartLinesTable } from './cart-lines-table.tsx';
import { checkoutHolds } from './checkout-holds.ts';
import { EmptyCartModal } from './empty-cart-modal.tsx';
import { useCheckoutAttempt } from './use-checkout-attempt.ts';
import { BusyButton } from '../../components/busy-button.tsx';
import { PageTitleBar } from '../../components/page-title-bar.tsx';

/** /cart: the lines, their steppers and prices, the total, and Checkout. */
export function loader({ context }: LoaderFunctionArgs) {
  const page = pageOf(context);
  return ensureSignedIn(page, () => [cartQuery(page.call)]);
}

/** Checkout sent before the script took over: ordered, and on to paying, as the app goes. */
export const action = formAction(
  checkoutRule,
  (order) => ({
    to: toPath(sitePaths.payment, { orderid: order._id }),
    toast: { kind: 'success', message: 'Order Placed Success' },
  }),
  { signedIn: true },
);

export function CartPage() {
  const cart = useCart();
  const checkout = useCheckoutAttempt();

  return (
    <section className="flex flex-col gap-6 py-10">
      <PageMeta
        title="Cart"
        description="Your ECParts cart: quantities, volume prices and checkout."
      />
      <PageTitleBar
        title="Your cart"
        link={{ to: sitePaths.quickOrder, label: 'Quick order by SKU', icon: Barcode }}
      />
      {checkout.placed ? (
        <SectionSpinner label="Opening the payment page" />
      ) : cart.isPending ? (
        <SectionSpinner label="Loading your cart" />
      ) : cart.isError ? (
        <SectionError error={cart.error} />
      ) : cart.data.lines.length === 0 ? (
        checkout.unconfirmed ? (
          <UnconfirmedCheckout checkout={checkout} />
        ) : (
          <EmptyCart />
        )
      ) : (
        <CartContents cart={cart.data} checkout={checkout} />
      )}
    </section>
  );
}

function EmptyCart() {
  return (
    <div className="flex flex-col items-center gap-4 rounded-box border border-base-300 bg-base-100 p-10 text-center">
      <ShoppingCart size={40} className="text-base-content/50" aria-hidden="true" />
      <h2 className="text-xl font-semibold">Your cart is empty</h2>
      <p>Add parts from the shop, or paste a list of SKUs and quantities.</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to={sitePaths.shop} className="btn btn-primary">
          Browse the shop
        </Link>
        <Link to={sitePaths.quickOrder} className="btn btn-outline">
          Quick order
        </Link>
      </div>
    </div>
  );
}

/** A checkout that got no answer, and a cart that now reads empty: it probably went through. */
function UnconfirmedCheckout({ checkout }: { checkout: ReturnType<typeof useCheckoutAttempt> }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-box border border-warning bg-base-100 p-10 text-center">
      <h2 className="text-xl font-semibold">Your checkout may have gone through</h2>
      <p role="alert" className="text-error">
        {errorMessage(checkout.error)}
      </p>
      <p>
        Your cart now reads empty, so the order was probably placed. Check again to open it and pay;
        no second order is placed.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <BusyButton className="btn btn-primary" pending={checkout.pending} onClick={checkout.retry}>
          Check my checkout
        </BusyButton>
        <Link to={sitePaths.dashboard} className="btn btn-outline">
          My Orders
        </Link>
      </div>
    </div>
  );
}

function CartContents({
  cart,
  checkout,
}: {
  cart: Cart;
  checkout: ReturnType<typeof useCheckoutAttempt>;
}) {
  const [confirmEmpty, setConfirmEmpty] = useState(false);
  // The key a checkout posted without script is sent with (the action's one attempt).
  const [attemptKey] = useState(newIdempotencyKey);
  const answer = useFormAnswer();
  const refused = answer?.formError ?? answer?.fieldErrors.attempt;
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
    <>
      <CartLinesTable lines={cart.lines} drafts={drafts} onDraft={setDraft} />
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <button
          type="button"
          className="btn btn-outline btn-error self-start"
          onClick={() => setConfirmEmpty(true)}
        >
          Empty cart
        </button>
        <div className="card w-full border border-base-300 bg-base-100 sm:w-80">
          <div className="card-body gap-3">
            {/* A live region: a stepped quantity changes the total, and it is read out. */}
            <p role="status" className="flex items-baseline justify-between text-lg">
              <span>
                Total ({count} {count === 1 ? 'line' : 'lines'})
              </span>
              <strong className="text-2xl">{formatDollars(cart.total)}</strong>
            </p>
            <form
              // Sent by script; before it has loaded, the page's action checks out with the
              // attempt's key drawn into the page, so a second post finds the same order.
              method="post"
              onSubmit={(event) => {
                event.preventDefault();
                if (!held) checkout.start(cart);
              }}
              className="contents"
            >
              <input
                type="hidden"
                name="attempt"
                value={attemptKey}
                // The browser makes its own keys once it has taken over.
                suppressHydrationWarning
              />
              <BusyButton
                type="submit"
                className="btn btn-primary"
                pending={checkout.pending}
                disabled={held}
                aria-describedby={held ? 'checkout-holds' : undefined}
              >
                Checkout
              </BusyButton>
            </form>
            {refused && (
              <p role="alert" className="text-sm text-error">
                {refused}
              </p>
            )}
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
            <p className="text-sm text-base-content/70">
              Checkout reserves every line at once and places one order; you pay for it on the next
              page.
            </p>
            {checkout.error && (
              <p role="alert" className="text-error">
                {errorMessage(checkout.error)}
              </p>
            )}
          </div>
        </div>
      </div>
      <EmptyCartModal
        open={confirmEmpty}
        lineCount={count}
        onClose={() => setConfirmEmpty(false)}
      />
    </>
  );
}
