// GET /api/tools under load: our real server against a bare node:http server that returns the
// same bytes, measured in the same run, on PGlite and (when a URL is given) on PostgreSQL.
// Budget (docs: /work/shared/DESIGN.md, "Budgets"): ours >= 0.5 x bare requests/s.
//
//   npm run bench:api
//   BENCH_DATABASE_URL=postgres://postgres:postgres@127.0.0.1:5432/postgres npm run bench:api
//
// Env: BENCH_DURATION (seconds per measurement, default 10), BENCH_WARMUP (default 3),
// BENCH_CONNECTIONS (default 50), BENCH_DATABASE_URL or DATABASE_URL (adds the PostgreSQL run).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { runAutocannon, type AutocannonResult } from './support/autocannon.ts';
import { machineLoad, startBenchServer, type RunningServer } from './support/child.ts';

const BUDGET_RATIO = 0.5;
const PATH = '/api/tools';

const seconds = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number of seconds`);
  return value;
};
const duration = seconds('BENCH_DURATION', 10);
const warmup = seconds('BENCH_WARMUP', 3);
const connections = Math.max(1, Math.round(seconds('BENCH_CONNECTIONS', 50)));
const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || undefined;

type Measured = { reqPerSec: number; p99: number; p50: number; non2xx: number; errors: number };
type Outcome = {
  database: string;
  bytes: number;
  bare: Measured;
  ours: Measured;
  ratio: number;
  problems: string[];
};

const summarise = (r: AutocannonResult): Measured => ({
  reqPerSec: r.requests.average,
  p99: r.latency.p99,
  p50: r.latency.p50,
  non2xx: r.non2xx,
  errors: r.errors + r.timeouts,
});

async function load(url: string, seconds: number) {
  return runAutocannon({ url, connections, duration: seconds, timeout: 10 });
}

/** A throwaway database on the given server, dropped by the returned function. */
async function throwawayDatabase(url: string) {
  const name = `ecparts_bench_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const drop = async () => {
    const dropper = new pg.Client({ connectionString: url });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  };
  return { url: target.toString(), drop };
}

async function measure(database: string, serveDatabaseUrl?: string): Promise<Outcome> {
  const problems: string[] = [];
  const scratch = mkdtempSync(join(tmpdir(), 'ecparts-bench-body-'));
  let ours: RunningServer | undefined;
  let bare: RunningServer | undefined;
  try {
    ours = await startBenchServer('ours', { BENCH_SERVE_DATABASE_URL: serveDatabaseUrl });

    // The bytes and content type the bare server will send.
    const response = await fetch(`${ours.url}${PATH}`);
    const body = Buffer.from(await response.arrayBuffer());
    const contentType = response.headers.get('content-type') ?? 'application/json';
    if (response.status !== 200) throw new Error(`GET ${PATH} answered ${response.status}`);
    const parsed = JSON.parse(body.toString('utf8')) as { data?: unknown[] };
    if (!parsed.data?.length) problems.push(`GET ${PATH} returned no products (seed missing?)`);
    const limited = [...response.headers.keys()].filter((h) => h.startsWith('x-ratelimit'));
    if (limited.length) problems.push(`GET ${PATH} is rate limited (${limited.join(', ')})`);

    const bodyFile = join(scratch, 'body');
    writeFileSync(bodyFile, body);
    bare = await startBenchServer('bare', {
      BENCH_BODY_FILE: bodyFile,
      BENCH_CONTENT_TYPE: contentType,
    });
    const check = await fetch(`${bare.url}${PATH}`);
    const checkBody = Buffer.from(await check.arrayBuffer());
    if (!checkBody.equals(body) || check.headers.get('content-type') !== contentType) {
      throw new Error('the bare server does not return the same bytes');
    }

    console.log(
      `\n[${database}] body ${body.length} bytes, ${contentType}; warming up ${warmup} s each…`,
    );
    if (warmup > 0) {
      await load(`${bare.url}${PATH}`, warmup);
      await load(`${ours.url}${PATH}`, warmup);
    }
    console.log(`[${database}] measuring bare node:http for ${duration} s…`);
    const bareResult = summarise(await load(`${bare.url}${PATH}`, duration));
    console.log(`[${database}] measuring ours for ${duration} s…`);
    const oursResult = summarise(await load(`${ours.url}${PATH}`, duration));
    for (const [label, r] of [
      ['bare', bareResult],
      ['ours', oursResult],
    ] as const) {
      if (r.non2xx) problems.push(`${label}: ${r.non2xx} non-2xx responses`);
      if (r.errors) problems.push(`${label}: ${r.errors} errors or timeouts`);
    }
    return {
      database,
      bytes: body.length,
      bare: bareResult,
      ours: oursResult,
      ratio: bareResult.reqPerSec ? oursResult.reqPerSec / bareResult.reqPerSec : 0,
      problems,
    };
  } finally {
    await Promise.allSettled([bare?.stop(), ours?.stop()]);
    rmSync(scratch, { recursive: true, force: true });
  }
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

function report(outcomes: Outcome[], loadAtStart: string) {
  const header = ['database', 'server', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors'];
  const rows: string[][] = [];
  for (const o of outcomes) {
    for (const [label, r] of [
      ['bare node:http', o.bare],
      ['ours (Fastify)', o.ours],
    ] as const) {
      rows.push([
        o.database,
        label,
        fmt(r.reqPerSec),
        fmt(r.p50),
        fmt(r.p99),
        String(r.non2xx),
        String(r.errors),
      ]);
    }
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i < 2 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  console.log(
    `\nGET ${PATH}: ${connections} connections, ${duration} s per server after ${warmup} s warm-up`,
  );
  console.log(
    `Node ${process.version}; autocannon in this process, each server in its own process; ` +
      `before the run: ${loadAtStart}`,
  );
  console.log(line(header));
  for (const r of rows) console.log(line(r));
  console.log('');
  for (const o of outcomes) {
    const pass = o.ratio >= BUDGET_RATIO && o.problems.length === 0;
    console.log(
      `${o.database}: ours/bare = ${fmt(o.ratio, 2)} (budget >= ${BUDGET_RATIO}) ${pass ? 'PASS' : 'FAIL'}`,
    );
    for (const p of o.problems) console.log(`  ! ${p}`);
  }
}

async function main() {
  const loadAtStart = machineLoad();
  const outcomes: Outcome[] = [];
  outcomes.push(await measure('pglite'));
  if (postgresUrl) {
    const database = await throwawayDatabase(postgresUrl);
    // Ctrl-C stops the servers (same process group); drop the database before leaving too.
    const interrupted = () => void database.drop().finally(() => process.exit(130));
    process.once('SIGINT', interrupted);
    try {
      outcomes.push(await measure('postgres', database.url));
    } finally {
      process.off('SIGINT', interrupted);
      await database.drop();
    }
  } else {
    console.log('\n(PostgreSQL skipped: set BENCH_DATABASE_URL or DATABASE_URL to include it)');
  }
  report(outcomes, loadAtStart);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
