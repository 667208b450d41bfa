// What each per-request hook of the server costs (issue 24, "API overhead"): the same route,
// answering the same bytes, on Fastify alone and with one hook (or the request log) added at a
// time, then with all of them. Requests go through `app.inject`, one after another, in this
// process; the figure is the process's CPU time per request, the median of interleaved rounds,
// minus Fastify alone. Not a throughput figure (bench/api.ts is): what it says is which hook
// is worth making cheaper.
//
//   npx tsx bench/hooks.ts
//
// Env: BENCH_HOOK_REQUESTS (per round, default 5000), BENCH_HOOK_ROUNDS (default 7),
// BENCH_RESULTS_DIR.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import Fastify, { type FastifyInstance } from 'fastify';
import { parseConfig } from '../src/server/config.ts';
import { registerCanonicalPathCheck } from '../src/server/http/canonical-path.ts';
import { registerGracefulClose } from '../src/server/http/graceful-close.ts';
import { registerHostHeaderCheck } from '../src/server/http/host-header.ts';
import { registerNulTextCheck } from '../src/server/http/nul-text.ts';
import { registerSameOriginCheck } from '../src/server/http/same-origin.ts';
import { registerSecurityHeaders } from '../src/server/http/security.ts';
import { machineLoad } from './support/child.ts';
import { runContext, writeResult } from './support/results.ts';

const requests = Number(process.env.BENCH_HOOK_REQUESTS ?? 5000);
const rounds = Number(process.env.BENCH_HOOK_ROUNDS ?? 7);
const config = parseConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://127.0.0.1:3000' });
// About what GET /api/tools answers with the demo catalogue: 12 products.
const body = JSON.stringify({
  data: Array.from({ length: 12 }, (_, i) => ({ _id: String(i), name: 'x'.repeat(600) })),
});

type Variant = { label: string; logged?: boolean; add?: (app: FastifyInstance) => void };
const VARIANTS: Variant[] = [
  { label: 'Fastify alone' },
  { label: 'request log (info, one JSON line each)', logged: true },
  { label: 'security headers (onRequest)', add: (app) => registerSecurityHeaders(app, config) },
  { label: 'path check (onRequest)', add: registerCanonicalPathCheck },
  { label: 'Host check (onRequest)', add: registerHostHeaderCheck },
  { label: 'same-origin check (onRequest)', add: (app) => registerSameOriginCheck(app, config) },
  { label: 'NUL check (preValidation)', add: registerNulTextCheck },
  { label: 'graceful close (onSend)', add: registerGracefulClose },
  {
    label: 'all of the above',
    logged: true,
    add: (app) => {
      registerSecurityHeaders(app, config);
      registerCanonicalPathCheck(app);
      registerHostHeaderCheck(app);
      registerGracefulClose(app);
      registerSameOriginCheck(app, config);
      registerNulTextCheck(app);
    },
  },
];

async function appOf({ logged, add }: Variant) {
  const app = Fastify({ logger: logged ? { level: 'info', file: '/dev/null' } : false });
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

async function main() {
  const context = runContext();
  console.log(`before the run: ${machineLoad()}`);
  const apps = await Promise.all(VARIANTS.map(appOf));
  for (const app of apps) await round(app); // warm-up: compiled, caches filled
  const samples: number[][] = VARIANTS.map(() => []);
  for (let r = 0; r < rounds; r++) {
    for (const [i, app] of apps.entries()) samples[i]!.push(await round(app));
  }
  const base = median(samples[0]!);
  const figures = VARIANTS.map((v, i) => ({
    hook: v.label,
    microsPerRequest: median(samples[i]!),
    addedMicros: median(samples[i]!) - base,
  }));
  console.log(`\nCPU per request through app.inject (median of ${rounds} rounds of ${requests}):`);
  for (const f of figures) {
    console.log(
      `  ${f.hook.padEnd(40)} ${f.microsPerRequest.toFixed(1).padStart(7)} µs` +
        (f.hook === VARIANTS[0]!.label ? '' : `  (+${f.addedMicros.toFixed(1)} µs)`),
    );
  }
  await Promise.all(apps.map((app) => app.close()));
  writeResult('hooks', { bench: 'hooks', context, settings: { requests, rounds }, figures });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
