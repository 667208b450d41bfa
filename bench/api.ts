// The shop's most read calls and its home page under load: our real server against a bare
// node:http server that returns the same bytes, measured in the same run, on PGlite and (when a
// URL is given) on PostgreSQL. Budget (docs: /work/shared/DESIGN.md, "Budgets"; issue 13 for
// GET / as HTML): ours >= 0.5 x bare requests/s. Needs the web build (npm run build).
//
//   npm run bench:api
//   BENCH_DATABASE_URL=postgres://dev:dev@127.0.0.1:5432/dev npm run bench:api
//
// Env: BENCH_DURATION (seconds per measurement, default 10), BENCH_WARMUP (default 3),
// BENCH_CONNECTIONS (default 50), BENCH_DATABASE_URL or DATABASE_URL (adds the PostgreSQL run),
// BENCH_RESULTS_DIR (where the JSON result goes; default bench/results).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runAutocannon, type AutocannonResult } from './support/autocannon.ts';
import { startAppServer } from './support/app-server.ts';
import { startBenchServer, whileSampling, type RunningServer } from './support/child.ts';
import type { BenchDatabase } from './support/databases.ts';
import { load, runLoadBench } from './support/load-bench.ts';
import { fmt, loadColumns, printTable } from './support/results.ts';

const BUDGET_RATIO = 0.5;
/** Issue 24: the catalogue list, with the request log on, at 0.7 x bare. */
const TOOLS_BUDGET_RATIO = 0.7;

const { duration, warmup, connections } = load;

/** `mustContain`: text the answer must hold (the home page rendered, not the empty shell). */
type Endpoint = {
  label: string;
  path: (productId: string) => string;
  mustContain?: string;
  budget?: number;
};
const ENDPOINTS: Endpoint[] = [
  { label: 'GET /api/tools', path: () => '/api/tools', budget: TOOLS_BUDGET_RATIO },
  { label: 'GET /api/tools/{id}', path: (id) => `/api/tools/${id}` },
  { label: 'GET /api/reviews', path: () => '/api/reviews' },
  // The home page as a signed-out visitor gets it: rendered on the server, then cached until
  // the next write (src/server/ssr). Compared uncompressed, as autocannon asks for it.
  { label: 'GET / (HTML)', path: () => '/', mustContain: 'Cycle Tools' },
];

type Measured = {
  reqPerSec: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** Server CPU time per answered request (user + system), from /proc. */
  cpuMicrosPerRequest: number | null;
  /** The server's peak resident memory during the measurement. */
  peakRssMiB: number | null;
};
type EndpointOutcome = {
  endpoint: string;
  path: string;
  bytes: number;
  bare: Measured;
  ours: Measured;
  ratio: number;
  /** bare CPU per request / ours: what the ratio would be if both had a core to themselves. */
  cpuRatio: number | null;
  /** The ratio this endpoint needs: 0.7 for the catalogue list (issue 24), 0.5 for the others. */
  budget: number;
  pass: boolean;
  problems: string[];
};
type Outcome = { database: string; endpoints: EndpointOutcome[] };

/** What a measurement needs of a server: where it listens, and its process. */
type Measurable = { url: string; pid: number | undefined };

async function measureOne(server: Measurable, path: string, seconds: number): Promise<Measured> {
  const { result, usage } = await whileSampling(server.pid, () =>
    runAutocannon({ url: `${server.url}${path}`, connections, duration: seconds, timeout: 10 }),
  );
  return summarise(result, usage);
}

const summarise = (
  r: AutocannonResult,
  usage: { cpuMs: number; peakRssBytes: number } | undefined,
): Measured => ({
  reqPerSec: r.requests.average,
  p50: r.latency.p50,
  p99: r.latency.p99,
  requests: r.requests.total,
  non2xx: r.non2xx,
  errors: r.errors + r.timeouts,
  cpuMicrosPerRequest: usage && r.requests.total ? (usage.cpuMs * 1000) / r.requests.total : null,
  peakRssMiB: usage ? usage.peakRssBytes / 2 ** 20 : null,
});

async function measureEndpoint(
  ours: Measurable,
  endpoint: Endpoint,
  productId: string,
  database: string,
): Promise<EndpointOutcome> {
  const problems: string[] = [];
  const path = endpoint.path(productId);
  const scratch = mkdtempSync(join(tmpdir(), 'ecparts-bench-body-'));
  let bare: RunningServer | undefined;
  try {
    // The bytes and content type the bare server will send.
    const response = await fetch(`${ours.url}${path}`);
    const body = Buffer.from(await response.arrayBuffer());
    const contentType = response.headers.get('content-type') ?? 'application/json';
    if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
    if (endpoint.mustContain && !body.toString('utf8').includes(endpoint.mustContain)) {
      throw new Error(`GET ${path} does not hold "${endpoint.mustContain}" (no web build?)`);
    }
    const limited = [...response.headers.keys()].filter((h) => h.startsWith('x-ratelimit'));
    if (limited.length) problems.push(`GET ${path} is rate limited (${limited.join(', ')})`);

    const bodyFile = join(scratch, 'body');
    writeFileSync(bodyFile, body);
    bare = await startBenchServer('bare', {
      BENCH_BODY_FILE: bodyFile,
      BENCH_CONTENT_TYPE: contentType,
    });
    const check = await fetch(`${bare.url}${path}`);
    const checkBody = Buffer.from(await check.arrayBuffer());
    if (!checkBody.equals(body) || check.headers.get('content-type') !== contentType) {
      throw new Error('the bare server does not return the same bytes');
    }

    console.log(
      `\n[${database}] ${endpoint.label}: ${body.length} bytes; warming up ${warmup} s each…`,
    );
    if (warmup > 0) {
      await measureOne(bare, path, warmup);
      await measureOne(ours, path, warmup);
    }
    console.log(`[${database}] measuring bare node:http, then ours, ${duration} s each…`);
    const bareResult = await measureOne(bare, path, duration);
    const oursResult = await measureOne(ours, path, duration);
    for (const [label, r] of [
      ['bare', bareResult],
      ['ours', oursResult],
    ] as const) {
      if (r.non2xx) problems.push(`${label}: ${r.non2xx} non-2xx responses`);
      if (r.errors) problems.push(`${label}: ${r.errors} errors or timeouts`);
    }
    const ratio = bareResult.reqPerSec ? oursResult.reqPerSec / bareResult.reqPerSec : 0;
    return {
      endpoint: endpoint.label,
      path,
      bytes: body.length,
      bare: bareResult,
      ours: oursResult,
      ratio,
      cpuRatio:
        bareResult.cpuMicrosPerRequest && oursResult.cpuMicrosPerRequest
          ? bareResult.cpuMicrosPerRequest / oursResult.cpuMicrosPerRequest
          : null,
      budget: endpoint.budget ?? BUDGET_RATIO,
      pass: ratio >= (endpoint.budget ?? BUDGET_RATIO) && problems.length === 0,
      problems,
    };
  } finally {
    await bare?.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

async function measure(database: BenchDatabase): Promise<Outcome> {
  // As `npm start` runs it: compiled, with its node flags, logging one line per request.
  const app = await startAppServer({
    databaseUrl: database.url,
    env: { LOG_LEVEL: 'info' },
    logToNowhere: true,
  });
  const ours = { url: app.origin, pid: app.pid };
  try {
    const tools = (await (await fetch(`${ours.url}/api/tools`)).json()) as {
      data?: { _id: string }[];
    };
    const productId = tools.data?.[0]?._id;
    if (!productId) throw new Error('GET /api/tools returned no products (seed missing?)');
    const endpoints: EndpointOutcome[] = [];
    for (const endpoint of ENDPOINTS) {
      endpoints.push(await measureEndpoint(ours, endpoint, productId, database.kind));
    }
    return { database: database.kind, endpoints };
  } finally {
    await app.stop();
  }
}

function report(outcomes: Outcome[], loadAtStart: string) {
  const header = ['database', 'endpoint', 'server', ...loadColumns.header('req')];
  const rows: string[][] = [];
  for (const o of outcomes) {
    for (const e of o.endpoints) {
      for (const [label, r] of [
        ['bare node:http', e.bare],
        ['ours', e.ours],
      ] as const) {
        rows.push([
          o.database,
          e.endpoint,
          label,
          ...loadColumns.cells(r.reqPerSec, r.cpuMicrosPerRequest, r),
        ]);
      }
    }
  }
  console.log(`\n${connections} connections, ${duration} s per server after ${warmup} s warm-up`);
  console.log(
    `Node ${process.version}; autocannon in this process, each server in its own process; ` +
      `before the run: ${loadAtStart}`,
  );
  printTable(header, rows, 3);
  console.log(
    '(CPU µs/req: the server process’s user + system time per answered request; on a busy ' +
      'machine it is steadier than req/s, and bare/ours of it is printed as "by CPU")',
  );
  console.log('');
  for (const o of outcomes) {
    for (const e of o.endpoints) {
      console.log(
        `${o.database.padEnd(8)} ${e.endpoint.padEnd(20)} ours/bare = ${fmt(e.ratio, 2)} ` +
          `(by CPU ${fmt(e.cpuRatio, 2)}; budget >= ${e.budget}) ${e.pass ? 'PASS' : 'FAIL'}`,
      );
      for (const p of e.problems) console.log(`  ! ${p}`);
    }
  }
}

async function main() {
  await runLoadBench('api', {
    measure,
    report,
    settings: {},
    budget: { ratioAtLeast: BUDGET_RATIO, toolsRatioAtLeast: TOOLS_BUDGET_RATIO },
    passed: (o) => o.endpoints.every((e) => e.pass),
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
