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

async function formBody(request: IncomingMessage) {
  let raw = '';
  for await (const chunk of request) raw += String(chunk);
  return new URLSearchParams(raw);
}

/**
 * The few Stripe endpoints our adapter calls, enough to run the real SDK offline: create and
 * retrieve PaymentIntents, with idempotency keys honoured as Stripe does.
 */
export async function startFakeStripe() {
  const intents = new Map<string, Intent>();
  const byKey = new Map<string, Intent>();
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
        metadata: { orderId: form.get('metadata[orderId]') ?? '' },
      };
      intents.set(id, intent);
      if (idempotencyKey) byKey.set(idempotencyKey, intent);
      return reply(200, intent);
    }
    const match = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && match) {
      const intent = intents.get(match[1] ?? '');
      if (intent) return reply(200, intent);
      return reply(404, {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: 'No such payment_intent',
        },
      });
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
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
