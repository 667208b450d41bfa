import { useState } from 'react';
import type { MyCompany } from '../../../contract/companies.ts';
import type { DeliveryEstimate } from '../../../contract/order-totals.ts';
import { BusyButton } from '../../components/busy-button.tsx';
import { CardSection } from '../../components/card-section.tsx';
import { NextStepBar } from '../../components/next-step-bar.tsx';
import { formatDollars } from '../../../contract/money.ts';
import { errorMessage, fieldError } from '../../lib/error-message.ts';
import { useFormAnswer } from '../../lib/form-action.ts';
import { newIdempotencyKey } from '../../lib/idempotency-key.ts';
import type { useCheckoutAttempt } from './use-checkout-attempt.ts';
import { MoneySummary } from '../../components/money-summary.tsx';
import type { CheckoutChoice } from './api.ts';
import { initialPick, PaymentChoice, type PaymentPick } from './payment-choice.tsx';
import { BackorderChoice } from './backorder-choice.tsx';

/**
 * The money as the quote priced it, the choices made with Place order, and Place order with the
 * grand total in a NextStepBar (at the bottom of a phone's screen). The parts are listed apart
 * (PartsInOrder), so that a long cart does not push Place order down.
 */
export function ReviewStep({
  quote,
  delivery,
  billingMissing,
  checkout,
  company,
  onPlace,
}: {
  quote: DeliveryEstimate;
  /** The ids the order is placed with; Place order waits until both are chosen. */
  delivery: CheckoutChoice;
  /** "Bill to the same address" unticked and no other address picked: Place order waits. */
  billingMissing: boolean;
  checkout: ReturnType<typeof useCheckoutAttempt>;
  /** The buyer's company: card or "Charge to account"; null without one (card only). */
  company: MyCompany | null;
  onPlace: (pick: PaymentPick | undefined, shipTogether: boolean) => void;
}) {
  // The key a checkout posted without script is sent with (the action's one attempt).
  const [attemptKey] = useState(newIdempotencyKey);
  const answer = useFormAnswer();
  const posted = answer?.values.intent === 'checkout' ? answer : undefined;
  const [pick, setPick] = useState(() => initialPick(company, quote.grandTotal, posted?.values));
  const [together, setTogether] = useState(posted?.values.shipTogether === 'together');
  const refusedPo = fieldError(checkout.error)?.field === 'poNumber';
  const poError = refusedPo ? errorMessage(checkout.error) : posted?.fieldErrors.poNumber;
  const refused = posted?.formError ?? null;
  const ready = Boolean(delivery.shippingAddressId && delivery.shippingMethodId && !billingMissing);
  return (
    <CardSection id="step-review" heading="Review" roomy>
      <MoneySummary money={{ ...quote, shipping: quote.shipping }} />
      <form
        // Sent by script; before it has loaded, the page's action checks out with the
        // attempt's key drawn into the page, so a second post finds the same order.
        method="post"
        onSubmit={(event) => {
          event.preventDefault();
          if (ready) onPlace(company ? pick : undefined, together);
        }}
        className="contents"
      >
        <input type="hidden" name="intent" value="checkout" />
        <input
          type="hidden"
          name="attempt"
          value={attemptKey}
          // The browser makes its own keys once it has taken over.
          suppressHydrationWarning
        />
        {Object.entries(delivery).map(
          ([name, id]) => id && <input key={name} type="hidden" name={name} value={id} />,
        )}
        <BackorderChoice lines={quote.lines} together={together} onChange={setTogether} />
        {company && (
          <PaymentChoice
            company={company}
            grandTotal={quote.grandTotal}
            pick={pick}
            onPick={setPick}
            poError={poError}
          />
        )}
        <NextStepBar label="Order total">
          <div className="flex items-center justify-between gap-3">
            {/* The money summary above says it from lg up; the bar says it on a phone. */}
            <p className="flex flex-col lg:hidden">
              <span className="text-sm">Grand total</span>
              <strong className="text-xl">{formatDollars(quote.grandTotal)}</strong>
            </p>
            <BusyButton
              type="submit"
              className="btn btn-primary max-lg:flex-1 lg:btn-lg lg:w-full"
              pending={checkout.pending}
              disabled={!ready}
            >
              Place order
            </BusyButton>
          </div>
          {!ready && (
            <p className="text-sm text-base-content/80">
              {billingMissing
                ? 'Choose the billing address, or tick Bill to the same address, and Place order is ready.'
                : 'Choose where to ship and how, and Place order is ready.'}
            </p>
          )}
          {((checkout.error && !refusedPo) || refused) && (
            <p role="alert" className="text-sm text-error">
              {checkout.error ? errorMessage(checkout.error) : refused}
            </p>
          )}
        </NextStepBar>
      </form>
      <p className="text-sm text-base-content/80">
        {pick.paymentMethod === 'account' && company
          ? 'Placing the order reserves every line at once and charges it to your account.'
          : 'Placing the order reserves every line at once; you pay for it on the next page.'}
      </p>
    </CardSection>
  );
}
