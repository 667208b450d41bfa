import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Endpoint, ParsedInput } from '../../contract/endpoint.ts';
import type { EndpointName, Endpoints } from '../../contract/endpoints.ts';
import type { CurrentUser } from '../auth/current-user.ts';

/** Who is calling: nobody is asked on public and provider calls, a signed-in user on the rest. */
type Caller<E extends Endpoint> = E['access'] extends 'anyone' | 'provider'
  ? { user?: undefined }
  : { user: CurrentUser };

export type HandlerContext<E extends Endpoint> = ParsedInput<E> &
  Caller<E> & { request: FastifyRequest; reply: FastifyReply };

/** Validated input in, the response body out; the status comes from the endpoint table. */
export type Handler<E extends Endpoint> = (
  context: HandlerContext<E>,
) => Promise<z.input<E['response']>> | z.input<E['response']>;

/** The handlers a feature provides, one per endpoint it serves. */
export type Handlers<K extends EndpointName> = { [P in K]: Handler<Endpoints[P]> };
