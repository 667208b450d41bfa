import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

type Intent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
};

type Refund = {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
};

const CANCELABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action'];

async function formBody(request: IncomingMessage) {
  let raw = '';
  for await (const chunk of request) raw += String(chunk);
  return new URLSearchParams(raw);
}

/**
 * The few Stripe endpoints our adapter calls, enough to run the real SDK offline: create,
 * retrieve and cancel PaymentIntents, create and list refunds, with idempotency keys honoured
 * as Stripe does and Stripe's errors for an intent in the wrong state.
 */
export async function startFakeStripe() {
  const intents = new Map<string, Intent>();
  const byKey = new Map<string, Intent>();
  const refunds: Refund[] = [];
  const refundByKey = new Map<string, Refund>();
  const calls: { method: string; path: string; idempotencyKey?: string }[] = [];

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    calls.push({ method: request.method ?? 'GET', path: url.pathname, idempotencyKey });
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };

    if (request.method === 'POST' && url.pathname === '/v1/payment_intents') {
      const form = await formBody(request);
      const known = idempotencyKey ? byKey.get(idempotencyKey) : undefined;
      if (known) return reply(200, known);
      const id = `pi_${randomBytes(12).toString('hex')}`;
      const intent: Intent = {
        id,
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        currency: form.get('currency') ?? 'usd',
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
        metadata: {
          orderId: form.get('metadata[orderId]') ?? '',
          customerEmail: form.get('metadata[customerEmail]') ?? '',
        },
      };
      intents.set(id, intent);
      if (idempotencyKey) byKey.set(idempotencyKey, intent);
      return reply(200, intent);
    }
    const missing = () =>
      reply(404, {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: 'No such payment_intent',
        },
      });
    const wrongState = (code: string, message: string) =>
      reply(400, { error: { type: 'invalid_request_error', code, message } });

    const match = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && match) {
      const intent = intents.get(match[1] ?? '');
      return intent ? reply(200, intent) : missing();
    }
    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(url.pathname);
    if (request.method === 'POST' && cancel) {
      const intent = intents.get(cancel[1] ?? '');
      if (!intent) return missing();
      if (!CANCELABLE.includes(intent.status)) {
        return wrongState(
          'payment_intent_unexpected_state',
          `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
        );
      }
      intent.status = 'canceled';
      return reply(200, intent);
    }
    if (request.method === 'POST' && url.pathname === '/v1/refunds') {
      const form = await formBody(request);
      const known = idempotencyKey ? refundByKey.get(idempotencyKey) : undefined;
      if (known) return reply(200, known);
      const intent = intents.get(form.get('payment_intent') ?? '');
      if (!intent) return missing();
      if (refunds.some((r) => r.payment_intent === intent.id)) {
        return wrongState('charge_already_refunded', 'Charge has already been refunded.');
      }
      if (intent.status !== 'succeeded') {
        return wrongState(
          'payment_intent_unexpected_state',
          'This PaymentIntent does not have a successful charge to refund.',
        );
      }
      const refund: Refund = {
        id: `re_${randomBytes(12).toString('hex')}`,
        object: 'refund',
        amount: intent.amount,
        currency: intent.currency,
        payment_intent: intent.id,
        status: 'succeeded',
      };
      refunds.push(refund);
      if (idempotencyKey) refundByKey.set(idempotencyKey, refund);
      return reply(200, refund);
    }
    if (request.method === 'GET' && url.pathname === '/v1/refunds') {
      const intentId = url.searchParams.get('payment_intent');
      const data = refunds.filter((r) => !intentId || r.payment_intent === intentId);
      return reply(200, { object: 'list', data, has_more: false, url: '/v1/refunds' });
    }
    return reply(404, { error: { type: 'invalid_request_error', message: 'Unknown endpoint' } });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    /** What Stripe does when the customer's card is charged. */
    succeed(id: string) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no intent ${id}`);
      intent.status = 'succeeded';
      return intent;
    },
    /** A payment method that settles later (a bank debit): the intent waits in processing. */
    process(id: string) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no intent ${id}`);
      intent.status = 'processing';
      return intent;
    },
    /**
     * The customer's card confirming the intent on the payment page (Stripe.js): charged, or
     * refused as Stripe refuses an intent that was cancelled or has been charged already.
     */
    confirm(id: string): { status: 'succeeded' } | { error: string } {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no intent ${id}`);
      if (!CANCELABLE.includes(intent.status)) {
        return {
          error: `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
        };
      }
      intent.status = 'succeeded';
      return { status: 'succeeded' };
    },
    /** Stripe keeps an idempotency key for 24 hours: this is the day after. */
    forgetIdempotencyKeys: () => byKey.clear(),
    intent: (id: string) => intents.get(id),
    /** The intents made for one order. */
    intentsOf: (orderId: string) =>
      [...intents.values()].filter((i) => i.metadata.orderId === orderId),
    refundsOf: (id: string) => refunds.filter((r) => r.payment_intent === id),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
