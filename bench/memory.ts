// Start-up and memory of the shop as `npm start` runs it (issue 24): the compiled server
// (scripts/build-server.ts) in its own process, production defaults, request logging on.
//
//   BENCH_DATABASE_URL=postgres://dev:dev@127.0.0.1:5432/dev npx tsx bench/memory.ts
//
// On each database: `npm start` from a fresh DATA_DIR (the first start: the database is made
// and the demo catalogue written), stopped, started again (the second start); each timed from
// the command to /api/health/ready answering 200. Then the API and the pages under load, 50
// connections for BENCH_DURATION s each, while the server's RSS is sampled: its peak, and what
// it holds once the load is over. Needs a web build (dist/web, or BENCH_WEB_DIST).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer } from '../scripts/build-server.ts';
import { WEB_DIST } from './support/app-server.ts';
import { runAutocannon } from './support/autocannon.ts';
import { freePort, machineLoad, processStats, repoRoot, whileSampling } from './support/child.ts';
import { onEachDatabase, seconds } from './support/databases.ts';
import { fmt, runContext, writeResult } from './support/results.ts';

const BUDGET = { pgliteRssMiB: 300, postgresRssMiB: 200, secondStartSeconds: 3 };
const duration = seconds('BENCH_DURATION', 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const MiB = 1024 * 1024;

/** The process ids under `pid`, found through /proc (npm runs sh, which runs node). */
function descendants(pid: number): number[] {
  const children = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
  return children.flatMap((child) => [child, ...descendants(child)]);
}

const SERVER_MAIN = 'dist/node/server/main.js';
const serverPid = (npmPid: number) =>
  descendants(npmPid).find((pid) => {
    try {
      // node itself, not the shell npm runs the script line in
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(SERVER_MAIN);
    } catch {
      return false;
    }
  });

type Started = { child: ChildProcess; pid: number; seconds: number; origin: string };

/** `npm start`, timed until /api/health/ready answers 200. */
async function npmStart(env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: origin },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + String(chunk)).slice(-4000)));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited: ${stderr}`);
    const ok = await fetch(`${origin}/api/health/ready`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    if (performance.now() - started > 180_000) throw new Error('not ready within 180 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const seconds = (performance.now() - started) / 1000;
  const pid = serverPid(child.pid!);
  if (pid === undefined) throw new Error('the server process was not found');
  return { child, pid, seconds, origin };
}

async function stop({ child }: Started) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
}

const rssMiB = (pid: number) => (processStats(pid)?.rssBytes ?? 0) / MiB;

async function load(origin: string, paths: string[]) {
  const results = [];
  for (const path of paths) {
    const run = await runAutocannon({ url: `${origin}${path}`, connections, duration });
    results.push({ path, requestsPerSecond: run.requests.average, non2xx: run.non2xx });
  }
  return results;
}

async function main() {
  if (!existsSync(join(WEB_DIST, 'index.html'))) throw new Error(`build first: ${WEB_DIST}`);
  const context = runContext();
  console.log(`before the run: ${machineLoad()}`);
  await buildServer();
  const outcomes = await onEachDatabase(async ({ kind, url }) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ecparts-bench-memory-'));
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: url ?? '',
      WEB_DIST_DIR: WEB_DIST,
      BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
      SEED_DEMO: 'true',
    };
    try {
      const first = await npmStart(env);
      const firstRss = rssMiB(first.pid);
      await stop(first);
      const second = await npmStart(env);
      const afterStart = rssMiB(second.pid);
      const tools = (await (await fetch(`${second.origin}/api/tools`)).json()) as {
        data: { _id: string }[];
      };
      const id = tools.data[0]?._id ?? '';
      const api = ['/api/tools', `/api/tools/${id}`, '/api/reviews'];
      const pages = ['/', '/shop', '/blog', `/products/${id}`, '/shop?q=chain'];
      const { result, usage } = await whileSampling(second.pid, async () => ({
        api: await load(second.origin, api),
        pages: await load(second.origin, pages),
      }));
      const afterBenches = rssMiB(second.pid);
      await new Promise((resolve) => setTimeout(resolve, 5000));
      const settled = rssMiB(second.pid);
      await stop(second);
      const budgetMiB = kind === 'pglite' ? BUDGET.pgliteRssMiB : BUDGET.postgresRssMiB;
      const outcome = {
        database: kind,
        firstStartSeconds: first.seconds,
        firstStartRssMiB: firstRss,
        secondStartSeconds: second.seconds,
        rssAfterStartMiB: afterStart,
        peakRssUnderLoadMiB: (usage?.peakRssBytes ?? 0) / MiB,
        rssAfterBenchesMiB: afterBenches,
        rssSettledMiB: settled,
        load: result,
        pass: {
          memory: afterBenches < budgetMiB,
          secondStart: second.seconds < BUDGET.secondStartSeconds,
        },
      };
      console.log(
        `\n${kind}: first start ${fmt(first.seconds, 2)} s (RSS ${fmt(firstRss)} MiB), second start ` +
          `${fmt(second.seconds, 2)} s (need < ${BUDGET.secondStartSeconds} s) ` +
          `${outcome.pass.secondStart ? 'PASS' : 'FAIL'}`,
      );
      console.log(
        `  RSS MiB: after start ${fmt(afterStart)}, peak under load ${fmt(outcome.peakRssUnderLoadMiB)}, ` +
          `after the API and page loads ${fmt(afterBenches)} (need < ${budgetMiB}) ` +
          `${outcome.pass.memory ? 'PASS' : 'FAIL'}, 5 s later ${fmt(settled)}`,
      );
      for (const { path, requestsPerSecond, non2xx } of [...result.api, ...result.pages]) {
        console.log(
          `  ${path.padEnd(50)} ${fmt(requestsPerSecond).padStart(7)} req/s  non-2xx ${non2xx}`,
        );
      }
      return outcome;
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
  writeResult('memory', {
    bench: 'memory',
    context,
    settings: { duration, connections },
    budget: BUDGET,
    outcomes,
    pass: outcomes.every((o) => o.pass.memory && o.pass.secondStart),
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
