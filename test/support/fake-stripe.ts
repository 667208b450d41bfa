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
  customer?: string | null;
  payment_method?: string | null;
  setup_future_usage?: string | null;
};

/** A card as Stripe keeps it; `declines`/`authenticates`: how the fake's bank treats it later. */
type Method = {
  id: string;
  object: 'payment_method';
  type: 'card';
  customer: string | null;
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
  declines?: string;
  authenticates?: boolean;
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
  const methods = new Map<string, Method>();
  const customerByKey = new Map<string, string>();

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
      if (!intent) return missing();
      // The SDK sends `expand[0]=payment_method`.
      const expand = [...url.searchParams].some(
        ([key, value]) => key.startsWith('expand') && value === 'payment_method',
      );
      const method = intent.payment_method ? methods.get(intent.payment_method) : undefined;
      return reply(200, expand && method ? { ...intent, payment_method: method } : intent);
    }
    if (request.method === 'POST' && match) {
      const intent = intents.get(match[1] ?? '');
      if (!intent) return missing();
      const form = await formBody(request);
      if (form.has('customer')) intent.customer = form.get('customer');
      return reply(200, intent);
    }
    const confirm = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(url.pathname);
    if (request.method === 'POST' && confirm) {
      const intent = intents.get(confirm[1] ?? '');
      if (!intent) return missing();
      const form = await formBody(request);
      const method = methods.get(form.get('payment_method') ?? '');
      if (!method || method.customer !== intent.customer) {
        return wrongState('resource_missing', 'No such PaymentMethod for this customer');
      }
      intent.payment_method = method.id;
      if (method.declines) {
        intent.status = 'requires_payment_method';
        return reply(402, {
          error: { type: 'card_error', code: 'card_declined', message: method.declines },
        });
      }
      intent.status = method.authenticates ? 'requires_action' : 'succeeded';
      return reply(200, intent);
    }
    if (request.method === 'POST' && url.pathname === '/v1/customers') {
      const known = idempotencyKey ? customerByKey.get(idempotencyKey) : undefined;
      const id = known ?? `cus_${randomBytes(8).toString('hex')}`;
      if (idempotencyKey) customerByKey.set(idempotencyKey, id);
      return reply(200, { id, object: 'customer' });
    }
    const method = /^\/v1\/payment_methods\/([^/]+)(\/attach|\/detach)?$/.exec(url.pathname);
    if (method) {
      const found = methods.get(method[1] ?? '');
      if (!found) return missing();
      if (method[2] === '/attach') found.customer = (await formBody(request)).get('customer');
      if (method[2] === '/detach') found.customer = null;
      return reply(200, found);
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
    /**
     * Stripe.js confirming the intent with a new card the buyer asked to keep
     * (`setup_future_usage`): charged, its PaymentMethod noted on the intent.
     */
    confirmKeeping(id: string, card: Partial<Pick<Method, 'declines' | 'authenticates'>> = {}) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no intent ${id}`);
      const pm: Method = {
        id: `pm_${randomBytes(12).toString('hex')}`,
        object: 'payment_method',
        type: 'card',
        customer: null,
        card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 },
        ...card,
      };
      methods.set(pm.id, pm);
      Object.assign(intent, {
        status: 'succeeded',
        payment_method: pm.id,
        setup_future_usage: 'on_session',
      });
      return pm;
    },
    method: (id: string) => methods.get(id),
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
