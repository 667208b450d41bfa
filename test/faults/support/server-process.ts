import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../support/ports.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const noWebBuild = join(tmpdir(), 'ecparts-faults-no-web-build');

export const SHARED_SECRET = 'fault-tests-share-this-secret-0123456789';
export const ADMIN_EMAIL = 'admin@faults.example.com';

const dataDirs = new Set<string>();
/** Each running server's DATA_DIR by its URL: its outbox holds the mails it sent. */
const dataDirByUrl = new Map<string, string>();
export const dataDirOf = (url: string) => dataDirByUrl.get(url);

/** Deletes the data folders this file's servers used; call it once they have all stopped. */
export function removeDataDirs() {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  dataDirs.clear();
}

export type ServerOptions = {
  /** PGlite lives here (DATA_DIR); a fresh folder when omitted. */
  dataDir?: string;
  /** A PostgreSQL URL; PGlite is not used when set. */
  databaseUrl?: string;
  /** How long start-up (migrations included) may take. */
  startTimeoutMs?: number;
  /** More configuration for this server (ORDER_HOLD_MINUTES, …), over the defaults below. */
  env?: Record<string, string>;
};

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export type ServerProcess = {
  /** http://127.0.0.1:<port> (its PUBLIC_URL), also the Origin its cookie-authenticated writes must carry. */
  url: string;
  dataDir: string;
  pid: number;
  /** Resolves when the process has exited, however it ended. */
  exited: Promise<Exit>;
  /** Everything it printed so far (JSON log lines), for assertions and failure messages. */
  output: () => string;
  /** How many requests its log says it has begun handling (its `incoming request` lines). */
  requestsSeen: () => number;
  signal: (signal: NodeJS.Signals) => void;
  /** SIGKILL, then wait for the exit: no chance to finish anything. */
  kill: () => Promise<Exit>;
};

/**
 * Starts the real server (`node --import tsx src/server/main.ts`) as its own process, the way
 * it runs in production, on a port the OS picks; resolves once it is listening.
 */
export async function startServer(options: ServerOptions = {}): Promise<ServerProcess> {
  mkdirSync(noWebBuild, { recursive: true });
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'ecparts-faults-'));
  dataDirs.add(dataDir);
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    // The child is a production server, not part of this test run.
    if (value === undefined || key.startsWith('VITEST') || key.startsWith('TEST_')) continue;
    env[key] = value;
  }
  // Sign-in trusts only PUBLIC_URL's origin, so the server must know its own address up front.
  const port = options.env?.PORT ?? String(await freePort());
  Object.assign(env, {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: port,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // At debug the log has a line for each request as it arrives (src/server/http/request-log.ts),
    // which `requestsSeen` counts; at info it has one when a request has been answered.
    LOG_LEVEL: 'debug',
    DATA_DIR: dataDir,
    DATABASE_URL: options.databaseUrl ?? '',
    BETTER_AUTH_SECRET: SHARED_SECRET,
    ADMIN_EMAILS: ADMIN_EMAIL,
    SEED_DEMO: '0',
    WEB_DIST_DIR: noWebBuild,
    SMTP_URL: '',
    STRIPE_SECRET_KEY: '',
    STRIPE_PUBLISHABLE_KEY: '',
    // These tests place hundreds of orders per customer to load the stock path; the caps on one
    // customer's unpaid orders, holds and order rate have tests of their own.
    MAX_UNPAID_ORDERS: '10000',
    ORDER_RATE_LIMIT: '1000000',
    MAX_UNPAID_VALUE_UNVERIFIED: '1000000000',
    MAX_UNPAID_VALUE: '1000000000',
    MAX_UNPAID_SHARE: '100',
    ...options.env,
  });

  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const chunks: string[] = [];
  let requests = 0;
  const exited = new Promise<Exit>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const collect = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    chunks.push(text);
    requests += text.split('"msg":"incoming request"').length - 1;
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const output = () => chunks.join('');

  const url = await listeningUrl(child, output, exited, options.startTimeoutMs ?? 90_000);
  dataDirByUrl.set(url, dataDir);
  return {
    url,
    dataDir,
    pid: child.pid!,
    exited,
    output,
    requestsSeen: () => requests,
    signal: (signal) => child.kill(signal),
    kill: async () => {
      child.kill('SIGKILL');
      return exited;
    },
  };
}

async function listeningUrl(
  child: ChildProcess,
  output: () => string,
  exited: Promise<Exit>,
  timeoutMs: number,
) {
  const deadline = Date.now() + timeoutMs;
  let gone: Exit | undefined;
  void exited.then((exit) => (gone = exit));
  while (Date.now() < deadline) {
    const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output());
    if (match?.[1]) return match[1];
    if (gone) {
      throw new Error(
        `server exited (${JSON.stringify(gone)}) before listening:\n${tail(output())}`,
      );
    }
    await sleep(50);
  }
  child.kill('SIGKILL');
  throw new Error(`server did not listen within ${timeoutMs} ms:\n${tail(output())}`);
}

export const tail = (text: string, lines = 40) =>
  text.trimEnd().split('\n').slice(-lines).join('\n');

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Stops a server that a test left running; a no-op for one that already exited. */
export async function stopServer(server: ServerProcess | undefined) {
  if (!server) return;
  const done = await Promise.race([server.exited, sleep(0).then(() => undefined)]);
  if (done) return;
  server.signal('SIGKILL');
  await server.exited;
}
