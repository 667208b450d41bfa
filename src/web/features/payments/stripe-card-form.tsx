import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { useState, type FormEvent } from 'react';
import { CardError, KeepCardBox, PayButton, type CardFormProps } from './card-form-parts.tsx';
import { stripeFor } from './stripe-loader.ts';

// This module is loaded only when the server's payment provider is Stripe, so Stripe.js and
// its React bindings never reach a visitor of a shop that does not use them.

function StripeCard({ clientSecret, billing, pending, error, onPay }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [cardProblem, setCardProblem] = useState<string | null>(null);
  const [keepCard, setKeepCard] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || !clientSecret) return;
    onPay(async () => {
      // Stripe.js shows 3-D Secure itself when the bank asks. Kept: the card is saved for
      // payments while the buyer is present (setup_future_usage), and the shop attaches it.
      const result = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card, billing_details: billing },
        ...(keepCard ? { setup_future_usage: 'on_session' as const } : {}),
      });
      if (!result.error) return { id: result.paymentIntent.id, keepCard };
      // Paid on an earlier try whose report to our server was lost: report it now.
      const earlier = result.error.payment_intent;
      if (earlier?.status === 'succeeded') return { id: earlier.id, keepCard };
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
      <KeepCardBox checked={keepCard} onChange={setKeepCard} />
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
