// Rewrites the "Last measured" section of bench/README.md from the newest result of each
// benchmark in bench/results/ (or BENCH_RESULTS_DIR). `npm run bench` ends with it.
//
//   npm run bench:summary
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as prettier from 'prettier';
import { catalogSummary, memorySummary } from './summarise-scale.ts';
import { repoRoot } from './support/child.ts';
import { context, n, newest, table, verdict, type Context } from './support/markdown.ts';

const START = '<!-- last-measured:start -->';
const END = '<!-- last-measured:end -->';
const resultsDir = process.env.BENCH_RESULTS_DIR || join(repoRoot, 'bench', 'results');
const readme = join(repoRoot, 'bench', 'README.md');

type Measured = {
  reqPerSec: number;
  p99: number;
  cpuMicrosPerRequest: number | null;
  peakRssMiB: number | null;
};
type ApiResult = {
  context: Context;
  settings: { connections: number; durationSeconds: number };
  outcomes: {
    database: string;
    endpoints: {
      endpoint: string;
      bare: Measured;
      ours: Measured;
      ratio: number;
      budget?: number;
      pass: boolean;
    }[];
  }[];
};
type OrdersResult = {
  context: Context;
  settings: { connections: number; durationSeconds: number };
  outcomes: {
    database: string;
    throughput: { ordersPerSec: number; p99: number; peakRssMiB: number | null };
    noOversell: { created: number; refused: number; stockAfter: number; pass: boolean };
  }[];
};
type CheckoutRate = { perSec: number; p99: number; done: number };
type CheckoutsResult = {
  context: Context;
  settings: { connections: number; durationSeconds: number; linesPerCart: number };
  outcomes: {
    database: string;
    orders: CheckoutRate;
    checkouts: CheckoutRate;
    costInOrders: number;
    cpuCostInOrders: number | null;
    pass: boolean;
  }[];
};
type OverviewResult = {
  context: Context;
  budgetP95Ms: number;
  outcomes: {
    database: string;
    orders: number;
    calls: number;
    p50: number;
    p95: number;
    p99: number;
    pass: boolean;
  }[];
};

type WebResult = {
  context: Context;
  lighthouse: { version: string; chrome?: string };
  pages: {
    page: string;
    endedOn: string;
    path: string;
    scores: Record<string, number>;
    pass: boolean;
  }[];
  javascriptForHome: { gzipBytes: number; budgetBytes: number };
  serverRss: { afterStartMiB: number; peakMiB: number };
};

function summary() {
  const parts: string[] = [];
  const api = newest<ApiResult>('api');
  if (api) {
    const { result: r } = api;
    parts.push(
      `### API (\`bench/api.ts\`)\n\n${context(r.context, api.file)}; ${r.settings.connections} ` +
        `connections, ${r.settings.durationSeconds} s per server.\n\n` +
        table(
          [
            'database',
            'endpoint',
            'bare req/s',
            'ours req/s',
            'ours/bare',
            'bare p99 ms',
            'ours p99 ms',
            'ours peak RSS MiB',
            'budget (ours/bare at least)',
          ],
          r.outcomes.flatMap((o) =>
            o.endpoints.map((e) => [
              o.database,
              `\`${e.endpoint}\``,
              n(e.bare.reqPerSec),
              n(e.ours.reqPerSec),
              n(e.ratio, 2),
              n(e.bare.p99),
              n(e.ours.p99),
              n(e.ours.peakRssMiB),
              `${verdict(e.pass)} (${e.budget ?? 0.5})`,
            ]),
          ),
        ),
    );
  }
  const orders = newest<OrdersResult>('orders');
  if (orders) {
    const { result: r } = orders;
    parts.push(
      `### Orders (\`bench/orders.ts\`)\n\n${context(r.context, orders.file)}; ` +
        `${r.settings.connections} connections, ${r.settings.durationSeconds} s.\n\n` +
        table(
          [
            'database',
            'orders/s',
            'p99 ms',
            'peak RSS MiB',
            '1,000 × 10 vs stock 5,000',
            'no oversell',
          ],
          r.outcomes.map((o) => [
            o.database,
            n(o.throughput.ordersPerSec),
            n(o.throughput.p99),
            n(o.throughput.peakRssMiB),
            `${o.noOversell.created} placed, ${o.noOversell.refused} refused, stock ${o.noOversell.stockAfter}`,
            verdict(o.noOversell.pass),
          ]),
        ),
    );
  }
  const checkouts = newest<CheckoutsResult>('checkouts');
  if (checkouts) {
    const { result: r } = checkouts;
    const lines = r.settings.linesPerCart;
    parts.push(
      `### Checkouts (\`bench/checkouts.ts\`)\n\n${context(r.context, checkouts.file)}; ` +
        `${r.settings.connections} connections; one-line orders for ${r.settings.durationSeconds} s, ` +
        `then as many ${lines}-line carts as fill about as long, checked out one per customer.\n\n` +
        table(
          [
            'database',
            'one-line orders/s',
            'order p99 ms',
            `${lines}-line checkouts/s`,
            'checkout p99 ms',
            'checkouts placed',
            'a checkout costs (orders, by rate)',
            '(by server CPU)',
            `budget < ${lines}`,
          ],
          r.outcomes.map((o) => [
            o.database,
            n(o.orders.perSec),
            n(o.orders.p99),
            n(o.checkouts.perSec),
            n(o.checkouts.p99),
            n(o.checkouts.done),
            n(o.costInOrders, 2),
            n(o.cpuCostInOrders, 2),
            verdict(o.pass),
          ]),
        ),
    );
  }
  const overview = newest<OverviewResult>('overview');
  if (overview) {
    const { result: r } = overview;
    parts.push(
      `### Admin overview (\`bench/overview.ts\`)\n\n${context(r.context, overview.file)}; ` +
        "`GET /api/admin/overview` in process with an admin's session, one call after another.\n\n" +
        table(
          [
            'database',
            'orders',
            'calls',
            'p50 ms',
            'p95 ms',
            'p99 ms',
            `budget p95 ≤ ${r.budgetP95Ms}`,
          ],
          r.outcomes.map((o) => [
            o.database,
            n(o.orders),
            n(o.calls),
            n(o.p50, 1),
            n(o.p95, 1),
            n(o.p99, 1),
            verdict(o.pass),
          ]),
        ),
    );
  }
  parts.push(...catalogSummary(), ...memorySummary());
  const web = newest<WebResult>('web');
  if (web) {
    const { result: r } = web;
    const js = r.javascriptForHome;
    parts.push(
      `### Web (\`bench/web.ts\`)\n\n${context(r.context, web.file)}; Lighthouse ` +
        `${r.lighthouse.version}, mobile, ${r.lighthouse.chrome ?? 'Chrome'}.\n\n` +
        table(
          [
            'page',
            'path',
            'performance',
            'accessibility',
            'best practices',
            'SEO',
            'budget 100 each',
          ],
          r.pages.map((p) => [
            `\`${p.page}\`${p.endedOn !== p.path ? ` (ended on \`${p.endedOn}\`)` : ''}`,
            `\`${p.path}\``,
            String(p.scores.performance),
            String(p.scores.accessibility),
            String(p.scores['best-practices']),
            String(p.scores.seo),
            verdict(p.pass),
          ]),
        ) +
        `\n\nJavaScript for \`/\`: ${n(js.gzipBytes)} bytes gzip (budget ${n(js.budgetBytes)}) ` +
        `${verdict(js.gzipBytes <= js.budgetBytes)}. Server RSS: ${n(r.serverRss.afterStartMiB)} MiB ` +
        `after start, ${n(r.serverRss.peakMiB)} MiB at most during the Lighthouse runs.`,
    );
  }
  return parts.length ? parts.join('\n\n') : '(no results yet: run `npm run bench`)';
}

const text = readFileSync(readme, 'utf8');
const start = text.indexOf(START);
const end = text.indexOf(END);
if (start < 0 || end < start)
  throw new Error(`bench/README.md lacks the ${START} … ${END} markers`);
const next = `${text.slice(0, start + START.length)}\n\n${summary()}\n\n${text.slice(end)}`;
// Formatted as the repository's own check (prettier --check) expects.
const options = await prettier.resolveConfig(readme);
writeFileSync(readme, await prettier.format(next, { ...options, filepath: readme }));
console.log(`bench/README.md: "Last measured" rewritten from ${resultsDir}`);
