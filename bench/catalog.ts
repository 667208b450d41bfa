// The catalogue at scale: 100,000 products on PostgreSQL. Search (`?q=`) and paging through our
// real server, each request a new one (nothing answered from the read cache), and the shop page
// in Chromium: how soon its first page of products shows.
// Budget (issue 6): search and paging p95 under 50 ms on PostgreSQL.
//
//   BENCH_DATABASE_URL=postgres://dev:dev@127.0.0.1:5432/dev npm run bench:catalog
//
// Needs a web build (dist/web, or BENCH_WEB_DIST) for the shop page. Env: BENCH_DATABASE_URL
// or DATABASE_URL (required; without it the script says so and does nothing), BENCH_PRODUCTS
// (default 100000), CHROME_PATH (default /usr/bin/chromium), BENCH_RESULTS_DIR.
import { chromium, type Browser } from '@playwright/test';
import pg from 'pg';
import { startAppServer } from './support/app-server.ts';
import { machineLoad } from './support/child.ts';
import { postgresUrl, throwawayDatabase } from './support/databases.ts';
import { runContext, writeResult } from './support/results.ts';

const BUDGET_P95_MS = 50;
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
const SEARCHES = [
  'chain whip',
  'brake',
  'wrench',
  'tool',
  'race',
  'PRO',
  'e',
  'ch',
  'tyre lev',
  'Tour bar tape',
  '004217',
  '7',
  '99',
  'xyz',
  'hanger 0',
  'Elite disc rotor 08',
  'cable',
  'clamp',
  'spacer 1',
  'lockring',
];

type Latencies = { count: number; p50: number; p95: number; max: number };

function summarise(samples: number[]): Latencies {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  return { count: sorted.length, p50: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? 0 };
}

async function seed(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = performance.now();
    await client.query(
      `insert into product (sku, name, description, price_cents, stock, image_url, tiers)
       select 'BEN-' || to_char(g, 'FM000000'),
              ($2::text[])[1 + g % 10] || ' ' || ($3::text[])[1 + (g / 10) % 20] || ' ' ||
                to_char(g, 'FM000000'),
              'Bench product number ' || g, 100 + (g * 37) % 10000, 50 + g % 5000,
              '/images/products/chain-whip.svg',
              jsonb_build_array(
                jsonb_build_object('minQuantity', 10, 'priceCents', 100 + (g * 37) % 10000))
       from generate_series(1, $1::int) g`,
      [products, PREFIXES, PARTS],
    );
    // A bulk load opens its stock in the ledger as the shop's own writes do.
    await client.query(
      `insert into stock_movement (product_id, delta, reason, actor, note, stock_after)
       select id, stock, 'opening', 'bench', 'Bench load', stock from product
       where not exists (select 1 from stock_movement m where m.product_id = product.id)`,
    );
    // As autovacuum would soon after such a load: fresh statistics and a visibility map.
    await client.query('vacuum analyze product');
    return (performance.now() - started) / 1000;
  } finally {
    await client.end();
  }
}

/** Sequential GETs, one at a time, each timed from request to last byte. */
async function timeRequests(origin: string, paths: string[]) {
  const samples: number[] = [];
  for (const path of paths) {
    const started = performance.now();
    const response = await fetch(`${origin}${path}`);
    const body = (await response.json()) as { data?: unknown[] };
    samples.push(performance.now() - started);
    if (response.status !== 200 || !Array.isArray(body.data)) {
      throw new Error(`GET ${path} answered ${response.status}`);
    }
  }
  return samples;
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

async function main() {
  if (!postgresUrl) {
    console.log('bench/catalog.ts runs on PostgreSQL: set BENCH_DATABASE_URL (nothing measured)');
    return;
  }
  const context = runContext();
  const loadAtStart = machineLoad();
  const database = await throwawayDatabase(postgresUrl);
  const interrupted = () => void database.drop().finally(() => process.exit(130));
  process.once('SIGINT', interrupted);
  let browser: Browser | undefined;
  const server = await startAppServer({
    databaseUrl: database.url,
    env: { SEED_DEMO: 'false' },
  }).catch(async (err: unknown) => {
    await database.drop();
    throw err;
  });
  try {
    console.log(`seeding ${products.toLocaleString('en-US')} products…`);
    const seedSeconds = await seed(database.url);
    const totalPages = Math.ceil(products / PAGE_SIZE);

    // Every path below is asked once: each is a miss in the read cache, so a database query.
    const searchPaths = SEARCHES.flatMap((q) =>
      [1, 2, 3].flatMap((page) =>
        [PAGE_SIZE, 24].map(
          (limit) => `/api/tools?q=${encodeURIComponent(q)}&page=${page}&limit=${limit}`,
        ),
      ),
    );
    const pages = new Set<number>([1, 2, totalPages, totalPages - 1, Math.ceil(totalPages / 2)]);
    for (let i = 1; pages.size < 150; i++) pages.add(1 + ((i * 7919) % totalPages));
    const pagingPaths = [...pages].map((page) => `/api/tools?page=${page}&limit=${PAGE_SIZE}`);

    console.log('warming up…');
    await timeRequests(server.origin, [
      '/api/tools?limit=13',
      '/api/tools?q=warm&limit=13',
      ...[3, 4, 5].map((p) => `/api/tools?page=${p}&limit=11`),
    ]);
    console.log(
      `timing ${searchPaths.length} searches and ${pagingPaths.length} pages, one at a time…`,
    );
    const search = summarise(await timeRequests(server.origin, searchPaths));
    const paging = summarise(await timeRequests(server.origin, pagingPaths));
    const cached = summarise(await timeRequests(server.origin, pagingPaths.slice(0, 100)));

    console.log('loading the shop page in Chromium…');
    browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox'] });
    const shop: Record<string, { firstCardMs: number; lcpMs: number | null }[]> = {};
    for (const path of ['/shop', '/shop?q=wrench', `/shop?page=${Math.ceil(totalPages / 2)}`]) {
      shop[path] = [];
      for (let i = 0; i < 4; i++)
        shop[path].push(await shopLoad(browser, `${server.origin}${path}`));
    }

    const searchPass = search.p95 < BUDGET_P95_MS;
    const pagingPass = paging.p95 < BUDGET_P95_MS;
    const shopFirst = shop['/shop']?.[0]?.firstCardMs ?? Infinity;
    const shopPass = shopFirst < SHOP_FIRST_PAGE_BUDGET_MS;
    const ms = (n: number | null) => (n === null ? '-' : `${n.toFixed(1)} ms`);

    console.log(
      `\n${products.toLocaleString('en-US')} products on PostgreSQL (seeded in ${seedSeconds.toFixed(1)} s); ` +
        `before the run: ${loadAtStart}`,
    );
    console.log('requests, one at a time, each new (read cache missed):');
    for (const [label, l] of [
      ['search ?q=', search],
      ['paging ?page=', paging],
      ['paging, again (cache hits)', cached],
    ] as const) {
      console.log(
        `  ${label.padEnd(27)} n=${String(l.count).padStart(3)}  p50 ${ms(l.p50).padStart(9)}  ` +
          `p95 ${ms(l.p95).padStart(9)}  max ${ms(l.max).padStart(9)}`,
      );
    }
    console.log(
      'shop page, cold browser each time (first load first): first product card shown at',
    );
    for (const [path, loads] of Object.entries(shop)) {
      console.log(
        `  ${path.padEnd(16)} ${loads.map((l) => ms(l.firstCardMs)).join(', ')}` +
          `  (LCP ${loads.map((l) => ms(l.lcpMs)).join(', ')})`,
      );
    }
    console.log('\nBudgets');
    console.log(
      `  search p95  ${ms(search.p95)}  need < ${BUDGET_P95_MS} ms  ${searchPass ? 'PASS' : 'FAIL'}`,
    );
    console.log(
      `  paging p95  ${ms(paging.p95)}  need < ${BUDGET_P95_MS} ms  ${pagingPass ? 'PASS' : 'FAIL'}`,
    );
    console.log(
      `  /shop first page (first load) ${ms(shopFirst)}  need < ${SHOP_FIRST_PAGE_BUDGET_MS} ms ` +
        `(local, unthrottled)  ${shopPass ? 'PASS' : 'FAIL'}`,
    );
    writeResult('catalog', {
      bench: 'catalog',
      context,
      settings: { products, pageSize: PAGE_SIZE, searches: SEARCHES },
      budget: { p95Ms: BUDGET_P95_MS, shopFirstPageMs: SHOP_FIRST_PAGE_BUDGET_MS },
      seedSeconds,
      search,
      paging,
      pagingCached: cached,
      shop,
      pass: searchPass && pagingPass && shopPass,
    });
  } finally {
    await browser?.close().catch(() => {});
    await server.stop();
    process.off('SIGINT', interrupted);
    await database.drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
