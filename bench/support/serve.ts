// A server under test, run in its own process so that the load generator never shares its
// event loop. Started by bench/support/child.ts with an IPC channel:
//
//   tsx bench/support/serve.ts ours   our real app (buildApp) with the demo catalogue seeded and
//                                     request logging off; PGlite in a temp DATA_DIR, or the
//                                     PostgreSQL database in BENCH_SERVE_DATABASE_URL; admins
//                                     by email in BENCH_SERVE_ADMIN_EMAILS
//   tsx bench/support/serve.ts bare   a bare node:http server answering every request with the
//                                     bytes of BENCH_BODY_FILE and BENCH_CONTENT_TYPE
//
// The child reports { type: 'listening', port } once it accepts connections, and closes its
// server and exits on { type: 'stop' }, SIGTERM or when the parent goes away. `ours` also runs
// { type: 'sql' } statements on its own database and answers { type: 'sql-result' }: a PGlite
// database can be opened by one process only, and benchmarks set up thousands of customers
// and carts faster that way than through sign-ups (BENCH_SERVE_AUTH_SECRET is then the auth
// secret, so the parent can sign their session cookies).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './child.ts';
import type { ChildMessage, ParentMessage } from './serve-messages.ts';

const send = (message: ChildMessage) =>
  new Promise<void>((resolve, reject) => {
    if (!process.send) return reject(new Error('serve.ts must be started with an IPC channel'));
    process.send(message, (err: Error | null) => (err ? reject(err) : resolve()));
  });

let close: () => Promise<void> = async () => {};
let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  try {
    await close();
  } finally {
    process.exit(0);
  }
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
process.on('disconnect', () => void stop());
let runSql: (text: string, values: unknown[]) => Promise<unknown[]> = async () => {
  throw new Error('this server has no database');
};
process.on('message', (message: ParentMessage) => {
  if (message.type === 'stop') void stop();
  if (message.type === 'sql') {
    void runSql(message.text, message.values).then(
      (rows) => send({ type: 'sql-result', id: message.id, rows }),
      (err: unknown) =>
        send({
          type: 'sql-result',
          id: message.id,
          error: err instanceof Error ? err.message : String(err),
        }),
    );
  }
});

async function serveOurs() {
  // As main.ts does: React renders pages with its production build, chosen by NODE_ENV.
  process.env.NODE_ENV ??= 'production';
  // Imported here so that the bare server's process holds nothing of ours.
  const { WEB_DIST } = await import('./app-server.ts');
  const { buildApp } = await import('../../src/server/app.ts');
  const { parseConfig } = await import('../../src/server/config.ts');
  const { openDatabase } = await import('../../src/server/db/client.ts');
  const dataDir = mkdtempSync(join(tmpdir(), 'ecparts-bench-'));
  // Sign-in trusts only PUBLIC_URL's origin, so the port is chosen before the app is built.
  const port = await freePort();
  const config = parseConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // One customer places every order of the throughput runs; the caps on one account have
    // their own tests.
    MAX_UNPAID_ORDERS: '10000',
    ORDER_RATE_LIMIT: '1000000',
    MAX_UNPAID_VALUE_UNVERIFIED: '1000000000',
    MAX_UNPAID_VALUE: '1000000000',
    MAX_UNPAID_SHARE: '100',
    DATA_DIR: dataDir,
    // The built web app (its pages are rendered into it): dist/web, or BENCH_WEB_DIST.
    WEB_DIST_DIR: WEB_DIST,
    DATABASE_URL: process.env.BENCH_SERVE_DATABASE_URL,
    SEED_DEMO: 'true',
    BETTER_AUTH_SECRET: process.env.BENCH_SERVE_AUTH_SECRET || randomBytes(32).toString('hex'),
    ADMIN_EMAILS: process.env.BENCH_SERVE_ADMIN_EMAILS,
  });
  close = async () => rmSync(dataDir, { recursive: true, force: true });
  // Opened here rather than by buildApp, so that setup statements can share it.
  const database = openDatabase(config);
  const app = await buildApp(config, { database });
  const { driver } = database;
  runSql = async (text, values) =>
    driver.kind === 'pglite'
      ? (await driver.client.query(text, values)).rows
      : (await driver.pool.query(text, values)).rows;
  close = async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  await app.listen({ host: config.host, port });
  return port;
}

async function serveBare() {
  const bodyFile = process.env.BENCH_BODY_FILE;
  const contentType = process.env.BENCH_CONTENT_TYPE;
  if (!bodyFile || !contentType)
    throw new Error('bare needs BENCH_BODY_FILE and BENCH_CONTENT_TYPE');
  const body = readFileSync(bodyFile);
  const length = String(body.length);
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': contentType, 'content-length': length });
    response.end(body);
  });
  close = () =>
    new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

const mode = process.argv[2];
try {
  if (mode !== 'ours' && mode !== 'bare') throw new Error(`unknown mode ${String(mode)}`);
  const port = mode === 'ours' ? await serveOurs() : await serveBare();
  await send({ type: 'listening', port });
} catch (err) {
  await send({
    type: 'failed',
    error: err instanceof Error ? (err.stack ?? err.message) : String(err),
  });
  await close().catch(() => {});
  process.exit(1);
}
