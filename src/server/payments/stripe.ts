import Stripe from 'stripe';
import type { PaymentProvider, VerifiedIntent } from './provider.ts';

export type StripeSettings = {
  secretKey: string;
  webhookSecret?: string;
  /** Another API host (stripe-mock, or a local fake in tests); Stripe's own when unset. */
  apiBase?: string;
};

export type StripeProvider = PaymentProvider & {
  kind: 'stripe';
  /** Verifies the signature on the raw body; throws when it does not match. */
  parseWebhook: ((rawBody: Buffer, signature: string) => Stripe.Event) | null;
};

export function createStripeProvider(settings: StripeSettings): StripeProvider {
  const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
  const webhookSecret = settings.webhookSecret;

  return {
    kind: 'stripe',
    async createIntent({ orderId, amountCents }) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: amountCents,
          currency: 'usd',
          // The card field confirms it; methods that leave the page are not offered.
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          metadata: { orderId },
        },
        // The same order and amount always get the same intent, so a retry never charges twice.
        { idempotencyKey: `order-${orderId}-${amountCents}` },
      );
      if (!intent.client_secret) throw new Error('Stripe returned no client secret');
      return { id: intent.id, clientSecret: intent.client_secret };
    },
    async retrieveIntent(id) {
      if (!/^pi_\w+$/.test(id)) return null;
      try {
        return toVerified(await stripe.paymentIntents.retrieve(id));
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) {
          return null;
        }
        throw err;
      }
    },
    parseWebhook: webhookSecret
      ? (rawBody, signature) => stripe.webhooks.constructEvent(rawBody, signature, webhookSecret)
      : null,
  };
}

export function toVerified(intent: Stripe.PaymentIntent): VerifiedIntent {
  const known = ['succeeded', 'processing', 'requires_payment_method', 'canceled'] as const;
  const status = known.find((s) => s === intent.status) ?? 'other';
  return {
    id: intent.id,
    status,
    amountCents: intent.amount,
    currency: intent.currency,
    orderId: intent.metadata.orderId ?? null,
  };
}
