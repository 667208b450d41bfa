import { expect } from 'vitest';
import type { z } from 'zod';
import type { ErrorBody } from '../../src/contract/common.ts';
import type { CallResult, Endpoint } from '../../src/contract/endpoint.ts';
import type { EndpointOf, Route } from '../../src/contract/endpoints.ts';
import type { App } from '../../src/server/app.ts';
import { ORIGIN } from './auth.ts';

/** Who sends a request: a signed-in test user's cookie (from signUp), or an access token. */
export type Sender = { cookie?: string; token?: string; ip?: string };

/** No required keys: `Empty extends T` holds when every field of T is optional. */
type Empty = Record<never, never>;

// Path parameters are required as the route needs them; query and body are typed when given.
type Params<S> = S extends z.ZodType
  ? Empty extends z.input<S>
    ? { params?: z.input<S> }
    : { params: z.input<S> }
  : { params?: never };
type Optional<K extends string, S> = { [P in K]?: S extends z.ZodType ? z.input<S> : never };

type InjectOptions<E extends Endpoint> = Params<E['params']> &
  Optional<'query', E['query']> &
  Optional<'body', E['body']> & {
    as?: Sender | undefined;
    headers?: Record<string, string>;
    /** Sent as it is, unchecked: for what the schema refuses (a malformed or hostile body). */
    payload?: unknown;
  };

type Response = Awaited<ReturnType<App['inject']>>;

/**
 * The light-my-request response, its `json()` typed by the endpoint's answer unless told; a
 * refusal's `{error, message}` may stand in its place, as tests read both.
 */
export type TypedResponse<E extends Endpoint> = Omit<Response, 'json'> & {
  json<T = CallResult<E> & Partial<ErrorBody>>(): T;
};

/**
 * Sends one call of the endpoint table, named as the web's `call()` names it, through
 * `app.inject`: the URL is built from the route and its params, the sender's cookie rides along
 * with the shop's own Origin (as its pages send it), and the answer is typed by the table.
 */
export function inject<R extends Route>(
  app: App,
  route: R,
  ...options: Empty extends InjectOptions<EndpointOf<R>>
    ? [options?: InjectOptions<EndpointOf<R>>]
    : [options: InjectOptions<EndpointOf<R>>]
): Promise<TypedResponse<EndpointOf<R>>>;
export function inject(app: App, route: string, options: AnyOptions = {}) {
  const [method = 'GET', pattern = ''] = route.split(' ');
  const { params, query, body, payload, as: who, headers } = options;
  const path = pattern.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(String(params?.[name] ?? '')),
  );
  const sent = payload ?? body;
  return app.inject({
    method: method as 'GET',
    url: `${path}${queryString(query)}`,
    ...(sent === undefined ? {} : { payload: sent as object }),
    ...(who?.ip ? { remoteAddress: who.ip } : {}),
    headers: {
      origin: ORIGIN,
      ...(who?.cookie ? { cookie: who.cookie } : {}),
      ...(who?.token ? { authorization: `Bearer ${who.token}` } : {}),
      ...headers,
    },
  });
}

/** One call written as data, `['GET /api/users', { query }]`, for tests that walk a list of them. */
export type Call = {
  [R in Route]: Empty extends InjectOptions<EndpointOf<R>>
    ? [R, InjectOptions<EndpointOf<R>>?]
    : [R, InjectOptions<EndpointOf<R>>];
}[Route];

/** Sends a call of such a list, as `who` when given. */
export const injectCall = (app: App, [route, options]: Call, who?: Sender) =>
  inject(app, route as string as 'GET /api/health', { ...(options as object), as: who });

/** Better Auth's own routes (/api/auth/*), outside the endpoint table, sent the same way. */
export const injectAuth = (
  app: App,
  route: `${'GET' | 'POST'} /api/auth/${string}`,
  options: { body?: object; as?: Sender | undefined; headers?: Record<string, string> } = {},
) => inject(app, route as string as 'GET /api/health', options as object);

/** The message of a refusal, once its status is the one expected (the body shows if not). */
export function refusalOf(res: Pick<Response, 'statusCode' | 'body' | 'json'>, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  return res.json<ErrorBody>().message;
}

type AnyOptions = {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  payload?: unknown;
  as?: Sender | undefined;
  headers?: Record<string, string>;
};

function queryString(query: Record<string, unknown> | undefined) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
