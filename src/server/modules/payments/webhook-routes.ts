import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { z } from 'zod';
import { errorBody } from '../../../contract/common.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { StripeProvider } from '../../payments/stripe.ts';
import { toOrder } from '../orders/service.ts';
import { paymentReceivedMail } from './mails.ts';
import { eventSeen, recordEvent } from './repository.ts';
import { settle } from './service.ts';

type Deps = {
  db: Db;
  mailer: Mailer;
  provider: StripeProvider;
  parseWebhook: NonNullable<StripeProvider['parseWebhook']>;
};

const ack = z.object({ received: z.literal(true), duplicate: z.boolean() });

/** Stripe's events, signature-checked on the raw body and handled once per event id. */
export const webhookRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const { db, mailer, provider, parseWebhook } = deps;
  // The signature covers the exact bytes Stripe sent, so this route keeps them unparsed.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  app.post(
    '/payments/webhook',
    {
      schema: {
        tags: ['payments'],
        summary: 'Stripe webhook: payment_intent.succeeded marks the order paid',
        response: { 200: ack, 400: errorBody },
      },
    },
    async (request) => {
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
            const { order, changed } = await settle(db, provider, orderId, intent.id);
            if (changed) await mailer.send(paymentReceivedMail(toOrder(order))).catch(() => {});
          } catch (err) {
            // A refused settlement (unknown order, wrong amount) is ours to look at, not
            // Stripe's to retry forever.
            if (!(err instanceof AppError)) throw err;
            request.log.warn({ err, eventId: event.id }, 'payment event not applied');
          }
        }
      } else if (event.type === 'payment_intent.payment_failed') {
        request.log.info(
          { eventId: event.id, intent: event.data.object.id },
          'card payment failed at Stripe',
        );
      }
      await recordEvent(db, event.id, event.type);
      return { received: true as const, duplicate: false };
    },
  );
};
