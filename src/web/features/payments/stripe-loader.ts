// The /pure entry injects Stripe.js only when loadStripe is called, not on import as well.
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe } from '@stripe/stripe-js';

// Loaded only where the server's payment provider is Stripe: the card form, and 3-D Secure on
// a kept card.

const loading = new Map<string, Promise<Stripe | null>>();

/**
 * Stripe.js comes from Stripe's host. If it cannot load, spec §8 wants only a logged warning:
 * the form stays up with Pay disabled, and a later visit of the page tries again.
 */
export function stripeFor(publishableKey: string) {
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
