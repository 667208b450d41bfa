import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/**
 * One JSON line per request, written once its answer has gone out: method, URL, status, time
 * taken (ms), the client's address, and Fastify's `reqId`, which the error lines of the same
 * request carry too. Fastify's default writes two (`incoming request` and `request completed`),
 * and the log was the largest cost per request of `GET /api/tools` (bench/README.md, "API
 * overhead"). Under LOG_LEVEL=debug (or trace) the `incoming request` line comes back, at
 * debug: it shows a request that has arrived and not finished (the fault tests count them).
 *
 * A LogController (Fastify's own place for its request lines, which it calls anyway) rather
 * than an `onResponse` hook: no hook to run, and stream errors are still logged as Fastify does.
 */
export class RequestLog extends LogController {
  constructor(private readonly logsIncoming: boolean) {
    super();
  }

  override incomingRequest(request: FastifyRequest) {
    if (this.logsIncoming) {
      request.log.debug({ method: request.method, url: request.url }, 'incoming request');
    }
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const line = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      responseTime: reply.elapsedTime,
      remoteAddress: request.ip,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/** Fastify's logging options: none at all for LOG_LEVEL=silent. */
export function loggerOptions(level: Config['logLevel']) {
  if (level === 'silent') return { logger: false } as const;
  return {
    logger: { level },
    logController: new RequestLog(level === 'debug' || level === 'trace'),
  };
}
