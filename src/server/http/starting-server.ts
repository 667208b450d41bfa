import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DATABASE_UNAVAILABLE } from '../errors.ts';

const RETRY_AFTER_SECONDS = '5';

/**
 * Holds the port while the app starts (migrations can take a while, or wait for another
 * server's): every request, /api/health/ready included, answers 503 with Retry-After, so a load
 * balancer keeps the instance out and a browser is told to come back, instead of a refused
 * connection. `close` frees the port for the real server and returns the port it held (the one
 * the OS chose, when asked for port 0).
 */
export async function listenWhileStarting({
  port,
  host,
  headers,
}: {
  port: number;
  host: string;
  /** The security headers every answer of the shop carries (src/server/http/security.ts). */
  headers: Record<string, string>;
}) {
  const body = JSON.stringify(DATABASE_UNAVAILABLE);
  const server = createServer((_request, response) => {
    response.writeHead(503, {
      ...headers,
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'retry-after': RETRY_AFTER_SECONDS,
      'cache-control': 'no-store',
      // Nobody keeps a connection to a server about to go away.
      connection: 'close',
    });
    response.end(body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const held = (server.address() as AddressInfo).port;
  return {
    port: held,
    close: () =>
      new Promise<number>((resolve) => {
        server.close(() => resolve(held));
        server.closeAllConnections();
      }),
  };
}
