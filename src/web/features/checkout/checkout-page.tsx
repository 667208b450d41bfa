import { Link, useNavigate, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import type { Address } from '../../../contract/addresses.ts';
import { sitePaths } from '../../../contract/site-paths.ts';
import { BusyButton } from '../../components/busy-button.tsx';
import { SectionSpinner } from '../../components/page-spinner.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { formAction } from '../../lib/form-action.ts';
import { intentAction } from '../../lib/intent-action.ts';
import { notify } from '../../lib/notify.ts';
import { ensureSignedIn, pageOf } from '../../lib/page-context.ts';
import { PageHeading } from '../../components/page-heading.tsx';
import { addressesQuery, addressRule, useAddresses } from '../addresses/api.ts';
import { cartQuery, checkoutRule, useCart } from '../cart/api.ts';
import { myCompanyQuery, useMyCompany } from '../company/company-api.ts';
import { EmptyCart } from '../../components/empty-cart.tsx';
import { placedAnswer, useCheckoutAttempt } from './use-checkout-attempt.ts';
import {
  billingIdOf,
  billingOf,
  choiceOf,
  quoteQuery,
  shipToOf,
  useQuote,
  type CheckoutChoice,
} from './api.ts';
import { BillingStep, MethodStep, PartsInOrder, ShipToStep } from './checkout-steps.tsx';
import { ReviewStep } from './review-step.tsx';

const checkoutPath = (choice: CheckoutChoice) => {
  const search = new URLSearchParams(
    Object.entries(choice).filter((entry): entry is [string, string] => Boolean(entry[1])),
  ).toString();
  return search ? `${sitePaths.checkout}?${search}` : sitePaths.checkout;
};

/**
 * The cart, the account's addresses and the quote for the address and method in the page's
 * address (else the defaults). On the server the quote waits for the addresses, so the page
 * arrives with every step filled in; in the browser the page asks for it itself.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const page = pageOf(context);
  await ensureSignedIn(page, () => [
    cartQuery(page.call),
    addressesQuery(page.call),
    myCompanyQuery(page.call),
  ]);
  const addresses = page.queryClient.getQueryData(addressesQuery().queryKey)?.data;
  if (!page.waitForData || !addresses) return null;
  const choice = choiceOf(new URL(request.url).searchParams);
  const shipTo = shipToOf(addresses, choice.shippingAddressId);
  await page.queryClient
    .ensureQueryData(
      quoteQuery(
        { shippingAddressId: shipTo?._id, shippingMethodId: choice.shippingMethodId },
        page.call,
      ),
    )
    .catch(() => undefined);
  return null;
}

/** The page's two forms posted before the script took over: a new address, and Place order. */
export const action = intentAction({
  address: () =>
    formAction(
      addressRule(),
      (saved, _input, { request }) => {
        const choice = choiceOf(new URL(request.url).searchParams);
        return {
          to: checkoutPath({
            billingAddressId: choice.billingAddressId,
            shippingAddressId: saved._id,
          }),
          toast: { kind: 'success', message: 'Address added' },
        };
      },
      { signedIn: true },
    ),
  checkout: () =>
    formAction(
      checkoutRule,
      (order) => {
        const { to, message } = placedAnswer(order);
        return { to, toast: { kind: 'success', message } };
      },
      { signedIn: true },
    ),
});

/** /checkout: ship-to, method, billing, then the review and Place order. */
export function CheckoutPage() {
  const cart = useCart();
  const addresses = useAddresses();
  const checkout = useCheckoutAttempt();

  return (
    <section className="flex flex-col gap-6 py-10">
      <PageHeading
        title="Checkout"
        description="Where to ship your ECParts order, how, and the total."
      />
      {checkout.placed ? (
        <SectionSpinner label="Opening the payment page" />
      ) : cart.isPending || addresses.isPending ? (
        <SectionSpinner label="Loading your cart" />
      ) : cart.isError || addresses.isError ? (
        <SectionError error={(cart.error ?? addresses.error) as Error} />
      ) : cart.data.lines.length === 0 ? (
        checkout.unconfirmed ? (
          <UnconfirmedCheckout checkout={checkout} />
        ) : (
          <EmptyCart />
        )
      ) : (
        <CheckoutSteps addresses={addresses.data.data} checkout={checkout} />
      )}
    </section>
  );
}

function CheckoutSteps({
  addresses,
  checkout,
}: {
  addresses: Address[];
  checkout: ReturnType<typeof useCheckoutAttempt>;
}) {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const cart = useCart();
  // Without a company (or until it is known), the card is the only way to pay.
  const company = useMyCompany().data ?? null;
  const choice = choiceOf(search);
  const shipTo = shipToOf(addresses, choice.shippingAddressId);
  const quote = useQuote({
    shippingAddressId: shipTo?._id,
    shippingMethodId: choice.shippingMethodId,
  });
  const billing = billingOf(addresses, choice.billingAddressId, shipTo);
  const methodId = quote.data?.shipping?.methodId;
  // What the steps' forms keep of the others: the choices as the page shows them.
  const keep: CheckoutChoice = {
    shippingAddressId: shipTo?._id,
    shippingMethodId: methodId,
    billingAddressId: choice.billingAddressId,
  };
  const delivery = {
    shippingAddressId: shipTo?._id,
    shippingMethodId: methodId,
    billingAddressId: billingIdOf(billing, shipTo),
  };

  return (
    // From lg up: the steps and the parts on the left, the review beside them, staying in view.
    // On a phone the review (its total and Place order in a bar at the bottom of the screen)
    // comes right after the steps and the parts last, so what must be chosen before Place order
    // is near the top however long the cart (issue 35: at most two screens of scrolling).
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <div className="flex min-w-0 flex-col gap-6 lg:col-start-1 lg:row-start-1">
        <ShipToStep
          addresses={addresses}
          shipTo={shipTo}
          keep={keep}
          onAdded={(address) => {
            notify('success', 'Address added');
            void navigate(
              checkoutPath({
                shippingAddressId: address._id,
                billingAddressId: keep.billingAddressId,
              }),
              { replace: true, preventScrollReset: true },
            );
          }}
        />
        {shipTo && <MethodStep quote={quote} keep={keep} />}
        {shipTo && (
          <BillingStep addresses={addresses} shipTo={shipTo} billing={billing} keep={keep} />
        )}
      </div>
      <div className="lg:sticky lg:top-24 lg:col-start-2 lg:row-span-2 lg:row-start-1">
        {quote.data ? (
          <ReviewStep
            quote={quote.data}
            delivery={delivery}
            billingMissing={!billing.same && !billing.billTo}
            checkout={checkout}
            company={company}
            onPlace={(pick, shipTogether) =>
              cart.data && checkout.start(cart.data, { ...delivery, ...pick, shipTogether })
            }
          />
        ) : quote.isError ? (
          <SectionError error={quote.error} />
        ) : (
          <SectionSpinner label="Pricing your order" />
        )}
      </div>
      {quote.data && (
        <div className="min-w-0 lg:col-start-1 lg:row-start-2">
          <PartsInOrder lines={quote.data.lines} />
        </div>
      )}
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
