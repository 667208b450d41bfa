import type { z } from 'zod';

/**
 * Who may call an endpoint, checked before the request is parsed:
 * - anyone: no sign-in;
 * - user: any signed-in user;
 * - owner: a signed-in user acting on their own object (the service checks whose it is);
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

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type Endpoint = {
  method: Method;
  /** The route as Fastify registers it, `:name` for a path parameter. */
  path: `/api/${string}`;
  access: Access;
  tag: string;
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  headers?: z.ZodType;
  /** The success status; 200 unless said. */
  status?: 200 | 201;
  response: z.ZodType;
  /** Refusals this call can answer besides the ones its access and parameters imply. */
  refusals?: readonly number[];
  rateLimit?: RateLimit;
  /** Registered only with this payment provider. */
  provider?: 'test' | 'stripe';
  /** The handler receives the exact bytes sent (a signature covers them). */
  rawBody?: true;
};

/** Rate-limit windows are in seconds. */
export const MINUTE = 60;
export const HOUR = 60 * MINUTE;

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
