import type { FastifyInstance } from 'fastify';

/**
 * Lets `app.close()` finish once the in-flight requests have. Node closes the connections that
 * are idle when closing starts, but a keep-alive connection that is busy then stays open after
 * its response and holds the close until the client lets go: so once closing has begun, every
 * response tells the client to close the connection.
 */
export function registerGracefulClose(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) void reply.header('connection', 'close');
  });
}
