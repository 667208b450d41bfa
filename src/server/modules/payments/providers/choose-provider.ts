import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { createStripeProvider } from './stripe.ts';
import { createTestProvider } from './test-provider.ts';

/** Stripe when its keys are configured; otherwise the built-in test processor (D9). */
export function choosePaymentProvider(config: Config, db: Db) {
  const { secretKey, webhookSecret, apiBase } = config.stripe;
  if (secretKey) return createStripeProvider({ secretKey, webhookSecret, apiBase });
  return createTestProvider(db);
}
