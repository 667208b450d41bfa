// Lighthouse (mobile, its default) on the built app served by our real server, the JavaScript
// weight of the first paint of /, and the server's memory while it serves them.
// Budgets (docs: /work/shared/DESIGN.md, "Budgets"; issue 6): 100 in performance,
// accessibility, best practices and SEO on /, /shop, /blog, /blogs/{id}, /products/{id} (issue
// 13), /tools/{id} (signed in) and /login; JavaScript for / <= 120 KB gzip.
//
//   npm run bench:web            (builds first; `tsx bench/web.ts` alone uses the last build)
//
// Env: CHROME_PATH (default /usr/bin/chromium), BENCH_LIGHTHOUSE_RUNS (runs per page, the
// median by performance is kept; default 3), BENCH_REPORT_DIR (write each page's Lighthouse
// JSON there), BENCH_WEB_DIST (serve another build than dist/web), BENCH_RESULTS_DIR.
import { mkdirSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS } from '../e2e/support/chromium.ts';
import { startAppServer } from './support/app-server.ts';
import { machineLoad, processStats } from './support/child.ts';
import { printTable, runContext, writeResult } from './support/results.ts';
import { sessionFor } from './support/shop-client.ts';

const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const JS_BUDGET_BYTES = 120 * 1024; // "120 KB gzip", counted as Lighthouse counts KiB
// The demo customer (src/server/auth/demo-accounts.ts), seeded when not in production.
const DEMO_CUSTOMER = { email: 'customer@ecparts.test', password: 'customer-demo-2026' };

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];
type Page = { label: string; path: string; signedIn?: boolean; note?: string };
type Scored = { page: Page; lhr: Result; scores: Record<(typeof CATEGORIES)[number], number> };
type NetworkItem = {
  url: string;
  resourceType?: string;
  transferSize?: number;
  rendererStartTime?: number;
};
type JsRow = {
  path: string;
  beforeFcp: boolean;
  transfer: number;
  raw: number;
  gzip6: number;
  gzip9: number;
};

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** GET without Accept-Encoding: the bytes of the file as built, uncompressed. */
function fetchRaw(url: string): Promise<Buffer> {
  return new Promise((resolvePromise, reject) => {
    get(url, { headers: { 'accept-encoding': 'identity' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        if (response.statusCode !== 200) reject(new Error(`${url}: ${response.statusCode}`));
        else if (response.headers['content-encoding']) reject(new Error(`${url} came encoded`));
        else resolvePromise(Buffer.concat(chunks));
      });
      response.on('error', reject);
    }).on('error', reject);
  });
}

function scoresOf(lhr: Result) {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    seo: score('seo'),
  };
}

function failingAudits(lhr: Result, category: string) {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  return refs.flatMap((ref) => {
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= 1) return [];
    if (['informative', 'notApplicable', 'manual', 'error'].includes(audit.scoreDisplayMode)) {
      return [];
    }
    const value = audit.displayValue ? `, ${audit.displayValue}` : '';
    return [`${ref.id}: ${audit.title} (score ${audit.score}${value}, weight ${ref.weight})`];
  });
}

function printScores(scored: Scored[]) {
  printTable(
    ['page', ...CATEGORIES],
    scored.map((s) => [s.page.label, ...CATEGORIES.map((c) => String(s.scores[c]))]),
  );
}

/**
 * The scripts Lighthouse saw loading for a page: bytes on the wire (brotli, from its
 * network-requests audit), and the same files fetched uncompressed and gzipped here.
 */
async function homeJavaScript(lhr: Result) {
  const details = lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined;
  const metrics = lhr.audits.metrics?.details as
    { items?: { observedFirstContentfulPaint?: number }[] } | undefined;
  const fcp = metrics?.items?.[0]?.observedFirstContentfulPaint ?? Infinity;
  const rows: JsRow[] = [];
  for (const item of details?.items ?? []) {
    if (item.resourceType !== 'Script') continue;
    const raw = await fetchRaw(item.url);
    rows.push({
      path: new URL(item.url).pathname,
      beforeFcp: (item.rendererStartTime ?? Infinity) < fcp,
      transfer: item.transferSize ?? 0,
      raw: raw.length,
      gzip6: gzipSync(raw).length,
      gzip9: gzipSync(raw, { level: 9 }).length,
    });
  }
  const sum = (list: JsRow[], path: string): JsRow => ({
    path,
    beforeFcp: list.every((r) => r.beforeFcp),
    transfer: list.reduce((t, r) => t + r.transfer, 0),
    raw: list.reduce((t, r) => t + r.raw, 0),
    gzip6: list.reduce((t, r) => t + r.gzip6, 0),
    gzip9: list.reduce((t, r) => t + r.gzip9, 0),
  });
  const early = rows.filter((r) => r.beforeFcp);
  return {
    rows,
    fcp,
    total: sum(rows, 'total'),
    beforeFcp: sum(early, `requested before first paint (${early.length})`),
  };
}

function printJavaScript(js: Awaited<ReturnType<typeof homeJavaScript>>) {
  console.log(
    `\nJavaScript loaded for / (${js.rows.length} scripts; first paint observed at ${Math.round(js.fcp)} ms)`,
  );
  const rows = [...js.rows, js.total, js.beforeFcp];
  const w = Math.max(...rows.map((r) => r.path.length));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(w) : c.padStart(11))).join('  ');
  console.log(line(['file', 'on the wire', 'raw', 'gzip -6', 'gzip -9', 'before FCP']));
  for (const r of rows) {
    const early = rows.indexOf(r) < js.rows.length ? (r.beforeFcp ? 'yes' : 'no') : '';
    console.log(line([r.path, kib(r.transfer), kib(r.raw), kib(r.gzip6), kib(r.gzip9), early]));
  }
  console.log(
    '(on the wire: transfer size Lighthouse saw, brotli with headers; gzip: the raw files ' +
      'compressed here with node:zlib at its default level 6 and at 9; before FCP: requested ' +
      'before the observed first contentful paint)',
  );
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART, ...): such a run is retried. */
const AUDIT_TRIES = 3;

async function audit(url: string, port: number, cookie?: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(url, port, cookie);
    } catch (err) {
      if (attempt >= AUDIT_TRIES) throw err;
      console.log(`  retrying: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}

async function auditOnce(url: string, port: number, cookie?: string) {
  const run = await lighthouse(url, {
    port,
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    // Lighthouse 12's full-page screenshot stretches the emulated viewport to the page's whole
    // height, which brings every "load when near view" section into view: skip it.
    disableFullPageScreenshot: true,
  });
  if (!run) throw new Error(`lighthouse returned nothing for ${url}`);
  if (run.lhr.runtimeError) {
    throw new Error(`lighthouse failed on ${url}: ${run.lhr.runtimeError.message}`);
  }
  return { lhr: run.lhr, report: String(run.report) };
}

async function main() {
  const runs = Math.max(1, Math.round(Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3)) || 1);
  const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
  const reportDir = process.env.BENCH_REPORT_DIR;
  const loadAtStart = machineLoad();
  if (reportDir) mkdirSync(reportDir, { recursive: true });
  const context = runContext();
  // Development mode (`npm start` is production) for one reason: it seeds the demo accounts, so
  // the signed-in page can use the demo customer. The pages served are the same as in production.
  const server = await startAppServer({ env: { NODE_ENV: 'development' } });
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  let peakRss = processStats(server.pid)?.rssBytes ?? 0;
  const rssAtStart = peakRss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, processStats(server.pid)?.rssBytes ?? 0);
  }, 200);
  try {
    const firstOf = async (path: string) => {
      const list = (await (await fetch(`${server.origin}${path}`)).json()) as {
        data?: { _id: string }[];
      };
      const id = list.data?.[0]?._id;
      if (!id) throw new Error(`GET ${path} returned nothing`);
      return id;
    };
    const toolId = await firstOf('/api/tools');
    const blogId = await firstOf('/api/blogs');
    const cookie = await sessionFor(server.origin, DEMO_CUSTOMER);
    const allPages: Page[] = [
      { label: '/', path: '/' },
      { label: '/shop', path: '/shop' },
      { label: '/blog', path: '/blog' },
      { label: '/blogs/{id}', path: `/blogs/${blogId}` },
      { label: '/products/{id}', path: `/products/${toolId}` },
      { label: '/tools/{id}', path: `/tools/${toolId}`, signedIn: true },
      { label: '/login', path: '/login' },
    ];
    // BENCH_PAGES=/,/shop measures some of them (a quick check while working; not a record).
    const only = process.env.BENCH_PAGES?.split(',');
    const pages = only ? allPages.filter((p) => only.includes(p.label)) : allPages;

    chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
    const scored: Scored[] = [];
    for (const page of pages) {
      const url = `${server.origin}${page.path}`;
      const lhrs: { lhr: Result; report: string }[] = [];
      for (let i = 0; i < runs; i++) {
        console.log(`lighthouse ${url}${runs > 1 ? ` (run ${i + 1}/${runs})` : ''}`);
        lhrs.push(await audit(url, chrome.port, page.signedIn ? cookie : undefined));
      }
      // Several runs: keep the one with the median performance score, as Lighthouse advises.
      lhrs.sort(
        (a, b) =>
          (a.lhr.categories.performance?.score ?? 0) - (b.lhr.categories.performance?.score ?? 0),
      );
      const chosen = lhrs[Math.floor(lhrs.length / 2)];
      if (!chosen) throw new Error(`no result for ${url}`);
      const { lhr } = chosen;
      const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
      if (finalPath !== page.path) page.note = `ended on ${finalPath}`;
      for (const warning of lhr.runWarnings) console.log(`  warning: ${warning}`);
      if (reportDir) {
        const file = page.label === '/' ? 'home' : page.label.replace(/[^a-z0-9]+/gi, '-');
        writeFileSync(join(reportDir, `${file.replace(/^-|-$/g, '')}.json`), chosen.report);
      }
      scored.push({ page, lhr, scores: scoresOf(lhr) });
    }

    const home = scored[0];
    if (!home) throw new Error('no result for /');
    const js = await homeJavaScript(home.lhr);

    const chromeVersion = /Chrome\/[\d.]+/.exec(home.lhr.environment.hostUserAgent)?.[0];
    console.log(
      `\nLighthouse ${home.lhr.lighthouseVersion}, mobile (simulated throttling), ${chromeVersion ?? 'Chrome'}, ` +
        `benchmark index ${home.lhr.environment.benchmarkIndex}`,
    );
    console.log(`before the run: ${loadAtStart}\n`);
    printScores(scored);
    for (const s of scored) {
      if (s.page.note) console.log(`note: ${s.page.label} (${s.page.path}) ${s.page.note}`);
    }

    for (const s of scored) {
      const below = CATEGORIES.filter((c) => s.scores[c] < 100);
      if (below.length === 0) continue;
      console.log(`\n${s.page.label}: failing audits`);
      for (const category of below) {
        console.log(`  [${category} ${s.scores[category]}]`);
        const audits = failingAudits(s.lhr, category);
        for (const audit of audits) console.log(`    ${audit}`);
        if (audits.length === 0) console.log('    (no audit below 1; metric scores round down)');
      }
    }

    printJavaScript(js);

    clearInterval(sampler);
    const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
    console.log(
      `\nServer memory (RSS): ${mib(rssAtStart)} after start, ${mib(peakRss)} at most while ` +
        'Lighthouse loaded the pages',
    );

    // A page that ended elsewhere (a guard sending it to /login) was not measured.
    const pagePass = (s: Scored) => !s.page.note && CATEGORIES.every((c) => s.scores[c] === 100);
    console.log('\nBudgets');
    for (const s of scored) {
      const pass = pagePass(s);
      const detail = CATEGORIES.map((c) => s.scores[c]).join('/');
      const note = s.page.note ? ` (${s.page.note})` : '';
      console.log(
        `  ${s.page.label.padEnd(14)} ${detail.padEnd(15)} need 100/100/100/100  ${pass ? 'PASS' : 'FAIL'}${note}`,
      );
    }
    // The budget is the JavaScript of the first paint: the scripts requested before it. What
    // loads later (below-the-fold sections once the page is idle) is listed above, not counted.
    const gzip = Math.max(js.beforeFcp.gzip6, js.beforeFcp.gzip9);
    console.log(
      `  JS for /     ${gzip} bytes gzip (${kib(gzip)})  need <= ${JS_BUDGET_BYTES} (120 KiB)  ` +
        `${gzip <= JS_BUDGET_BYTES ? 'PASS' : 'FAIL'}`,
    );
    writeResult('web', {
      bench: 'web',
      context,
      lighthouse: {
        version: home.lhr.lighthouseVersion,
        chrome: chromeVersion,
        benchmarkIndex: home.lhr.environment.benchmarkIndex,
        runsPerPage: runs,
      },
      pages: scored.map((s) => ({
        page: s.page.label,
        path: s.page.path,
        signedIn: Boolean(s.page.signedIn),
        endedOn: new URL(s.lhr.finalDisplayedUrl).pathname,
        scores: s.scores,
        failingAudits: Object.fromEntries(
          CATEGORIES.filter((c) => s.scores[c] < 100).map((c) => [c, failingAudits(s.lhr, c)]),
        ),
        metrics: {
          firstContentfulPaintMs: s.lhr.audits['first-contentful-paint']?.numericValue,
          largestContentfulPaintMs: s.lhr.audits['largest-contentful-paint']?.numericValue,
          totalBlockingTimeMs: s.lhr.audits['total-blocking-time']?.numericValue,
          cumulativeLayoutShift: s.lhr.audits['cumulative-layout-shift']?.numericValue,
        },
        pass: pagePass(s),
      })),
      javascriptForHome: { ...js, budgetBytes: JS_BUDGET_BYTES, gzipBytes: gzip },
      serverRss: { afterStartMiB: rssAtStart / 2 ** 20, peakMiB: peakRss / 2 ** 20 },
      pass: scored.every(pagePass) && gzip <= JS_BUDGET_BYTES,
    });
  } finally {
    clearInterval(sampler);
    if (chrome) await Promise.resolve(chrome.kill()).catch(() => {});
    await server.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
