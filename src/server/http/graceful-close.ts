import type { FastifyInstance } from 'fastify';

/**
 * Lets `app.close()` finish once the in-flight requests have. Node closes the connections that
 * are idle when closing starts, and Fastify answers a request that arrives afterwards with a 503
 * and `Connection: close`; but a keep-alive connection busy with a request that arrived before
 * stays open after its response and holds the close until the client lets go. So once closing
 * has begun, every response tells the client to close the connection. A callback-style hook:
 * an async one costs a promise per request.
 */
export function registerGracefulClose(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) void reply.header('connection', 'close');
    done(null, payload);
  });
}
