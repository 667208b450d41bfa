import { useId } from 'react';
import type { Order } from '../../../contract/orders.ts';
import { cardName, type SavedCard } from '../../../contract/saved-cards.ts';
import { BusyButton } from '../../components/busy-button.tsx';
import { SavedCardFace } from '../../components/saved-card-face.tsx';
import type { PaidIntent } from './api.ts';
import { payWithSavedCard } from './saved-cards-api.ts';
import { useTestAuthentication } from './test-authentication.tsx';

type Props = {
  order: Order;
  cards: SavedCard[];
  provider: 'stripe' | 'test';
  publishableKey: string | null | undefined;
  /** The card being paid with now, if one is. */
  paying: string | null;
  /** The last try with a kept card failed: the provider's or the server's own sentence. */
  error: string | null;
  onPay: (cardId: string, confirm: () => Promise<PaidIntent>) => void;
};

/** 3-D Secure on a kept card, when the bank asks: Stripe.js's own modal, loaded only now. */
async function stripeAuthentication(publishableKey: string | null | undefined, secret: string) {
  const { stripeFor } = await import('./stripe-loader.ts');
  const stripe = publishableKey ? await stripeFor(publishableKey) : null;
  if (!stripe)
    throw new Error('Card payments are not available right now. Please try again later.');
  const result = await stripe.handleNextAction({ clientSecret: secret });
  if (result.error) throw new Error(result.error.message ?? 'Your card could not be charged.');
  if (!result.paymentIntent) throw new Error('Your card could not be charged.');
  return result.paymentIntent.id;
}

/**
 * The buyer's kept cards on the payment page: one click pays the order with one. 3-D Secure
 * and declines read as they do for a new card (the same provider, the same words).
 */
export function SavedCardPayment({
  order,
  cards,
  provider,
  publishableKey,
  paying,
  error,
  onPay,
}: Props) {
  const headingId = useId();
  const authentication = useTestAuthentication();

  const pay = (card: SavedCard) =>
    onPay(card._id, async () => {
      const started = await payWithSavedCard(order._id, card._id);
      if (started.status === 'succeeded') return { id: started.paymentIntentId };
      const id =
        provider === 'test'
          ? await authentication.ask(started.clientSecret)
          : await stripeAuthentication(publishableKey, started.clientSecret);
      return { id };
    });

  return (
    <section
      aria-labelledby={headingId}
      className="card border border-base-300 bg-base-100 shadow-sm"
    >
      <div className="card-body gap-3 p-4 sm:p-6">
        <h2 id={headingId} className="card-title text-lg">
          Pay with a saved card
        </h2>
        <ul className="flex flex-col gap-2" aria-label="Your saved cards">
          {cards.map((card) => (
            <li
              key={card._id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-box border border-base-300 p-3"
            >
              <SavedCardFace card={card} />
              <BusyButton
                className="btn btn-primary min-w-24"
                aria-label={`Pay with ${cardName(card)}`}
                pending={paying === card._id}
                disabled={paying !== null || card.expired}
                onClick={() => pay(card)}
              >
                Pay
              </BusyButton>
            </li>
          ))}
        </ul>
        <p role="alert" className="min-h-6 text-error">
          {error}
        </p>
      </div>
      {authentication.dialog}
    </section>
  );
}
