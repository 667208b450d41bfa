import type Stripe from 'stripe';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Handlers } from '../../http/handler.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { ShopEvents } from '../../metrics/shop-metrics.ts';
import type { StripeProvider } from '../../modules/payments/providers/stripe.ts';
import { eventSeen, recordEvent } from '../../modules/payments/repository.ts';
import { settle } from '../steps/settle-payment.ts';

type Deps = {
  db: Db;
  mailer: Mailer;
  provider: StripeProvider;
  parseWebhook: NonNullable<StripeProvider['parseWebhook']>;
  events: ShopEvents;
  approvalHoldHours: number;
};

/** Stripe's events, signature-checked on the raw body and handled once per event id. */
export const webhookHandlers = ({
  db,
  mailer,
  provider,
  parseWebhook,
  events,
  approvalHoldHours,
}: Deps): Handlers<'paymentWebhook'> => ({
  paymentWebhook: async ({ request }) => {
    const signature = request.headers['stripe-signature'];
    if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
      throw new AppError('bad_request', 'Missing Stripe signature.');
    }
    let event: Stripe.Event;
    try {
      event = parseWebhook(request.body, signature);
    } catch {
      throw new AppError('bad_request', 'Invalid Stripe signature.');
    }
    if (await eventSeen(db, event.id)) return { received: true as const, duplicate: true };

    if (event.type === 'payment_intent.succeeded') {
      const intent = event.data.object;
      const orderId = intent.metadata.orderId;
      if (orderId) {
        try {
          // Marks the order paid, or refunds a payment whose order is gone or expired; the
          // service mails the customer either way, once.
          const settled = await settle(
            { db, provider, mailer, log: request.log, events, approvalHoldHours },
            orderId,
            intent.id,
          );
          if (settled.outcome === 'refunded') {
            request.log.warn({ eventId: event.id, reason: settled.reason }, 'payment refunded');
          }
        } catch (err) {
          // A refused settlement (unknown order, wrong amount) is ours to look at, not
          // Stripe's to retry forever.
          if (!(err instanceof AppError)) throw err;
          request.log.warn({ err, eventId: event.id }, 'payment event not applied');
        }
      }
    } else if (event.type === 'payment_intent.payment_failed') {
      events.count('paymentFailed');
      request.log.info(
        { eventId: event.id, intent: event.data.object.id },
        'card payment failed at Stripe',
      );
    }
    await recordEvent(db, event.id, event.type);
    return { received: true as const, duplicate: false };
  },
});
