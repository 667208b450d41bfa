// What each per-request hook of the server costs (issue 24, "API overhead"): the same route,
// answering the same bytes, on Fastify alone and with one hook (or the request log) added at a
// time, then with all of them; in the shape they had before issue 24 (one hook per check, most
// of them async, Fastify's two log lines) and in the shape they have now (the security headers
// and the path, Host and same-origin checks in one callback-style hook, src/server/http/
// request-checks.ts, each check added in turn; the NUL check and the graceful close as callback
// hooks; one log line, src/server/http/request-log.ts). Requests go through `app.inject`, one
// after another; the figure is the CPU time per request, the median of all rounds, minus
// Fastify alone. Each variant runs in a process of its own (in one process, Fastify's code
// would see every variant's shapes and run slower for all of them), the variants one after
// another, in as many passes. Not a throughput figure (bench/api.ts is): what it says is which
// hook is worth making cheaper.
//
//   npx tsx bench/hooks.ts
//
// Env: BENCH_HOOK_REQUESTS (per round, default 5000), BENCH_HOOK_ROUNDS (per process, default
// 3), BENCH_HOOK_PASSES (default 2), BENCH_RESULTS_DIR.
import { once } from 'node:events';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { parseConfig } from '../src/server/config.ts';
import type { AppError } from '../src/server/errors.ts';
import { canonicalPathRefusal } from '../src/server/http/canonical-path.ts';
import { registerGracefulClose } from '../src/server/http/graceful-close.ts';
import { hostRefusal } from '../src/server/http/host-header.ts';
import { registerNulTextCheck } from '../src/server/http/nul-text.ts';
import { registerRequestChecks } from '../src/server/http/request-checks.ts';
import { RequestLog } from '../src/server/http/request-log.ts';
import { crossSiteRefusal } from '../src/server/http/same-origin.ts';
import { securityHeaders } from '../src/server/http/security.ts';
import { machineLoad, spawnTsx } from './support/child.ts';
import { runContext, writeResult } from './support/results.ts';

const requests = Number(process.env.BENCH_HOOK_REQUESTS ?? 5000);
const rounds = Number(process.env.BENCH_HOOK_ROUNDS ?? 3);
const passes = Number(process.env.BENCH_HOOK_PASSES ?? 2);
const config = parseConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://127.0.0.1:3000' });
const headers = securityHeaders(config);
// About what GET /api/tools answers with the demo catalogue: 12 products.
const body = JSON.stringify({
  data: Array.from({ length: 12 }, (_, i) => ({ _id: String(i), name: 'x'.repeat(600) })),
});

type Check = (request: FastifyRequest) => AppError | undefined;
const pathCheck: Check = (request) => canonicalPathRefusal(request.raw.url);
const hostCheck: Check = (request) => hostRefusal(request.headers.host);
const sameOriginCheck: Check = crossSiteRefusal(config);

/** A hook as the checks had them before issue 24: each its own, async (a promise a request). */
const asyncHook = (check: Check) => (app: FastifyInstance) => {
  app.addHook('onRequest', async (request) => {
    const refusal = check(request);
    if (refusal) throw refusal;
  });
};

/** Before issue 24: the security headers had a callback hook of their own. */
function headersHook(app: FastifyInstance) {
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
}

function asyncNulCheck(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if ([request.params, request.query, request.body].some(hasNul)) throw new Error('NUL');
  });
}

// As src/server/http/nul-text.ts walked values before issue 24.
function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > 32) return false;
  return Object.entries(value).some(([k, item]) => k.includes('\u0000') || hasNul(item, depth + 1));
}

function asyncGracefulClose(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) void reply.header('connection', 'close');
  });
}

/** The combined hook of request-checks.ts with only some of its checks, to cost each. */
const combinedHook = (checks: Check[]) => (app: FastifyInstance) => {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(headers);
    let refusal: AppError | undefined;
    for (const check of checks) if ((refusal = check(request))) break;
    done(refusal);
  });
};

type Log = 'fastify' | 'one line';
type Variant = { label: string; log?: Log; add?: (app: FastifyInstance) => void };
const VARIANTS: Variant[] = [
  { label: 'Fastify alone' },
  { label: "request log: Fastify's two lines", log: 'fastify' },
  { label: 'request log: one line (request-log.ts)', log: 'one line' },
  { label: 'before: security headers (onRequest, callback)', add: headersHook },
  { label: 'before: path check (onRequest, async)', add: asyncHook(pathCheck) },
  { label: 'before: Host check (onRequest, async)', add: asyncHook(hostCheck) },
  { label: 'before: same-origin check (onRequest, async)', add: asyncHook(sameOriginCheck) },
  { label: 'before: NUL check (preValidation, async)', add: asyncNulCheck },
  { label: 'before: graceful close (onSend, async)', add: asyncGracefulClose },
  {
    label: 'before: all of them, two log lines',
    log: 'fastify',
    // In the order src/server/app.ts registered them.
    add: (app) => {
      headersHook(app);
      asyncHook(pathCheck)(app);
      asyncHook(hostCheck)(app);
      asyncGracefulClose(app);
      asyncHook(sameOriginCheck)(app);
      asyncNulCheck(app);
    },
  },
  { label: 'now: one onRequest hook, headers only', add: combinedHook([]) },
  { label: 'now: the same + path check', add: combinedHook([pathCheck]) },
  { label: 'now: the same + Host check', add: combinedHook([pathCheck, hostCheck]) },
  {
    label: 'now: the same + same-origin check',
    add: (app) => registerRequestChecks(app, config, headers),
  },
  { label: 'now: NUL check (preValidation, callback)', add: registerNulTextCheck },
  { label: 'now: graceful close (onSend, callback)', add: registerGracefulClose },
  {
    label: 'now: all of them, one log line',
    log: 'one line',
    add: (app) => {
      registerRequestChecks(app, config, headers);
      registerGracefulClose(app);
      registerNulTextCheck(app);
    },
  },
];

async function appOf({ log, add }: Variant) {
  // Asynchronous writes to /dev/null, as `npm start` writes to its standard output.
  const app = Fastify({
    logger: log ? { level: 'info', file: '/dev/null' } : false,
    ...(log === 'one line' ? { logController: new RequestLog(false) } : {}),
  });
  add?.(app);
  app.get('/api/tools', (_request, reply) => reply.type('application/json').send(body));
  await app.ready();
  return app;
}

// Garbage left by one variant is collected before the next round starts, not billed to it.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** CPU microseconds per request over one round. */
async function round(app: FastifyInstance) {
  collectGarbage();
  const started = process.cpuUsage();
  for (let i = 0; i < requests; i++) {
    const res = await app.inject({
      method: 'GET',
      url: '/api/tools',
      headers: { host: '127.0.0.1:3000' },
    });
    if (res.statusCode !== 200) throw new Error(`answered ${res.statusCode}: ${res.body}`);
    // The log is written asynchronously: without a turn of the event loop now and then, its
    // buffer would only grow.
    if (i % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  const used = process.cpuUsage(started);
  return (used.user + used.system) / requests;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;
const RESULT = 'rounds: ';

/** In the child: one variant's rounds, after a warm-up round (compiled, caches filled). */
async function measure(variant: Variant) {
  const app = await appOf(variant);
  await round(app);
  const samples: number[] = [];
  for (let r = 0; r < rounds; r++) samples.push(await round(app));
  await app.close();
  console.log(`${RESULT}${JSON.stringify(samples)}`);
}

async function inChild(index: number): Promise<number[]> {
  const child = spawnTsx('bench/hooks.ts', { BENCH_HOOK_VARIANT: String(index) });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  const line = output.split('\n').find((l) => l.startsWith(RESULT));
  if (code !== 0 || !line) throw new Error(`variant ${index} failed:\n${output}`);
  return JSON.parse(line.slice(RESULT.length)) as number[];
}

async function main() {
  const context = runContext();
  console.log(`before the run: ${machineLoad()}`);
  const samples: number[][] = VARIANTS.map(() => []);
  for (let pass = 0; pass < passes; pass++) {
    for (const i of VARIANTS.keys()) samples[i]!.push(...(await inChild(i)));
  }
  const base = median(samples[0]!);
  const figures = VARIANTS.map((v, i) => ({
    hook: v.label,
    microsPerRequest: median(samples[i]!),
    addedMicros: median(samples[i]!) - base,
  }));
  const each = `${passes} × ${rounds} rounds of ${requests}`;
  console.log(`\nCPU per request through app.inject (median of ${each}):`);
  for (const f of figures) {
    console.log(
      `  ${f.hook.padEnd(48)} ${f.microsPerRequest.toFixed(1).padStart(7)} µs` +
        (f.hook === VARIANTS[0]!.label ? '' : `  (+${f.addedMicros.toFixed(1)} µs)`),
    );
  }
  console.log(`after the run: ${machineLoad()}`);
  writeResult('hooks', {
    bench: 'hooks',
    context,
    settings: { requests, rounds, passes },
    figures,
  });
}

const variant = process.env.BENCH_HOOK_VARIANT;
(variant === undefined ? main() : measure(VARIANTS[Number(variant)]!)).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
