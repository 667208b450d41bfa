import type { z } from 'zod';
import type { Endpoint } from '../../contract/endpoint.ts';
import type { EndpointOf, Route } from '../../contract/endpoints.ts';

/** An API failure carrying the server's own sentence, ready to show to the user. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * How a request leaves: the browser's fetch, or on the server the app's own routes in-process
 * (src/server/ssr/in-process.ts), with the visitor's cookie. Both answer a fetch Response.
 */
export type Send = (url: string, init: RequestInit) => Promise<Response>;

/** Our API answers `{error, message}`; Better Auth (at /api/auth) answers `{code, message}`. */
type ErrorLike = { error?: unknown; code?: unknown; message?: unknown };

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

type Options = {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

/** No required keys: `Empty extends T` holds when every field of T is optional. */
type Empty = Record<never, never>;

/**
 * Calls one endpoint of the table by its "METHOD /api/path" name: path parameters, query and
 * body are typed by its schemas, and so is the answer. Only the table's types are imported, so
 * neither zod nor the schemas reach the browser.
 */
export type Call = <R extends Route>(
  route: R,
  ...options: Empty extends CallOptions<EndpointOf<R>>
    ? [options?: CallOptions<EndpointOf<R>>]
    : [options: CallOptions<EndpointOf<R>>]
) => Promise<z.output<EndpointOf<R>['response']>>;

/** Better Auth's own calls (/api/auth/*), which are not in the endpoint table. */
export type AuthApi = <T>(path: `/auth/${string}`, options?: Options) => Promise<T>;

/** `call` and `authApi` over one way of sending: the browser's, or the server's per request. */
export function apiThrough(send: Send): { call: Call; authApi: AuthApi } {
  const call = (route: string, options: AnyCallOptions = {}) => {
    const [method = 'GET', pattern = ''] = route.split(' ');
    const { params, query, body, headers, signal } = options;
    const path = pattern.replace(/:(\w+)/g, (_, name: string) =>
      encodeURIComponent(String(params?.[name] ?? '')),
    );
    return request(send, `${path}${queryString(query)}`, { method, body, headers, signal });
  };
  const authApi = <T>(path: `/auth/${string}`, options: Options = {}) =>
    request<T>(send, `/api${path}`, options);
  return { call: call as Call, authApi };
}

const browser = apiThrough((url, init) => fetch(url, { ...init, credentials: 'same-origin' }));

/** The browser's calls. A loader or action uses its page's own (lib/page-context.ts). */
export const call: Call = browser.call;
export const authApi: AuthApi = browser.authApi;

// A part the schema can do without (all its fields optional) may be left out of the call.
type Part<K extends string, S> = S extends z.ZodType
  ? Empty extends z.input<S>
    ? { [P in K]?: z.input<S> }
    : { [P in K]: z.input<S> }
  : { [P in K]?: never };

/** An upload's body (its entry says `multipart`) is the form itself, sent as the browser makes it. */
type BodyPart<E extends Endpoint> = E extends { multipart: object }
  ? { body: FormData }
  : Part<'body', E['body']>;

type CallOptions<E extends Endpoint> = Part<'params', E['params']> &
  Part<'query', E['query']> &
  BodyPart<E> & { headers?: Record<string, string>; signal?: AbortSignal };

type AnyCallOptions = {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

/** `?a=1&b=x`, leaving out what is empty, so defaults stay the server's. */
function queryString(query: Record<string, unknown> | undefined) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

const isForm = (body: unknown): body is FormData =>
  typeof FormData !== 'undefined' && body instanceof FormData;

async function request<T>(
  send: Send,
  url: string,
  { method = 'GET', body, headers, signal }: Options = {},
) {
  let response: Response;
  try {
    response = await send(url, {
      method,
      signal,
      // A form goes as it is: the browser writes its multipart type and boundary.
      headers: {
        ...(body === undefined || isForm(body) ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : isForm(body) ? body : JSON.stringify(body),
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError(0, 'network', 'Network error: please check your connection and try again.');
  }
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const e = (data ?? {}) as ErrorLike;
    throw new ApiError(
      response.status,
      text(e.error) ?? text(e.code) ?? 'http_error',
      text(e.message) ?? `Request failed (${response.status})`,
    );
  }
  return data as T;
}
