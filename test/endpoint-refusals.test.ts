import { tmpdir } from 'node:os';
import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { refusalsOf, type Endpoint } from '../src/contract/endpoint.ts';
import { endpoints } from '../src/contract/endpoints.ts';
import type { Guards } from '../src/server/auth/guards.ts';
import type { Db } from '../src/server/db/client.ts';
import { AppError, registerErrorHandler } from '../src/server/errors.ts';
import { registerEndpoints, type EndpointHandlers } from '../src/server/http/register-endpoints.ts';

// Issue 21: every status a handler can answer is in its entry's refusals, which the OpenAPI
// document and the security matrix read. A handler answering another is caught in tests.

const nobody: Guards = {
  currentUser: async () => null,
  requireUser: async () => {
    throw new AppError('unauthorized', 'Please log in to continue.');
  },
  requireAdmin: async () => {
    throw new AppError('unauthorized', 'Please log in to continue.');
  },
  actAs: () => undefined,
};

/** The whole table served by one handler that throws `refusal` (a public call is asked). */
async function serverWhoseHandlersRefuse(refusal: AppError, mode: 'fail' | 'log') {
  const logged: string[] = [];
  const app = Fastify({
    logger: {
      level: 'error',
      stream: { write: (line: string) => void logged.push(line) },
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  const refuse = () => {
    throw refusal;
  };
  await registerEndpoints(app, {
    handlers: new Proxy({} as EndpointHandlers, { get: () => refuse }),
    guards: nobody,
    owners: { order: async () => undefined },
    db: {} as Db,
    paymentProvider: 'test',
    undeclaredRefusal: mode,
    uploadsDir: tmpdir(),
  });
  return { app, logged };
}

describe('a refusal its endpoint entry does not declare', () => {
  it('answers 500 naming the endpoint in tests, so the test that meets it fails', async () => {
    // GET /api/site-config declares no refusal at all.
    const { app } = await serverWhoseHandlersRefuse(new AppError('conflict', 'Taken'), 'fail');
    const res = await app.inject({ method: 'GET', url: '/api/site-config' });
    expect(res.statusCode).toBe(500);
    await app.close();
  });

  it('is answered as it is elsewhere, and logged as the table’s mistake', async () => {
    const { app, logged } = await serverWhoseHandlersRefuse(
      new AppError('conflict', 'Taken'),
      'log',
    );
    const res = await app.inject({ method: 'GET', url: '/api/site-config' });
    expect(res.statusCode).toBe(409);
    expect(logged.join('')).toContain('siteConfig answered 409 (conflict)');
    await app.close();
  });

  it('passes a refusal the entry declares unchanged', async () => {
    // GET /api/tools/:id implies 404 by its path parameter.
    const { app } = await serverWhoseHandlersRefuse(new AppError('not_found', 'Gone'), 'fail');
    const res = await app.inject({
      method: 'GET',
      url: '/api/tools/00000000-0000-4000-8000-000000000000',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'Gone' });
    await app.close();
  });
});

describe('the endpoint table', () => {
  const table = Object.entries(endpoints) as [string, Endpoint][];

  it('says what every owner and ownerOrAdmin endpoint owns, for the shared guard to look up', () => {
    const owned = table.filter(([, e]) => e.access === 'owner' || e.access === 'ownerOrAdmin');
    expect(owned.length).toBeGreaterThan(0);
    expect(owned.filter(([, e]) => !e.owns).map(([name]) => name)).toEqual([]);
  });

  it('declares the refusals placing an order, checking out and paying can answer', () => {
    // An unknown product (404), an order over the total cap (400), an unknown order (404).
    expect(refusalsOf(endpoints.placeOrder)).toContain(404);
    expect(refusalsOf(endpoints.checkout)).toContain(400);
    expect(refusalsOf(endpoints.createPaymentIntent)).toContain(404);
    expect(refusalsOf(endpoints.confirmTestCard)).toContain(404);
    expect(refusalsOf(endpoints.addTool)).toContain(409);
  });
});
