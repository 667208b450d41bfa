import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { Order } from '../../../contract/orders.ts';
import { SectionSpinner } from '../../components/page-spinner.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { ApiError } from '../../lib/api-client.ts';
import type { SessionUser } from '../../lib/session.ts';
import { useSiteConfig } from '../auth/api.ts';
import { orderKeys } from '../orders/api.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { usePaymentIntent, type ConfirmCard, type usePayOrder } from './api.ts';
import { SavedCardPayment } from './saved-card-payment.tsx';
import { useSavedCards } from './saved-cards-api.ts';

// Each provider's form is its own chunk: Stripe.js and its bindings load only for Stripe,
// the test form (and zod) only for the test processor.
const TestCardForm = lazy(() =>
  import('./test-card-form.tsx').then((m) => ({ default: m.TestCardForm })),
);
const StripeCardForm = lazy(() =>
  import('./stripe-card-form.tsx').then((m) => ({ default: m.StripeCardForm })),
);

type Props = { order: Order; user: SessionUser; pay: ReturnType<typeof usePayOrder> };

/** A refused intent: 403 (not the owner) will not change; anything else may on a retry. */
function IntentRefused({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const final = error instanceof ApiError && error.status === 403;
  return (
    <div className="flex flex-col items-start gap-2">
      <SectionError error={error} />
      {!final && (
        <button type="button" className="btn btn-outline btn-primary" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

/** The card form of the configured provider, with the intent it confirms. */
export function CardPayment({ order, user, pay }: Props) {
  const config = useSiteConfig();
  const intent = usePaymentIntent(order);
  const saved = useSavedCards();
  const queryClient = useQueryClient();
  // The kept card the last try paid with (null: the card form): its failure shows beside it.
  const [savedTry, setSavedTry] = useState<string | null>(null);

  if (config.isPending) return <SectionSpinner label="Preparing the card form" />;
  if (config.isError) return <SectionError error={config.error} />;
  if (intent.isError) {
    // The order may have been paid meanwhile (another tab): reloading it shows that instead.
    const retry = () => {
      void queryClient.invalidateQueries({ queryKey: orderKeys.detail(order._id) });
      void intent.refetch();
    };
    return <IntentRefused error={intent.error} onRetry={retry} />;
  }

  const { provider, publishableKey } = config.data.payments;
  const failure = pay.error ? errorMessage(pay.error) : null;
  const form = {
    clientSecret: intent.data?.clientSecret,
    billing: { name: user.name, email: user.email },
    pending: pay.isPending,
    error: savedTry === null ? failure : null,
    onPay: (confirm: ConfirmCard) => {
      setSavedTry(null);
      pay.mutate(confirm);
    },
  };
  const cards = saved.data?.data ?? [];
  // A Stripe server without a publishable key cannot take cards in the browser.
  if (provider === 'stripe' && !publishableKey) {
    return (
      <p role="alert" className="text-error">
        Card payments are not available right now. Please try again later.
      </p>
    );
  }
  return (
    <>
      {cards.length > 0 && (
        <SavedCardPayment
          order={order}
          cards={cards}
          provider={provider}
          publishableKey={publishableKey}
          paying={pay.isPending ? savedTry : null}
          error={savedTry === null ? null : failure}
          onPay={(cardId, confirm) => {
            setSavedTry(cardId);
            pay.mutate(confirm);
          }}
        />
      )}
      {cards.length > 0 && <h2 className="text-lg font-semibold">Or pay with a new card</h2>}
      <Suspense fallback={<SectionSpinner label="Preparing the card form" />}>
        {provider === 'stripe' && publishableKey ? (
          <StripeCardForm publishableKey={publishableKey} {...form} />
        ) : (
          <TestCardForm {...form} />
        )}
      </Suspense>
    </>
  );
}
