import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { createTestProvider } from './test-provider.ts';

/**
 * Stripe when its keys are configured; otherwise the built-in test processor (D9). Stripe's SDK
 * (about 20 MB resident) is loaded only by a shop that uses it (bench/README.md, "Memory").
 */
export async function choosePaymentProvider(config: Config, db: Db) {
  const { secretKey, webhookSecret, apiBase } = config.stripe;
  if (!secretKey) return createTestProvider(db);
  const { createStripeProvider } = await import('./stripe.ts');
  return createStripeProvider({ secretKey, webhookSecret, apiBase });
}
