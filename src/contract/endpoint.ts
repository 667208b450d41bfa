import type { z } from 'zod';
import type { ApiScope } from './api-keys.ts';

/**
 * Who may call an endpoint, checked before the request is parsed:
 * - anyone: no sign-in;
 * - user: any signed-in user;
 * - owner: a signed-in user acting on their own object (`owns` says which; the server's shared
 *   guard looks it up before the handler runs);
 * - ownerOrAdmin: the same, or an admin;
 * - admin: admins only;
 * - provider: the payment provider, proven by a signature the route checks.
 */
export type Access = 'anyone' | 'user' | 'owner' | 'ownerOrAdmin' | 'admin' | 'provider';

/**
 * A fixed window shared by every server process, counted per client address or per account.
 * Endpoints naming the same `bucket` draw on one allowance (their rules must then agree);
 * without one, each endpoint counts on its own.
 */
export type RateLimit = { max: number; windowSeconds: number; per: 'ip' | 'user'; bucket?: string };

/** Where an input field is: `params.id`, `body.email`. */
export type Field = `${'params' | 'query' | 'body'}.${string}`;

/**
 * Whose object an `owner` or `ownerOrAdmin` call acts on, looked up once the input is
 * validated and before the handler runs: the account an email field names (`refusal` is the
 * 403's wording when it is another's), or the order an id field names (403 when another
 * customer's, 404 when there is none, unless `missing: 'handler'`, when the handler says what
 * an order that is gone means).
 */
export type Owns = { account: Field; refusal?: string } | { order: Field; missing?: 'handler' };

/**
 * An endpoint that takes a multipart form (an upload) instead of JSON. The server registers it
 * in a scope of its own, the only one that parses multipart, and reads the whole form before
 * the body schema runs: each text field becomes a string and each file an `uploadedFile`
 * (`{ filename, mimetype, bytes }`, src/contract/uploads.ts) held in memory or, with `spool`, a
 * `spooledFile` (`{ filename, mimetype, path, size }`) written to a private folder as it
 * arrives and removed once the answer is sent, so the body schema checks the form as it checks
 * JSON. A file over `maxBytes` is a 413 naming the limit (a 400 with `oversizeIs400`, where the
 * issue that made the endpoint says so: an import's file over 50 MB is one of its "bad files");
 * more than `files` files (1 unless said), or a body that is not a form, is a 400. The name and
 * type a file is sent with are the sender's word: the handler reads what it is from its bytes.
 */
export type Multipart = { maxBytes: number; files?: number; spool?: true; oversizeIs400?: true };

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type Endpoint = {
  method: Method;
  /** The route as Fastify registers it, `:name` for a path parameter. */
  path: `/api/${string}`;
  access: Access;
  /** For `owner` and `ownerOrAdmin`: the object whose owner may call. */
  owns?: Owns;
  tag: string;
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  headers?: z.ZodType;
  /**
   * The success status; 200 unless said (202: accepted, the work goes on as a job; 204: done,
   * no body, and `response` is `noContent`).
   */
  status?: 200 | 201 | 202 | 204;
  /**
   * The status of a call repeating one that took effect before (a quote accepted again): the
   * handler sets it on the reply and answers the same body.
   */
  repeated?: 200;
  response: z.ZodType;
  /**
   * The success answer's media type when it is a file, not JSON: the handler answers its bytes
   * (`response` is then `fileBytes`) or a stream of them (`fileStream`, a CSV export written as
   * it is read), sent as they are, and the OpenAPI document says so.
   */
  produces?: 'application/pdf' | 'text/csv';
  /** Refusals this call can answer besides the ones its access and parameters imply. */
  refusals?: readonly number[];
  rateLimit?: RateLimit;
  /**
   * The scopes an API key (`Authorization: Bearer ecp_…`) may call this endpoint with: a key
   * holding any one of them calls it with an admin's authority, whatever `access` says. No
   * scopes: every key is refused with 403 (what people do through the web app stays theirs).
   * Checked in `onRequest` with the access rule (src/server/http/api-key-guard.ts).
   */
  scopes?: readonly ApiScope[];
  /** Registered only with this payment provider. */
  provider?: 'test' | 'stripe';
  /** The handler receives the exact bytes sent (a signature covers them). */
  rawBody?: true;
  /**
   * Takes a form body (urlencoded or multipart) and reads none of it: what a mail client's
   * one-click unsubscribe (RFC 8058, `List-Unsubscribe=One-Click`) posts.
   */
  ignoresFormBody?: true;
  /** The body is a multipart form with files (see `Multipart`); 413 over its size, or 400. */
  multipart?: Multipart;
  /**
   * An old name kept for one release: the path that replaces it. The OpenAPI document marks it
   * deprecated, and its answers carry `Deprecation: true` and a `Link` to the new path.
   */
  deprecated?: `/api/${string}`;
};

/** Rate-limit windows are in seconds. */
export const MINUTE = 60;
export const HOUR = 60 * MINUTE;

const signedIn: readonly Access[] = ['user', 'owner', 'ownerOrAdmin', 'admin'];

/** Whether the caller must be signed in (any access but `anyone` and `provider`). */
export const needsSignIn = (e: Pick<Endpoint, 'access'>) => signedIn.includes(e.access);

/**
 * Every refusal an endpoint can answer: its own `refusals`, and those its access, input and
 * rate limit imply. The OpenAPI document lists them, and in tests the server refuses (500) to
 * answer any other (src/server/http/register-endpoints.ts).
 */
export function refusalsOf(e: Endpoint) {
  const statuses = new Set<number>(e.refusals ?? []);
  if (e.params || e.query || e.body || e.headers || e.rawBody) statuses.add(400);
  if (needsSignIn(e)) statuses.add(401);
  if (e.access !== 'anyone' && e.access !== 'provider' && e.access !== 'user') statuses.add(403);
  if (e.params || (e.owns && 'order' in e.owns)) statuses.add(404);
  if (e.rateLimit) statuses.add(429);
  if (e.multipart) statuses.add(e.multipart.oversizeIs400 ? 400 : 413);
  // A key can be unknown, revoked or expired (401), lack the scope (403) or be over its limit.
  if (e.scopes?.length) [401, 403, 429].forEach((status) => statuses.add(status));
  return [...statuses].sort((a, b) => a - b);
}

/** Keeps an entry's literal types (method, path, access) while checking its shape. */
export const endpoint = <const E extends Endpoint>(e: E) => e;

type Input<S> = S extends z.ZodType ? z.input<S> : undefined;
type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a caller sends: path parameters, query and body, as the schemas accept them. */
export type CallInput<E extends Endpoint> = {
  params: Input<E['params']>;
  query: Input<E['query']>;
  body: Input<E['body']>;
  headers: Input<E['headers']>;
};

/** What a handler receives once the schemas have parsed the request. */
export type ParsedInput<E extends Endpoint> = {
  params: Output<E['params']>;
  query: Output<E['query']>;
  body: Output<E['body']>;
  headers: Output<E['headers']>;
};

export type CallResult<E extends Endpoint> = z.output<E['response']>;
