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
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer } from '../scripts/build-server.ts';
import { WEB_DIST } from './support/app-server.ts';
import { runAutocannon } from './support/autocannon.ts';
import { machineLoad, whileSampling } from './support/child.ts';
import { onEachDatabase, seconds } from './support/databases.ts';
import { npmStart, rssMiB, stop } from './support/npm-start.ts';
import { fmt, runContext, writeResult } from './support/results.ts';

const BUDGET = { pgliteRssMiB: 300, postgresRssMiB: 200, secondStartSeconds: 3 };
const duration = seconds('BENCH_DURATION', 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const MiB = 1024 * 1024;

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
