import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
// The /pure entry injects Stripe.js only when loadStripe is called, not on import as well.
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe } from '@stripe/stripe-js';
import { useState, type FormEvent } from 'react';
import { CardError, PayButton, type CardFormProps } from './card-form-parts.tsx';

// This module is loaded only when the server's payment provider is Stripe, so Stripe.js and
// its React bindings never reach a visitor of a shop that does not use them.

const loading = new Map<string, Promise<Stripe | null>>();

/**
 * Stripe.js comes from Stripe's host. If it cannot load, spec §8 wants only a logged warning:
 * the form stays up with Pay disabled, and a later visit of the page tries again.
 */
function stripeFor(publishableKey: string) {
  const known = loading.get(publishableKey);
  if (known) return known;
  const promise = loadStripe(publishableKey).catch((error: unknown) => {
    console.warn('Stripe.js could not be loaded; card payments are unavailable.', error);
    loading.delete(publishableKey);
    return null;
  });
  loading.set(publishableKey, promise);
  return promise;
}

function StripeCard({ clientSecret, billing, pending, error, onPay }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [cardProblem, setCardProblem] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || !clientSecret) return;
    onPay(async () => {
      const result = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card, billing_details: billing },
      });
      if (!result.error) return result.paymentIntent.id;
      // Paid on an earlier try whose report to our server was lost: report it now.
      const earlier = result.error.payment_intent;
      if (earlier?.status === 'succeeded') return earlier.id;
      throw new Error(result.error.message ?? 'Your card could not be charged.');
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Card payment" className="flex flex-col gap-3">
      <fieldset className="flex flex-col gap-3 rounded-box border border-base-300 p-4">
        <legend className="px-1 font-semibold">Card details</legend>
        <div className="input w-full py-3">
          <CardElement
            className="w-full"
            options={{ hidePostalCode: true, style: { base: { fontSize: '16px' } } }}
            onReady={() => setReady(true)}
            onChange={(event) => setCardProblem(event.error?.message ?? null)}
          />
        </div>
      </fieldset>
      <CardError message={cardProblem ?? error} />
      <PayButton ready={Boolean(stripe && ready && clientSecret)} pending={pending} />
    </form>
  );
}

export function StripeCardForm({
  publishableKey,
  ...props
}: CardFormProps & { publishableKey: string }) {
  const [stripe] = useState(() => stripeFor(publishableKey));
  return (
    <Elements stripe={stripe}>
      <StripeCard {...props} />
    </Elements>
  );
}
