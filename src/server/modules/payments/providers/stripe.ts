import Stripe from 'stripe';
import { AppError } from '../../../errors.ts';
import type { CancelOutcome, CardOnFile, PaymentProvider, VerifiedIntent } from './provider.ts';

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

  // Refunds are the whole amount (see `refund`), so any refund that has not failed means the
  // money is on its way back.
  const isRefunded = async (id: string) => {
    const refunds = await stripe.refunds.list({ payment_intent: id, limit: 100 });
    return refunds.data.some((r) => r.status === 'succeeded' || r.status === 'pending');
  };

  /** The order's intent with its client secret, while it can still take (or has taken) money. */
  const liveIntent = async (id: string, orderId: string, amountCents: number) => {
    if (!/^pi_\w+$/.test(id)) return null;
    let intent: Stripe.PaymentIntent;
    try {
      intent = await stripe.paymentIntents.retrieve(id);
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) {
        return null;
      }
      throw err;
    }
    const { status, amount, metadata, client_secret: clientSecret } = intent;
    if (status === 'canceled' || amount !== amountCents || metadata.orderId !== orderId) {
      return null;
    }
    return clientSecret ? { id: intent.id, clientSecret } : null;
  };

  return {
    kind: 'stripe',
    async createIntent({ orderId, amountCents, customerEmail, current }) {
      // Stripe keeps an idempotency key for 24 hours, and a hold may last longer: the intent
      // the order already has is asked for first, so a late second start reuses it too.
      const live = current ? await liveIntent(current, orderId, amountCents) : null;
      if (live) return live;
      const intent = await stripe.paymentIntents.create(
        {
          amount: amountCents,
          currency: 'usd',
          // The card field confirms it; methods that leave the page are not offered.
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          metadata: { orderId, customerEmail },
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
    async cancelIntent(id): Promise<CancelOutcome> {
      try {
        const intent = await stripe.paymentIntents.cancel(id);
        return { status: toVerified(intent).status, refunded: false };
      } catch (err) {
        if (!(err instanceof Stripe.errors.StripeInvalidRequestError)) throw err;
        // Stripe knows no such intent: nothing can be charged through it.
        if (err.statusCode === 404) return { status: 'canceled', refunded: false };
        // Cancelled before, or past cancelling (processing, succeeded): say which.
        if (err.code !== 'payment_intent_unexpected_state') throw err;
      }
      const { status } = toVerified(await stripe.paymentIntents.retrieve(id));
      return { status, refunded: status === 'succeeded' && (await isRefunded(id)) };
    },
    async refund(id) {
      try {
        // One key per intent: a retry, or the webhook and the customer's report both refunding,
        // gets the same refund back instead of a second one.
        await stripe.refunds.create({ payment_intent: id }, { idempotencyKey: `refund-${id}` });
      } catch (err) {
        const alreadyRefunded =
          err instanceof Stripe.errors.StripeInvalidRequestError &&
          err.code === 'charge_already_refunded';
        if (!alreadyRefunded) throw err;
      }
    },
    async refundPart(id, { amountCents, key }) {
      // The key is the credit note's: a retry gets the same refund back, not a second one.
      await stripe.refunds.create(
        { payment_intent: id, amount: amountCents },
        { idempotencyKey: key },
      );
    },
    async keptCard(intentId) {
      const intent = await stripe.paymentIntents.retrieve(intentId, {
        expand: ['payment_method'],
      });
      const method = intent.payment_method;
      // Kept only when the buyer ticked the box: the card form confirmed with setup_future_usage.
      if (intent.status !== 'succeeded' || !intent.setup_future_usage) return null;
      if (!method || typeof method === 'string' || !method.card) return null;
      return cardOnFile(method.id, method.card);
    },
    async createCustomer({ userId, email }) {
      // One key per account: a retry (or two payments kept at once) makes one Customer.
      const customer = await stripe.customers.create(
        { email, metadata: { userId } },
        { idempotencyKey: `customer-${userId}` },
      );
      return customer.id;
    },
    async attachCard(methodRef, customerRef) {
      // setup_future_usage without a Customer on the intent: Stripe lets the card be attached
      // once the payment has gone through.
      const method = await stripe.paymentMethods.retrieve(methodRef);
      if (method.customer === customerRef) return;
      await stripe.paymentMethods.attach(methodRef, { customer: customerRef });
    },
    async detachCard(methodRef) {
      try {
        await stripe.paymentMethods.detach(methodRef);
      } catch (err) {
        // Gone already, or never attached: it can pay nothing either way.
        if (!(err instanceof Stripe.errors.StripeInvalidRequestError)) throw err;
      }
    },
    async confirmWithCard({ intentId, methodRef, customerRef }) {
      try {
        await stripe.paymentIntents.update(intentId, { customer: customerRef });
        const intent = await stripe.paymentIntents.confirm(intentId, {
          payment_method: methodRef,
        });
        if (intent.status === 'succeeded' || intent.status === 'processing') return 'succeeded';
        if (intent.status === 'requires_action') return 'requires_action';
        throw new AppError('payment_failed', 'Your card could not be charged.');
      } catch (err) {
        // A decline reads as it does for a new card: Stripe's own sentence.
        if (err instanceof Stripe.errors.StripeCardError) {
          throw new AppError('payment_failed', err.message);
        }
        if (
          err instanceof Stripe.errors.StripeInvalidRequestError &&
          err.code === 'payment_intent_unexpected_state' &&
          err.payment_intent?.status === 'succeeded'
        ) {
          return 'succeeded';
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
    customerEmail: intent.metadata.customerEmail ?? null,
  };
}

function cardOnFile(methodRef: string, card: Stripe.PaymentMethod.Card): CardOnFile {
  return {
    methodRef,
    brand: card.brand,
    last4: card.last4,
    expMonth: card.exp_month,
    expYear: card.exp_year,
  };
}
