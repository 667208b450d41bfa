import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, idParams } from '../../../contract/common.ts';
import { centsToDollars } from '../../../contract/money.ts';
import { order } from '../../../contract/orders.ts';
import {
  paymentIntentInput,
  paymentIntentResult,
  recordPaymentInput,
  testCardInput,
  testCardResult,
} from '../../../contract/payments.ts';
import type { Guards } from '../../auth/guards.ts';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { PaymentProvider } from '../../payments/provider.ts';
import type { TestProvider } from '../../payments/test-provider.ts';
import { toOrder } from '../orders/service.ts';
import { paymentReceivedMail } from './mails.ts';
import { recordPayment, startPayment } from './service.ts';

type Deps = { db: Db; guards: Guards; mailer: Mailer; provider: PaymentProvider | TestProvider };

const refused = {
  400: errorBody,
  401: errorBody,
  402: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
};

export const paymentRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const { db, guards, mailer, provider } = deps;

  app.post(
    '/create-payment-intent',
    {
      schema: {
        tags: ['payments'],
        summary: 'Start paying an order; the amount comes from the order',
        body: paymentIntentInput,
        response: { 200: paymentIntentResult, ...refused },
      },
    },
    async (request) => {
      const user = await guards.requireUser(request);
      const intent = await startPayment(db, provider, user, request.body.orderId);
      return {
        clientSecret: intent.clientSecret,
        provider: provider.kind,
        amountTotal: centsToDollars(intent.amountCents),
      };
    },
  );

  app.patch(
    '/order/:id',
    {
      schema: {
        tags: ['payments'],
        summary: 'Record a payment, verified with the provider; repeating it changes nothing',
        params: idParams,
        body: recordPaymentInput,
        response: { 200: order, ...refused },
      },
    },
    async (request) => {
      const user = await guards.requireUser(request);
      const { order: row, changed } = await recordPayment(
        db,
        provider,
        user,
        request.params.id,
        request.body.transactionId,
      );
      const paid = toOrder(row);
      if (changed) {
        mailer.send(paymentReceivedMail(paid)).catch((err: unknown) => {
          request.log.error({ err, orderId: paid._id }, 'payment mail failed');
        });
      }
      return paid;
    },
  );

  if ('confirmTestCard' in provider) {
    app.post(
      '/payments/test/confirm',
      {
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags: ['payments'],
          summary: 'The built-in test processor: pay with one of Stripe’s test cards',
          body: testCardInput,
          response: { 200: testCardResult, ...refused },
        },
      },
      async (request) => {
        await guards.requireUser(request);
        return provider.confirmTestCard(request.body);
      },
    );
  }
};
