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
 * How `call` is answered while the server renders a page: in-process, by the endpoint's own
 * handler (src/server/ssr/page-calls.ts), never over HTTP. Throws an ApiError as `request` does.
 */
export type CallTransport = (
  route: string,
  input: { params?: Record<string, unknown>; query?: Record<string, unknown> },
) => Promise<unknown>;

let transport: CallTransport | undefined;

/** Set once by the server's render entry; the browser never sets it. */
export function answerCallsWith(next: CallTransport) {
  transport = next;
}

/** Our API answers `{error, message}`; Better Auth (at /api/auth) answers `{code, message}`. */
type ErrorLike = { error?: unknown; code?: unknown; message?: unknown };

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

type Options = {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

/**
 * Calls one endpoint of the table by its "METHOD /api/path" name: path parameters, query and
 * body are typed by its schemas, and so is the answer. Only the table's types are imported, so
 * neither zod nor the schemas reach the browser.
 */
/** No required keys: `Empty extends T` holds when every field of T is optional. */
type Empty = Record<never, never>;

export function call<R extends Route>(
  route: R,
  ...options: Empty extends CallOptions<EndpointOf<R>>
    ? [options?: CallOptions<EndpointOf<R>>]
    : [options: CallOptions<EndpointOf<R>>]
): Promise<z.output<EndpointOf<R>['response']>>;
export function call(route: string, options: AnyCallOptions = {}) {
  const [method = 'GET', pattern = ''] = route.split(' ');
  const { params, query, body, headers, signal } = options;
  if (transport) return transport(route, { params, query });
  const path = pattern.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(String(params?.[name] ?? '')),
  );
  return request(`${path}${queryString(query)}`, { method, body, headers, signal });
}

/** Better Auth's own calls (/api/auth/*), which are not in the endpoint table. */
export const authApi = <T>(path: `/auth/${string}`, options: Options = {}) =>
  request<T>(`/api${path}`, options);

// A part the schema can do without (all its fields optional) may be left out of the call.
type Part<K extends string, S> = S extends z.ZodType
  ? Empty extends z.input<S>
    ? { [P in K]?: z.input<S> }
    : { [P in K]: z.input<S> }
  : { [P in K]?: never };

type CallOptions<E extends Endpoint> = Part<'params', E['params']> &
  Part<'query', E['query']> &
  Part<'body', E['body']> & { headers?: Record<string, string>; signal?: AbortSignal };

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

async function request<T>(url: string, { method = 'GET', body, headers, signal }: Options = {}) {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      signal,
      credentials: 'same-origin',
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
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
