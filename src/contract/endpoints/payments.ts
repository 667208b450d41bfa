import { idParams } from '../common.ts';
import { endpoint, MINUTE } from '../endpoint.ts';
import { order } from '../orders.ts';
import {
  paymentIntentInput,
  paymentIntentResult,
  recordPaymentInput,
  testAuthenticateInput,
  testCardInput,
  testCardResult,
  webhookAck,
} from '../payments.ts';

/** The payments part of the endpoint table (src/contract/endpoints.ts composes every part). */
export const paymentsEndpoints = {
  // Payments.
  createPaymentIntent: endpoint({
    method: 'POST',
    path: '/api/create-payment-intent',
    access: 'owner',
    owns: { order: 'body.orderId' },
    tag: 'payments',
    summary: 'Start paying an order; the amount comes from the order',
    body: paymentIntentInput,
    response: paymentIntentResult,
    refusals: [402, 409],
    rateLimit: { max: 30, windowSeconds: 10 * MINUTE, per: 'user' },
  }),
  recordPayment: endpoint({
    method: 'PATCH',
    path: '/api/order/:id',
    access: 'owner',
    owns: { order: 'params.id', missing: 'handler' },
    tag: 'payments',
    summary: 'Record a payment, verified with the provider; repeating it changes nothing',
    params: idParams,
    body: recordPaymentInput,
    response: order,
    refusals: [402, 409],
    rateLimit: { max: 60, windowSeconds: 10 * MINUTE, per: 'user' },
  }),
  confirmTestCard: endpoint({
    method: 'POST',
    path: '/api/payments/test/confirm',
    access: 'user',
    tag: 'payments',
    summary: 'The built-in test processor: pay with one of Stripe’s test cards',
    body: testCardInput,
    response: testCardResult,
    // 404: no payment has this client secret.
    refusals: [402, 404, 409],
    rateLimit: { max: 30, windowSeconds: MINUTE, per: 'user' },
    provider: 'test',
  }),
  authenticateTestCard: endpoint({
    method: 'POST',
    path: '/api/payments/test/authenticate',
    access: 'user',
    tag: 'payments',
    summary: 'The built-in test processor’s 3-D Secure page: complete it, or fail it',
    body: testAuthenticateInput,
    response: testCardResult,
    refusals: [402, 404, 409],
    rateLimit: { max: 30, windowSeconds: MINUTE, per: 'user' },
    provider: 'test',
  }),
  paymentWebhook: endpoint({
    method: 'POST',
    path: '/api/payments/webhook',
    access: 'provider',
    tag: 'payments',
    summary: 'Stripe webhook: payment_intent.succeeded marks the order paid',
    response: webhookAck,
    provider: 'stripe',
    rawBody: true,
  }),
} as const;
