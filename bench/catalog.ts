// The catalogue at scale: 100,000 products, on PGlite and on PostgreSQL. Search (`?q=`: name
// words, parts of words, SKUs), paging (near page 1,000 too) and the shop page rendered on the
// server for `?q=`, through our real server, each request a new one (nothing answered from the
// read cache); the shop page in Chromium: how soon its first page of products shows.
// Budgets (issue 24): search and paging p95 under 20 ms, the server-rendered `/shop?q=` p95
// under 50 ms, on both databases.
//
//   BENCH_DATABASE_URL=postgres://dev:dev@127.0.0.1:5432/dev npm run bench:catalog
//
// Needs a web build (dist/web, or BENCH_WEB_DIST). Env: BENCH_DATABASE_URL or DATABASE_URL
// (PostgreSQL too; without it PGlite alone), BENCH_PRODUCTS (default 100000), CHROME_PATH
// (default /usr/bin/chromium), BENCH_RESULTS_DIR.
import { chromium, type Browser } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openPglite, openPostgres, type Database } from '../src/server/db/client.ts';
import { runMigrations } from '../src/server/db/migrate.ts';
import { startAppServer, type AppServer } from './support/app-server.ts';
import { machineLoad } from './support/child.ts';
import { onEachDatabase, type BenchDatabase } from './support/databases.ts';
import { runContext, writeResult } from './support/results.ts';

const BUDGET_P95_MS = 20;
const SHOP_PAGE_BUDGET_P95_MS = 50;
const SITEMAP_FILE_BUDGET_MS = 1000;
const SHOP_FIRST_PAGE_BUDGET_MS = 1000;
const PAGE_SIZE = 12; // the shop page's
const products = Math.max(1000, Math.round(Number(process.env.BENCH_PRODUCTS ?? 100_000)));
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';

// Names like "Trail torque wrench 004217": searches from one matching row to nearly all.
const PREFIXES = [
  'Pro',
  'Sport',
  'Race',
  'Trail',
  'Urban',
  'Classic',
  'Team',
  'Expert',
  'Elite',
  'Tour',
];
const PARTS = [
  'chain whip',
  'brake pads',
  'spoke wrench',
  'tyre levers',
  'cable cutter',
  'torque wrench',
  'hex key set',
  'chain checker',
  'pedal wrench',
  'bottom bracket tool',
  'cassette lockring tool',
  'derailleur hanger',
  'inner tube',
  'disc rotor',
  'brake cable',
  'shift cable',
  'bar tape',
  'saddle clamp',
  'headset spacer',
  'valve core tool',
];
// Each term asked on pages 1 to 3, at 12 and 24 per page.
const SEARCHES = {
  'name words': ['chain whip', 'brake', 'wrench', 'tool', 'race', 'PRO', 'Tour bar tape', 'cable'],
  'parts of words': ['tyre lev', 'hanger 0', 'Elite disc rotor 08', 'clamp', 'spacer 1', 'lockr'],
  SKUs: ['BEN-004217', 'ben-0042', '004217', '99'],
  'one letter or two': ['e', 'ch', '7'],
  'no match': ['xyz'],
};

type Latencies = { count: number; p50: number; p95: number; max: number };

function summarise(samples: number[]): Latencies {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  return { count: sorted.length, p50: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? 0 };
}

/** Inserts the products straight into the database (PGlite: before the server opens it). */
async function seed({ db }: Database) {
  const started = performance.now();
  await db.execute(sql`
    insert into product (sku, name, description, price_cents, stock, image_url, tiers)
    select 'BEN-' || to_char(g, 'FM000000'),
           (${JSON.stringify(PREFIXES)}::jsonb ->> (g % 10)) || ' ' ||
             (${JSON.stringify(PARTS)}::jsonb ->> ((g / 10) % 20)) || ' ' || to_char(g, 'FM000000'),
           'Bench product number ' || g, 100 + (g * 37) % 10000, 50 + g % 5000,
           '/images/products/chain-whip.svg',
           jsonb_build_array(
             jsonb_build_object('minQuantity', 10, 'priceCents', 100 + (g * 37) % 10000))
    from generate_series(1, ${products}::int) g`);
  // A bulk load opens its stock in the ledger as the shop's own writes do.
  await db.execute(sql`
    insert into stock_movement (product_id, delta, reason, actor, note, stock_after)
    select id, stock, 'opening', 'bench', 'Bench load', stock from product
    where not exists (select 1 from stock_movement m where m.product_id = product.id)`);
  // As autovacuum would soon after such a load: fresh statistics and a visibility map.
  await db.execute(sql`vacuum analyze product`);
  return (performance.now() - started) / 1000;
}

/** Sequential GETs, one at a time, each timed from request to last byte. */
async function timeRequests(origin: string, paths: string[]) {
  const samples: number[] = [];
  for (const path of paths) {
    const started = performance.now();
    const response = await fetch(`${origin}${path}`);
    const body = await response.text();
    samples.push(performance.now() - started);
    if (response.status !== 200 || body.length === 0) {
      throw new Error(`GET ${path} answered ${response.status}`);
    }
  }
  return samples;
}

/** /sitemap.xml, and each file its index names: how long each takes and how many URLs it holds. */
async function timeSitemap(origin: string) {
  const timed = async (path: string) => {
    const started = performance.now();
    const body = await (await fetch(`${origin}${path}`)).text();
    return { body, ms: performance.now() - started };
  };
  const index = await timed('/sitemap.xml');
  const paths = [...index.body.matchAll(/<sitemap><loc>([^<]*)<\/loc>/g)].map(
    (m) => new URL(m[1]!).pathname,
  );
  const files = [];
  for (const path of paths.length > 0 ? paths : ['/sitemap.xml']) {
    const { body, ms } = await timed(path);
    files.push({ path, ms, urls: body.split('<url>').length - 1 });
  }
  return { indexMs: index.ms, files };
}

/** How soon a cold browser shows the first product card of `path`. */
async function shopLoad(browser: Browser, url: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await page.goto(url, { waitUntil: 'commit' });
    await page.locator('main article').first().waitFor({ state: 'visible', timeout: 30_000 });
    return await page.evaluate(async () => {
      const lcp = await new Promise<number | null>((resolve) => {
        new PerformanceObserver((list) => {
          const last = list.getEntries().at(-1);
          resolve(last ? last.startTime : null);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(null), 1000);
      });
      return { firstCardMs: performance.now(), lcpMs: lcp };
    });
  } finally {
    await context.close();
  }
}

/**
 * The server on a catalogue of `products`. PGlite is opened by one process at a time: the
 * products go in (through the migrations) before the server opens its directory. On PostgreSQL
 * the server makes the tables, then they are filled.
 */
async function serveCatalogue({ kind, url }: BenchDatabase) {
  const env = { SEED_DEMO: 'false' };
  if (kind === 'postgres') {
    const server = await startAppServer({ databaseUrl: url, env });
    const database = openPostgres(url!, 2);
    try {
      return { server, seedSeconds: await seed(database), cleanUp: () => {} };
    } finally {
      await database.close();
    }
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'ecparts-bench-catalog-'));
  const database = openPglite(dataDir);
  let seedSeconds: number;
  try {
    await runMigrations(database);
    seedSeconds = await seed(database);
  } finally {
    await database.close();
  }
  const server = await startAppServer({ env: { ...env, DATA_DIR: dataDir } });
  return { server, seedSeconds, cleanUp: () => rmSync(dataDir, { recursive: true, force: true }) };
}

const ms = (n: number | null) => (n === null ? '-' : `${n.toFixed(1)} ms`);
const verdict = (l: Latencies, budget: number) => (l.p95 < budget ? 'PASS' : 'FAIL');

async function measure(database: BenchDatabase) {
  const loadAtStart = machineLoad();
  console.log(`\n${database.kind}: seeding ${products.toLocaleString('en-US')} products…`);
  const { server, seedSeconds, cleanUp } = await serveCatalogue(database);
  let browser: Browser | undefined;
  try {
    return await timeCatalogue(server, database.kind, seedSeconds, loadAtStart, (b) => {
      browser = b;
    });
  } finally {
    await (browser as Browser | undefined)?.close().catch(() => {});
    await server.stop();
    cleanUp();
  }
}

async function timeCatalogue(
  server: AppServer,
  kind: string,
  seedSeconds: number,
  loadAtStart: string,
  keepBrowser: (browser: Browser) => void,
) {
  const totalPages = Math.ceil(products / PAGE_SIZE);
  // Every path below is asked once: each is a miss in the read cache, so a database query.
  const searchPath = (q: string, page: number, limit: number) =>
    `/api/tools?q=${encodeURIComponent(q)}&page=${page}&limit=${limit}`;
  const byKind = Object.entries(SEARCHES).map(([label, terms]) => ({
    label,
    paths: terms.flatMap((q) =>
      [1, 2, 3].flatMap((page) => [PAGE_SIZE, 24].map((limit) => searchPath(q, page, limit))),
    ),
  }));
  const pages = new Set<number>([1, 2, totalPages, totalPages - 1, Math.ceil(totalPages / 2)]);
  for (let i = 1; pages.size < 150; i++) pages.add(1 + ((i * 7919) % totalPages));
  const pagingPaths = [...pages].map((page) => `/api/tools?page=${page}&limit=${PAGE_SIZE}`);
  // Near page 1,000: pages not asked above, at 12 and at 24 per page.
  const farPaths = Array.from({ length: 30 }, (_, i) => 985 + i).flatMap((page) => [
    ...(pages.has(page) ? [] : [`/api/tools?page=${page}&limit=${PAGE_SIZE}`]),
    `/api/tools?page=${page}&limit=24`,
  ]);
  const shopPaths = Object.values(SEARCHES)
    .flat()
    .flatMap((q) => [1, 2].map((page) => `/shop?q=${encodeURIComponent(q)}&page=${page}`));

  console.log('warming up…');
  await timeRequests(server.origin, [
    '/api/tools?limit=13',
    '/api/tools?q=warm&limit=13',
    '/shop?q=warm',
    ...[3, 4, 5].map((p) => `/api/tools?page=${p}&limit=11`),
  ]);
  const searches = [];
  for (const { label, paths } of byKind) {
    searches.push({ label, samples: await timeRequests(server.origin, paths) });
  }
  const search = summarise(
    searches.filter((s) => s.label !== 'no match').flatMap((s) => s.samples),
  );
  const paging = summarise(await timeRequests(server.origin, pagingPaths));
  const pagingFar = summarise(await timeRequests(server.origin, farPaths));
  const cached = summarise(await timeRequests(server.origin, pagingPaths.slice(0, 100)));
  const shopSearch = summarise(await timeRequests(server.origin, shopPaths));

  const sitemap = await timeSitemap(server.origin);

  console.log('loading the shop page in Chromium…');
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox'] });
  keepBrowser(browser);
  const shop: Record<string, { firstCardMs: number; lcpMs: number | null }[]> = {};
  for (const path of ['/shop', '/shop?q=wrench', `/shop?page=${Math.ceil(totalPages / 2)}`]) {
    shop[path] = [];
    for (let i = 0; i < 4; i++) shop[path].push(await shopLoad(browser, `${server.origin}${path}`));
  }

  const shopFirst = shop['/shop']?.[0]?.firstCardMs ?? Infinity;
  const pass = {
    search: search.p95 < BUDGET_P95_MS,
    paging: paging.p95 < BUDGET_P95_MS && pagingFar.p95 < BUDGET_P95_MS,
    shopSearch: shopSearch.p95 < SHOP_PAGE_BUDGET_P95_MS,
    shopFirstPage: shopFirst < SHOP_FIRST_PAGE_BUDGET_MS,
    sitemap: sitemap.files.every((f) => f.ms < SITEMAP_FILE_BUDGET_MS && f.urls <= 50_000),
  };
  console.log(
    `\n${products.toLocaleString('en-US')} products on ${kind} (seeded in ${seedSeconds.toFixed(1)} s); ` +
      `before the run: ${loadAtStart}`,
  );
  console.log('requests, one at a time, each new (read cache missed):');
  const rows: [string, Latencies][] = [
    ...searches.map((s) => [`search: ${s.label}`, summarise(s.samples)] as [string, Latencies]),
    ['search, all but no match', search],
    ['paging ?page=', paging],
    ['paging near page 1,000', pagingFar],
    ['paging, again (cache hits)', cached],
    ['shop page /shop?q= (HTML)', shopSearch],
  ];
  for (const [label, l] of rows) {
    console.log(
      `  ${label.padEnd(30)} n=${String(l.count).padStart(3)}  p50 ${ms(l.p50).padStart(9)}  ` +
        `p95 ${ms(l.p95).padStart(9)}  max ${ms(l.max).padStart(9)}`,
    );
  }
  console.log('shop page, cold browser each time (first load first): first product card shown at');
  for (const [path, loads] of Object.entries(shop)) {
    console.log(
      `  ${path.padEnd(16)} ${loads.map((l) => ms(l.firstCardMs)).join(', ')}` +
        `  (LCP ${loads.map((l) => ms(l.lcpMs)).join(', ')})`,
    );
  }
  console.log(
    `sitemap: the index in ${ms(sitemap.indexMs)}; ` +
      sitemap.files
        .map((f) => `${f.path} ${f.urls.toLocaleString('en-US')} URLs in ${ms(f.ms)}`)
        .join(', '),
  );
  console.log('Budgets');
  console.log(
    `  search p95  ${ms(search.p95)}  need < ${BUDGET_P95_MS} ms  ${verdict(search, BUDGET_P95_MS)}`,
  );
  console.log(
    `  paging p95  ${ms(paging.p95)}, near page 1,000 ${ms(pagingFar.p95)}  need < ${BUDGET_P95_MS} ms  ${pass.paging ? 'PASS' : 'FAIL'}`,
  );
  console.log(
    `  /shop?q= p95 ${ms(shopSearch.p95)}  need < ${SHOP_PAGE_BUDGET_P95_MS} ms  ${verdict(shopSearch, SHOP_PAGE_BUDGET_P95_MS)}`,
  );
  console.log(
    `  sitemap files of <= 50,000 URLs, each within ${SITEMAP_FILE_BUDGET_MS} ms  ${pass.sitemap ? 'PASS' : 'FAIL'}`,
  );
  console.log(
    `  /shop first page (first load) ${ms(shopFirst)}  need < ${SHOP_FIRST_PAGE_BUDGET_MS} ms ` +
      `(local, unthrottled)  ${pass.shopFirstPage ? 'PASS' : 'FAIL'}`,
  );
  return {
    database: kind,
    loadAtStart,
    seedSeconds,
    searches: searches.map((s) => ({ label: s.label, ...summarise(s.samples) })),
    search,
    paging,
    pagingFar,
    pagingCached: cached,
    shopSearch,
    shop,
    sitemap,
    pass,
  };
}

async function main() {
  const context = runContext();
  const outcomes = await onEachDatabase(measure);
  writeResult('catalog', {
    bench: 'catalog',
    context,
    settings: { products, pageSize: PAGE_SIZE, searches: SEARCHES },
    budget: {
      p95Ms: BUDGET_P95_MS,
      shopSearchP95Ms: SHOP_PAGE_BUDGET_P95_MS,
      shopFirstPageMs: SHOP_FIRST_PAGE_BUDGET_MS,
    },
    outcomes,
    pass: outcomes.every((o) => Object.values(o.pass).every(Boolean)),
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
