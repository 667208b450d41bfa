// The production server as `npm start` runs it (the server compiled to JavaScript, run by node
// with scripts/server-flags.ts), in a child process, serving a web build.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildServer } from '../../scripts/build-server.ts';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../scripts/server-flags.ts';
import { freePort, repoRoot, stopChild, waitForHttp } from './child.ts';

/** The web build the server serves: dist/web, or BENCH_WEB_DIST. */
export const WEB_DIST = resolve(repoRoot, process.env.BENCH_WEB_DIST || 'dist/web');

export type AppServer = {
  origin: string;
  pid: number | undefined;
  stop: () => Promise<void>;
  output: () => string;
};

/**
 * Compiles this checkout's server now, into a folder of its own under dist/node (three folders
 * deep, as the migrations' path wants it), so a stale build cannot stand in for it.
 */
async function compiledServer() {
  mkdirSync(join(repoRoot, 'dist', 'node'), { recursive: true });
  const outdir = mkdtempSync(join(repoRoot, 'dist', 'node', 'bench-'));
  await buildServer(outdir);
  return {
    main: join(outdir, 'main.js'),
    remove: () => rmSync(outdir, { recursive: true, force: true }),
  };
}

/**
 * Starts the compiled server on a free port. `databaseUrl` undefined means PGlite in a temp
 * DATA_DIR. `env` adds or overrides variables (NODE_ENV, SEED_DEMO, ADMIN_EMAILS, LOG_LEVEL, ...).
 * `logToNowhere`: its standard output (the request log) goes where `npm start`'s would go
 * unread, not through this process.
 */
export async function startAppServer({
  databaseUrl,
  env = {},
  logToNowhere = false,
}: {
  databaseUrl?: string;
  env?: Record<string, string>;
  logToNowhere?: boolean;
} = {}): Promise<AppServer> {
  if (!existsSync(join(WEB_DIST, 'index.html'))) {
    throw new Error(
      `${WEB_DIST}/index.html is missing: build first (npm run build, or vite build --outDir ` +
        'and BENCH_WEB_DIST)',
    );
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'ecparts-bench-app-'));
  const origin = `http://127.0.0.1:${port}`;
  const server = await compiledServer();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, server.main], {
    cwd: repoRoot,
    stdio: ['ignore', logToNowhere ? 'ignore' : 'pipe', 'pipe'],
    env: {
      ...process.env,
      ...SERVER_ENV,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '', // empty means unset: the embedded PGlite in DATA_DIR
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: WEB_DIST,
      BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
      ...env,
    },
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let stopping = false;
  // A server that dies mid-run says why: otherwise the run only sees its requests fail.
  child.once('exit', (code, signal) => {
    if (!stopping) console.error(`the server exited (${code ?? signal}):\n${output.slice(-4000)}`);
  });
  const stop = async () => {
    stopping = true;
    await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
    server.remove();
  };
  try {
    await waitForHttp(`${origin}/api/health`, 120_000, child);
  } catch (err) {
    await stop();
    throw new Error(`the server did not start: ${String(err)}\n${output}`);
  }
  return { origin, pid: child.pid, stop, output: () => output };
}
