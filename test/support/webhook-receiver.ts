import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type WebhookBody = {
  id: string;
  type: string;
  createdAt: string;
  data: Record<string, unknown>;
};

export type Received = {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  status: number;
};

/**
 * A webhook receiver on 127.0.0.1: it keeps every request, and answers each with what
 * `answer` says (200 unless told), so a test can make it fail some or all of its deliveries.
 */
export async function startReceiver(
  answer: (path: string, body: string, seen: Received[]) => number = () => 200,
  /** Awaited before each answer: a receiver that holds its answers back until told. */
  before: () => Promise<void> = async () => {},
) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      await before();
      const body = Buffer.concat(chunks).toString('utf8');
      const path = req.url ?? '/';
      const status = answer(path, body, received);
      received.push({ path, headers: req.headers, body, status });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'no');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    /** The requests to one path, their bodies parsed. */
    at: (path: string) =>
      received
        .filter((r) => r.path === path)
        .map((r) => ({ ...r, json: JSON.parse(r.body) as WebhookBody })),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Polls until `check` returns something truthy, or fails after `ms`. */
export async function eventually<T>(check: () => Promise<T> | T, ms = 30_000, what = 'condition') {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
