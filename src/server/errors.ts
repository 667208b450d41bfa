import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from './db/unavailable.ts';

const statusByKind = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  payment_failed: 402,
  not_found: 404,
  // 409s of their own word: the number an admin edited (a stock, a price) has moved since they
  // saw it, and a reload (not a different value) is the way on. Before `conflict`, which other 409s map to.
  stock_changed: 409,
  price_changed: 409,
  conflict: 409,
  payload_too_large: 413,
  rate_limited: 429,
  unavailable: 503,
} as const;

export type ErrorKind = keyof typeof statusByKind;

/** A failure the client should hear about; anything else becomes a bare 500. */
export class AppError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    /** Sent as Retry-After: when trying again makes sense (rate limits, outages). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
  get status() {
    return statusByKind[this.kind];
  }
}

/** What every request answers while the database cannot be reached. */
export const DATABASE_UNAVAILABLE = {
  error: 'unavailable',
  message: 'The shop is briefly unavailable. Please try again in a moment.',
} as const;

export const notFound = (what: string) => new AppError('not_found', `${what} not found`);

const kindByStatus = new Map<number, string>(
  Object.entries(statusByKind).map(([kind, status]) => [status, kind]),
);

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      if (err.retryAfterSeconds) void reply.header('retry-after', String(err.retryAfterSeconds));
      return reply.status(err.status).send({ error: err.kind, message: err.message });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const where = err.validationContext === 'body' ? '' : `${err.validationContext} `;
      const message = first
        ? `${field ? `${where}${field}: ` : ''}${first.message}`
        : 'The request is not valid';
      return reply.status(400).send({ error: 'bad_request', message });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply
        .status(status)
        .send({ error: kindByStatus.get(status) ?? 'bad_request', message: err.message });
    }
    if (isDatabaseUnavailable(err)) {
      // The query text and parameters stay in the log; the client only learns to retry.
      request.log.error({ err }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send(DATABASE_UNAVAILABLE);
    }
    request.log.error({ err }, 'unhandled error');
    return reply
      .status(500)
      .send({ error: 'internal', message: 'Something went wrong on our side. Please try again.' });
  });
}
