// The production server as `npm start` runs it (tsx src/server/main.ts), in a child process,
// serving a web build: for the benchmarks that need the pages, not only the API.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, repoRoot, spawnTsx, stopChild, waitForHttp } from './child.ts';

/** The web build the server serves: dist/web, or BENCH_WEB_DIST. */
export const WEB_DIST = resolve(repoRoot, process.env.BENCH_WEB_DIST || 'dist/web');

export type AppServer = {
  origin: string;
  pid: number | undefined;
  stop: () => Promise<void>;
  output: () => string;
};

/**
 * Starts src/server/main.ts on a free port. `databaseUrl` undefined means PGlite in a temp
 * DATA_DIR. `env` adds or overrides variables (NODE_ENV, SEED_DEMO, ADMIN_EMAILS, ...).
 */
export async function startAppServer({
  databaseUrl,
  env = {},
}: { databaseUrl?: string; env?: Record<string, string> } = {}): Promise<AppServer> {
  if (!existsSync(join(WEB_DIST, 'index.html'))) {
    throw new Error(
      `${WEB_DIST}/index.html is missing: build first (npm run build, or vite build --outDir ` +
        'and BENCH_WEB_DIST)',
    );
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'ecparts-bench-app-'));
  const origin = `http://127.0.0.1:${port}`;
  const child = spawnTsx('src/server/main.ts', {
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
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const stop = async () => {
    await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHttp(`${origin}/api/health`, 120_000, child);
  } catch (err) {
    await stop();
    throw new Error(`the server did not start: ${String(err)}\n${output}`);
  }
  return { origin, pid: child.pid, stop, output: () => output };
}
