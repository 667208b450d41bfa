import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import { z } from 'zod';
import { errorBody } from '../../contract/common.ts';
import {
  needsSignIn,
  refusalsOf,
  type Access,
  type Endpoint,
  type RateLimit,
} from '../../contract/endpoint.ts';
import { endpoints, type EndpointName } from '../../contract/endpoints.ts';
import type { Guards } from '../auth/guards.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { apiKeyGuard, type ApiKeyOptions } from './api-key-guard.ts';
import { ownerGuard, type OwnerLookups } from './owner-guard.ts';
import { countHits, rateLimited } from './rate-limit.ts';
import type { Handler } from './handler.ts';
import { keepRawJsonBodies } from './json-body.ts';
import { acceptMultipart, readMultipartBody } from './multipart-body.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The endpoint table's name of the route; routes without one are refused under /api. */
    endpoint?: string;
  }
}

/** The endpoints registered only with one payment provider: their handlers come with it. */
type ProviderOnly = {
  [K in EndpointName]: (typeof endpoints)[K] extends { provider: string } ? K : never;
}[EndpointName];

/**
 * Every endpoint's handler: one missing is a type error where the app wires them. Only a
 * payment provider's own endpoints may be left out, by an app that runs another provider.
 */
export type EndpointHandlers = {
  [K in Exclude<EndpointName, ProviderOnly>]: Handler<(typeof endpoints)[K]>;
} & { [K in ProviderOnly]?: Handler<(typeof endpoints)[K]> };

type Options = {
  handlers: EndpointHandlers;
  guards: Guards;
  /** Who owns each kind of object an `owner` or `ownerOrAdmin` entry `owns`. */
  owners: OwnerLookups;
  db: Db;
  paymentProvider: 'test' | 'stripe';
  /**
   * What a handler answering a refusal its entry does not declare gets: `fail` (tests) turns it
   * into a 500 that names it, `log` (elsewhere) answers it and logs an error.
   */
  undeclaredRefusal: 'fail' | 'log';
  /** Limits the operator set in the configuration, in place of the table's. */
  rateLimitMax?: { [K in EndpointName]?: number };
  /** How calls with an API key are checked; without it, keys are not looked at. */
  apiKeys?: ApiKeyOptions;
  /** Where a `spool` entry's files are written while their call runs (private, in DATA_DIR). */
  uploadsDir: string;
};

/** How the OpenAPI document describes a file answer (its bytes cannot be a JSON schema). */
const FILE_IN_DOCS = z.string().meta({ format: 'binary' });

/** The Content-Type a file answer is sent with: text says its character set. */
const MEDIA_TYPE: Record<NonNullable<Endpoint['produces']>, string> = {
  'application/pdf': 'application/pdf',
  'text/csv': 'text/csv; charset=utf-8',
};

const ACCESS_TEXT: Record<Access, string> = {
  anyone: 'anyone',
  user: 'any signed-in user',
  owner: 'the signed-in owner',
  ownerOrAdmin: 'the signed-in owner or an admin',
  admin: 'admins',
  provider: 'the payment provider (signed)',
};

/**
 * Registers every route of the endpoint table. Who may call is checked in `onRequest`, before
 * the body is read or any schema runs, and so is the endpoint's rate limit; then the schemas
 * validate, the handler runs and the response schema serialises.
 */
export async function registerEndpoints(app: FastifyInstance, options: Options) {
  const { handlers, guards, owners, db, paymentProvider, rateLimitMax = {} } = options;
  const { undeclaredRefusal, apiKeys } = options;
  const guardOf: Partial<Record<Access, (request: FastifyRequest) => Promise<unknown>>> = {
    user: guards.requireUser,
    owner: guards.requireUser,
    ownerOrAdmin: guards.requireUser,
    admin: guards.requireAdmin,
  };

  const routes = (Object.entries(endpoints) as [EndpointName, Endpoint][]).filter(
    ([, e]) => !e.provider || e.provider === paymentProvider,
  );
  const limitOf = (name: EndpointName, e: Endpoint) =>
    e.rateLimit && { ...e.rateLimit, max: rateLimitMax[name] ?? e.rateLimit.max };
  const buckets = bucketsOf(routes.map(([name, e]) => [name, limitOf(name, e)] as const));
  // The webhook's signature covers the exact bytes, so its routes get their body unparsed.
  const raw = routes.filter(([, e]) => e.rawBody);
  // Uploads: only their routes parse multipart forms (multipart-body.ts).
  const forms = routes.filter(([, e]) => e.multipart);
  // A mail client's one-click unsubscribe (RFC 8058) posts a form nobody needs to read.
  const oneClick = routes.filter(([, e]) => e.ignoresFormBody);
  const parsed = routes.filter(([, e]) => !e.rawBody && !e.multipart && !e.ignoresFormBody);

  const register = (instance: FastifyInstance, [name, e]: [EndpointName, Endpoint]) => {
    const handler = handlers[name] as Handler<Endpoint> | undefined;
    if (!handler) throw new Error(`No handler for the endpoint ${name} (${e.method} ${e.path})`);
    const onRequest: onRequestHookHandler[] = [];
    // First: an API key is judged by the entry's scopes, and then acts as an admin.
    if (apiKeys) onRequest.push(apiKeyGuard(db, guards, e, apiKeys));
    const guard = guardOf[e.access];
    if (guard) onRequest.push(async (request) => void (await guard(request)));
    const limit = limitOf(name, e);
    if (limit) onRequest.push(rateLimitHook(db, guards, e, limit));
    const preHandler: preHandlerHookHandler[] = [];
    if (e.access === 'owner' || e.access === 'ownerOrAdmin') {
      if (!e.owns) throw new Error(`The ${e.access} endpoint ${name} does not say what it owns`);
      preHandler.push(ownerGuard({ ...e, owns: e.owns }, guards, owners));
    }
    const declared = new Set(refusalsOf(e));
    /** A refusal the entry does not declare is the table's mistake: said loudly, not passed on. */
    const checked = (request: FastifyRequest, err: unknown) => {
      if (!(err instanceof AppError) || declared.has(err.status)) return err;
      const said = `${name} answered ${err.status} (${err.kind}), which its endpoint entry does not declare`;
      if (undeclaredRefusal === 'fail') return new Error(`${said}: ${err.message}`);
      request.log.error({ err }, said);
      return err;
    };
    const guarded = preHandler.map(
      (hook): preHandlerHookHandler =>
        async function (request, reply) {
          try {
            await (hook as (r: FastifyRequest, p: FastifyReply) => Promise<void>).call(
              this,
              request,
              reply,
            );
          } catch (err) {
            throw checked(request, err);
          }
        },
    );
    const sharedWith = limit?.bucket ? buckets.get(limit.bucket)?.filter((n) => n !== name) : [];
    instance.route({
      method: e.method,
      url: e.path,
      config: { endpoint: name },
      ...(e.multipart ? { preValidation: readMultipartBody(e.multipart, options.uploadsDir) } : {}),
      schema: {
        ...(e.multipart ? { consumes: ['multipart/form-data'] } : {}),
        operationId: name,
        tags: [e.tag],
        summary: e.summary,
        description: `Who may call: ${ACCESS_TEXT[e.access]}.${scopesText(e)}${
          limit
            ? ` At most ${limit.max} calls per ${limit.windowSeconds} s per ${limit.per === 'ip' ? 'client address' : 'account'}${sharedWith?.length ? `, counted together with ${sharedWith.join(', ')}` : ''}.`
            : ''
        }`,
        ...securityOf(e),
        ...(e.deprecated ? { deprecated: true } : {}),
        ...(e.params ? { params: e.params } : {}),
        ...(e.query ? { querystring: e.query } : {}),
        ...(e.body ? { body: e.body } : {}),
        ...(e.headers ? { headers: e.headers } : {}),
        response: {
          [e.status ?? 200]: e.produces
            ? { content: { [e.produces]: { schema: FILE_IN_DOCS } } }
            : e.response,
          ...(e.repeated ? { [e.repeated]: e.response } : {}),
          ...Object.fromEntries(refusalsOf(e).map((status) => [status, errorBody])),
        },
      },
      onRequest,
      preHandler: guarded,
      async handler(request: FastifyRequest, reply: FastifyReply) {
        const user = needsSignIn(e) ? await guards.currentUser(request) : undefined;
        let body: unknown;
        // Set first so that a handler can only say `repeated` by setting it.
        void reply.status(e.status ?? 200);
        if (e.deprecated) sayDeprecated(reply, e.deprecated, request.params);
        try {
          body = await handler({
            params: request.params,
            query: request.query,
            body: request.body,
            headers: request.headers,
            user,
            request,
            reply,
          } as never);
        } catch (err) {
          throw checked(request, err);
        }
        // A file's bytes go out as they are: Fastify serialises no Buffer, and pipes a stream.
        if (e.produces) void reply.type(MEDIA_TYPE[e.produces]);
        // No content: nothing to serialise, and nothing is sent.
        if (e.status === 204) return reply.status(204).send();
        const repeated = e.repeated !== undefined && reply.statusCode === e.repeated;
        return reply.status(repeated ? reply.statusCode : (e.status ?? 200)).send(body);
      },
    });
  };

  for (const route of parsed) register(app, route);
  if (raw.length > 0) {
    await app.register(async (scope) => {
      keepRawJsonBodies(scope);
      for (const route of raw) register(scope, route);
    });
  }
  if (oneClick.length > 0) {
    await app.register(async (scope) => {
      const ignore = (_request: unknown, _body: unknown, done: (e: null, b: undefined) => void) =>
        done(null, undefined);
      scope.addContentTypeParser('application/x-www-form-urlencoded', ignore);
      scope.addContentTypeParser('multipart/form-data', ignore);
      for (const route of oneClick) register(scope, route);
    });
  }
  if (forms.length > 0) {
    await app.register(async (scope) => {
      await acceptMultipart(scope);
      for (const route of forms) register(scope, route);
    });
  }
}

/** What the OpenAPI description says of API keys: only an entry with scopes lets them in. */
const scopesText = (e: Endpoint) =>
  e.scopes?.length
    ? ` An API key may call it with the scope ${e.scopes.join(' or ')}, acting as an admin.`
    : '';

/**
 * The OpenAPI security requirements: a session or an accessToken where sign-in is needed, and
 * an API key with its scopes where the entry names some (a public read stays open: `{}`).
 */
function securityOf(e: Endpoint): { security?: Record<string, string[]>[] } {
  const key = e.scopes?.length ? [{ apiKey: [...e.scopes] }] : [];
  if (needsSignIn(e)) return { security: [{ session: [] }, { bearer: [] }, ...key] };
  return key.length > 0 ? { security: [{}, ...key] } : {};
}

/** An old path's answers name the new one (RFC 9745's Deprecation, RFC 8288's Link). */
function sayDeprecated(reply: FastifyReply, successor: string, params: unknown) {
  const values = (params ?? {}) as Record<string, string>;
  const path = successor.replace(/:(\w+)/g, (_, key: string) =>
    encodeURIComponent(values[key] ?? ''),
  );
  void reply.header('deprecation', 'true').header('link', `<${path}>; rel="successor-version"`);
}

/**
 * Refuses, when the server starts, any /api route that does not come from the endpoint table:
 * a call exists in one place or not at all. Better Auth's /api/auth/* and the API docs aside.
 */
export function refuseRoutesOutsideTable(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const { url } = route;
    if (!url.startsWith('/api/') && url !== '/api') return;
    if (url.startsWith('/api/auth/') || url === '/api/docs' || url.startsWith('/api/docs/')) {
      return;
    }
    if (route.config?.endpoint) return;
    throw new Error(`${String(route.method)} ${url} is not in the endpoint table (src/contract)`);
  });
}

/**
 * The endpoints drawing on each shared allowance. Their rules must agree (after the
 * configuration's overrides), or one of them would be counted against another's ceiling.
 */
function bucketsOf(limits: readonly (readonly [EndpointName, RateLimit | undefined])[]) {
  const buckets = new Map<string, EndpointName[]>();
  const ruleOf = new Map<string, string>();
  for (const [name, limit] of limits) {
    if (!limit?.bucket) continue;
    const rule = `${limit.max}/${limit.windowSeconds}s per ${limit.per}`;
    const first = ruleOf.get(limit.bucket);
    if (first !== undefined && first !== rule) {
      throw new Error(
        `The rate-limit bucket ${limit.bucket} has two rules: ${first} and ${rule} (${name})`,
      );
    }
    ruleOf.set(limit.bucket, rule);
    buckets.set(limit.bucket, [...(buckets.get(limit.bucket) ?? []), name]);
  }
  return buckets;
}

/**
 * Counted per account or per client address, in the database, against the endpoint's bucket
 * when it names one (an allowance several endpoints share), else against its route pattern.
 */
function rateLimitHook(db: Db, guards: Guards, e: Endpoint, rule: RateLimit): onRequestHookHandler {
  const bucket = rule.bucket ?? `${e.method} ${e.path}`;
  return async (request) => {
    const who =
      rule.per === 'user' ? `user:${(await guards.currentUser(request))?.id}` : `ip:${request.ip}`;
    const verdict = await countHits(db, [{ bucket, who, rule }]);
    if (!verdict.allowed) throw rateLimited(verdict.retryAfterSeconds);
  };
}
