// The catalogue at scale (issues 24 and 32): 100,000 parts in 300 categories three levels deep,
// 400 brands, 40 attributes and 10,000 families (bench/support/catalogue-at-scale.ts), on PGlite
// and on PostgreSQL, through our real server as `npm start` runs it, each request a new one
// (nothing answered from the read cache):
// - the faceted list: a category, two attribute filters and every facet's counts (p95 ≤ 30 ms);
// - a search with typos ("shimno chian", p95 ≤ 50 ms);
// - a category page rendered on the server, `/c/{slug}` (p95 ≤ 50 ms);
// - the unfiltered list's pages and plain searches (p95 < 20 ms, issue 24), `/shop?q=` (< 50 ms);
// - the facet counts of a few filter combinations against plain SQL counts of the same rows
//   (any difference fails the run);
// - the server's memory once the catalogue is loaded and at most while measured (≤ 300 MB);
// - the sitemap, and the shop page in Chromium (how soon its first page of parts shows).
//
//   BENCH_DATABASE_URL=postgres://dev:dev@127.0.0.1:5432/dev npm run bench:catalog
//
// Needs a web build (dist/web, or BENCH_WEB_DIST). Env: BENCH_DATABASE_URL or DATABASE_URL
// (PostgreSQL too; without it PGlite alone), BENCH_PRODUCTS (default 100000), BENCH_ROUNDS (the
// timed requests, each round with paths of its own, default 3: the figures are the median of the
// rounds' p95s), BENCH_BROWSER=false (no Chromium), CHROME_PATH (default /usr/bin/chromium),
// BENCH_RESULTS_DIR.
import { chromium, type Browser } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPglite, openPostgres, type Database } from '../src/server/db/client.ts';
import { runMigrations } from '../src/server/db/migrate.ts';
import { startAppServer, type AppServer } from './support/app-server.ts';
import {
  atScale,
  attributesUnder,
  codesOf,
  scaleBrands,
  scaleCategories,
  seedAtScale,
} from './support/catalogue-at-scale.ts';
import { machineLoad, processStats, whileSampling } from './support/child.ts';
import { onEachDatabase, type BenchDatabase } from './support/databases.ts';
import {
  countBySql,
  countsOfAnswer,
  differences,
  pathOf,
  type Combination,
  type Counts,
} from './support/facet-check.ts';
import { runContext, writeResult } from './support/results.ts';

const BUDGET = {
  facetedMs: 30,
  typoMs: 50,
  categoryPageMs: 50,
  searchMs: 20,
  pagingMs: 20,
  shopSearchMs: 50,
  sitemapFileMs: 1000,
  shopFirstPageMs: 1000,
  rssMiB: 300,
};
const PAGE_SIZE = 12; // the shop page's
const MiB = 1024 * 1024;
const products = Math.max(1000, Math.round(Number(process.env.BENCH_PRODUCTS ?? 100_000)));
const rounds = Math.max(1, Math.round(Number(process.env.BENCH_ROUNDS ?? 3)));
const withBrowser = process.env.BENCH_BROWSER !== 'false';
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';

// Plain searches, each on pages 1 to 3 at 12 and 24 per page.
const SEARCHES = {
  'name words': ['chain', 'cassette', 'brake pads', 'Pro tyre', 'wrench', 'light', 'heavy duty'],
  brands: ['shimano', 'SRAM', 'continental tyre', 'park tool'],
  'parts of words': ['chainr', 'casset', 'handleb', 'seatp', 'tyre 0001'],
  'SKUs and GTINs': [codesOf(4217).sku, 'ben-0042', '004217', codesOf(77_777).gtin],
  'one letter or two': ['e', 'ch', '7'],
  'no match': ['xyz'],
};
// Each on pages 1 and 2 at 12 and 24 per page: none is found as typed, so near spellings count.
const TYPOS = [
  'shimno chian',
  'cassete',
  'sram casette',
  'contintal tyre',
  'brkae pads',
  'torqe wrench',
  'handlbar',
  'derailer',
  'saddel',
  'maxis tyre',
];
/** Checked against plain SQL counts: the run fails when any count differs. */
const COMBINATIONS: Combination[] = [
  {},
  { category: 'drivetrain', attributes: { speeds: ['11', '12'], freehub: ['SRAM XD'] } },
  { category: 'chains', attributes: { speeds: ['11'], links: ['116', '118'] }, inStock: true },
  { brands: ['shimano', 'sram'], attributes: { colour: ['black'] } },
  {
    category: 'wheels',
    brands: ['dt-swiss', 'mavic'],
    attributes: { 'wheel-size': ['622'], tubeless: ['true'] },
  },
  { q: 'chain', category: 'drivetrain', brands: ['kmc'] },
  { category: 'road-tyres', inStock: true },
  { category: 'lights', attributes: { lumen: ['800', '1200'], stvzo: ['true'] } },
  { inStock: true, attributes: { 'crank-length': ['172.5'] } },
];

type Latencies = { count: number; p50: number; p95: number; max: number };

function summarise(samples: number[]): Latencies {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  return { count: sorted.length, p50: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? 0 };
}
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Sequential GETs, one at a time, each timed from request to last byte; any but 200 throws. */
async function timeRequests(origin: string, paths: string[]) {
  const samples: number[] = [];
  for (const path of paths) {
    const started = performance.now();
    const response = await fetch(`${origin}${path}`);
    const body = await response.text();
    samples.push(performance.now() - started);
    if (response.status !== 200 || body.length === 0) {
      throw new Error(`GET ${path} answered ${response.status}: ${body.slice(0, 300)}`);
    }
  }
  return samples;
}

async function getJson<T>(origin: string, path: string): Promise<T> {
  const response = await fetch(`${origin}${path}`);
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
  return (await response.json()) as T;
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

/** The facet counts of every combination by plain SQL, read on the bench's own connection. */
async function expectedCounts(database: Database) {
  const expected: Counts[] = [];
  for (const combination of COMBINATIONS) expected.push(await countBySql(database, combination));
  return expected;
}

/**
 * The server on the catalogue. PGlite is opened by one process at a time: the parts go in
 * (after the migrations), and the plain SQL counts are taken, before the server opens its
 * directory. On PostgreSQL the server makes the tables, then they are filled.
 */
async function serveCatalogue({ kind, url }: BenchDatabase) {
  const env = { SEED_DEMO: 'false' };
  const fill = async (database: Database) => {
    const seedSeconds = await seedAtScale(database, products);
    const started = performance.now();
    const expected = await expectedCounts(database);
    const countSeconds = (performance.now() - started) / 1000;
    return { seedSeconds, expected, countSeconds };
  };
  if (kind === 'postgres') {
    const server = await startAppServer({ databaseUrl: url, env });
    const database = openPostgres(url!, 2);
    try {
      return { server, ...(await fill(database)), cleanUp: () => {} };
    } catch (err) {
      await server.stop();
      throw err;
    } finally {
      await database.close();
    }
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'ecparts-bench-catalog-'));
  const database = openPglite(dataDir);
  let filled: Awaited<ReturnType<typeof fill>>;
  try {
    await runMigrations(database);
    filled = await fill(database);
  } finally {
    await database.close();
  }
  const server = await startAppServer({ env: { ...env, DATA_DIR: dataDir } });
  return {
    server,
    ...filled,
    cleanUp: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** A category, two attribute filters (two values of one, one of the other): one path each. */
function facetedPaths() {
  const categories = scaleCategories();
  const chosen = [
    ...categories.filter((c) => c.level === 1),
    ...categories.filter((c) => c.level === 2),
    ...categories.filter((c) => c.level === 3).filter((_, i) => i % 12 === 0),
  ];
  return chosen.flatMap((category, i) => {
    const attributes = attributesUnder(category.slug).filter((a) => a.values.length >= 2);
    if (attributes.length < 2) return [];
    const first = attributes[i % attributes.length]!;
    const second = attributes[(i + 1) % attributes.length]!;
    const query = new URLSearchParams({ category: category.slug });
    query.set(
      `a.${first.key}`,
      [first.values[i % first.values.length]!, first.values.at(-1)!].join(','),
    );
    query.set(`a.${second.key}`, second.values[(i * 7) % second.values.length]!);
    return [`/api/tools?${query.toString()}`];
  });
}

/** The category pages: every top one, every middle one, one leaf in six. */
function categorySlugs() {
  const categories = scaleCategories();
  return [
    ...categories.filter((c) => c.level === 1),
    ...categories.filter((c) => c.level === 2),
    ...categories.filter((c) => c.level === 3).filter((_, i) => i % 6 === 0),
  ].map((c) => c.slug);
}

/**
 * Every timed group's paths in round `round` (from 0): API paths with their own `limit` each
 * round (12 + round, 24 + round), pages with their own page, so no round reads another's cache.
 */
function timedGroups(
  round: number,
  totalPages: number,
  categoryPage: (slug: string, page: number) => string,
) {
  const small = PAGE_SIZE + round;
  const large = 24 + round;
  const withLimit = (path: string, limit: number) =>
    `${path}${path.includes('?') ? '&' : '?'}limit=${limit}`;
  const search = (q: string, page: number, limit: number) =>
    withLimit(`/api/tools?q=${encodeURIComponent(q)}&page=${page}`, limit);
  const pages = new Set<number>([1, 2, totalPages, totalPages - 1, Math.ceil(totalPages / 2)]);
  for (let i = 1; pages.size < Math.min(150, totalPages); i++)
    pages.add(1 + ((i * 7919) % totalPages));
  return {
    faceted: facetedPaths().map((path) => withLimit(path, small)),
    typos: TYPOS.flatMap((q) =>
      [1, 2].flatMap((page) => [small, large].map((limit) => search(q, page, limit))),
    ),
    categoryPages: categorySlugs().flatMap((slug) =>
      [1, 2].map((page) => categoryPage(slug, page + round * 2)),
    ),
    searches: Object.entries(SEARCHES).map(([label, terms]) => ({
      label,
      paths: terms.flatMap((q) =>
        [1, 2, 3].flatMap((page) => [small, large].map((limit) => search(q, page, limit))),
      ),
    })),
    paging: [...pages].map((page) => withLimit(`/api/tools?page=${page}`, small)),
    pagingFar: Array.from({ length: 30 }, (_, i) => 985 + i).flatMap((page) =>
      [small, large].map((limit) => withLimit(`/api/tools?page=${page}`, limit)),
    ),
    shopSearch: Object.values(SEARCHES)
      .flat()
      .flatMap((q) =>
        [1, 2].map((page) => `/shop?q=${encodeURIComponent(q)}&page=${page + round * 2}`),
      ),
  };
}

type Row = { label: string; budget: number | null; rounds: Latencies[] } & Latencies;

/** One figure over the rounds: the median of their p50s and p95s, and their spread. */
function rowOf(label: string, budget: number | null, perRound: Latencies[]): Row {
  return {
    label,
    budget,
    rounds: perRound,
    count: perRound.reduce((sum, l) => sum + l.count, 0),
    p50: median(perRound.map((l) => l.p50)),
    p95: median(perRound.map((l) => l.p95)),
    max: Math.max(...perRound.map((l) => l.max)),
  };
}

const ms = (n: number | null) => (n === null ? '-' : `${n.toFixed(1)} ms`);

async function measure(database: BenchDatabase) {
  const loadAtStart = machineLoad();
  console.log(`\n${database.kind}: seeding ${products.toLocaleString('en-US')} parts…`);
  const { server, seedSeconds, expected, countSeconds, cleanUp } = await serveCatalogue(database);
  let browser: Browser | undefined;
  try {
    return await timeCatalogue(server, database.kind, {
      seedSeconds,
      countSeconds,
      expected,
      loadAtStart,
      keepBrowser: (b) => {
        browser = b;
      },
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
  run: {
    seedSeconds: number;
    countSeconds: number;
    expected: Counts[];
    loadAtStart: string;
    keepBrowser: (browser: Browser) => void;
  },
) {
  const { origin } = server;
  // The category page: /c/{slug}; while that route is not there, the shop page's SSR for the
  // category stands in (and the result says so).
  const probe = await fetch(`${origin}/c/${scaleCategories()[0]!.slug}`);
  await probe.text();
  const categoryRoute = probe.status === 404 ? '/shop?category={slug}' : '/c/{slug}';
  const categoryPage =
    categoryRoute === '/c/{slug}'
      ? (slug: string, page: number) => `/c/${slug}${page > 1 ? `?page=${page}` : ''}`
      : (slug: string, page: number) => `/shop?category=${slug}&page=${page}`;

  console.log('warming up…');
  await timeRequests(origin, [
    '/api/tools?limit=3',
    '/api/tools?q=warm&limit=3',
    '/api/tools?q=wram&limit=3',
    `/api/tools?category=tyres&a.tubeless=true&a.compound=dual&limit=3`,
    '/shop?q=warm',
    categoryPage('cables', 5),
    ...[3, 4, 5].map((p) => `/api/tools?page=${p}&limit=11`),
  ]);
  const rssLoadedMiB = (processStats(server.pid)?.rssBytes ?? 0) / MiB;
  // Pages of the unfiltered list: a family shows once, so fewer than parts / 12.
  const { totalPages } = await getJson<{ totalPages: number }>(
    origin,
    `/api/tools?limit=${PAGE_SIZE}`,
  );

  // The facet counts against plain SQL, before anything is timed.
  const checks = [];
  for (const [i, combination] of COMBINATIONS.entries()) {
    const answer = await getJson<Parameters<typeof countsOfAnswer>[0]>(origin, pathOf(combination));
    const wrong = differences(run.expected[i]!, countsOfAnswer(answer));
    checks.push({ path: pathOf(combination), total: answer.total, differences: wrong });
  }

  let cached: Latencies | undefined;
  const timed = await whileSampling(server.pid, async () => {
    const perRound = [];
    for (let round = 0; round < rounds; round++) {
      const groups = timedGroups(round, totalPages, categoryPage);
      const searches = [];
      for (const { label, paths } of groups.searches) {
        searches.push({ label, samples: await timeRequests(origin, paths) });
      }
      const faceted = summarise(await timeRequests(origin, groups.faceted));
      const typos = summarise(await timeRequests(origin, groups.typos));
      const categoryPages = summarise(await timeRequests(origin, groups.categoryPages));
      const paging = summarise(await timeRequests(origin, groups.paging));
      // The same pages again at once: answered from the read cache, for comparison.
      if (round === 0) cached = summarise(await timeRequests(origin, groups.paging));
      perRound.push({
        faceted,
        typos,
        categoryPages,
        searches: searches.map((s) => ({ label: s.label, ...summarise(s.samples) })),
        search: summarise(searches.filter((s) => s.label !== 'no match').flatMap((s) => s.samples)),
        paging,
        pagingFar: summarise(await timeRequests(origin, groups.pagingFar)),
        shopSearch: summarise(await timeRequests(origin, groups.shopSearch)),
      });
    }
    return perRound;
  });
  const perRound = timed.result;
  const rssAfterMiB = (processStats(server.pid)?.rssBytes ?? 0) / MiB;
  const peakRssMiB = Math.max(rssLoadedMiB, rssAfterMiB, (timed.usage?.peakRssBytes ?? 0) / MiB);

  // What the answers hold, for the record: how many each typo found, and what it suggested.
  const typoAnswers = [];
  for (const q of TYPOS) {
    const answer = await getJson<{
      total: number;
      suggestions: string[];
      data: { name: string }[];
    }>(origin, `/api/tools?q=${encodeURIComponent(q)}&limit=1`);
    typoAnswers.push({
      q,
      total: answer.total,
      suggestions: answer.suggestions,
      first: answer.data[0]?.name,
    });
  }

  const sitemap = await timeSitemap(origin);
  const shop: Record<string, { firstCardMs: number; lcpMs: number | null }[]> = {};
  if (withBrowser) {
    console.log('loading the shop page in Chromium…');
    const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox'] });
    run.keepBrowser(browser);
    for (const path of ['/shop', '/shop?q=chain', `/shop?page=2000`]) {
      shop[path] = [];
      for (let i = 0; i < 4; i++) shop[path].push(await shopLoad(browser, `${origin}${path}`));
    }
  }

  const all = (pick: (round: (typeof perRound)[number]) => Latencies) => perRound.map(pick);
  const rows: Row[] = [
    rowOf(
      'faceted list: category + 2 attributes',
      BUDGET.facetedMs,
      all((r) => r.faceted),
    ),
    rowOf(
      'search with typos',
      BUDGET.typoMs,
      all((r) => r.typos),
    ),
    rowOf(
      `category page ${categoryRoute} (HTML)`,
      BUDGET.categoryPageMs,
      all((r) => r.categoryPages),
    ),
    ...Object.keys(SEARCHES).map((label, i) =>
      rowOf(
        `search: ${label}`,
        label === 'no match' ? null : BUDGET.searchMs,
        all((r) => r.searches[i]!),
      ),
    ),
    rowOf(
      'search, all but no match',
      BUDGET.searchMs,
      all((r) => r.search),
    ),
    rowOf(
      'unfiltered list, paging',
      BUDGET.pagingMs,
      all((r) => r.paging),
    ),
    rowOf(
      'unfiltered list near page 1,000',
      BUDGET.pagingMs,
      all((r) => r.pagingFar),
    ),
    rowOf(
      'shop page /shop?q= (HTML)',
      BUDGET.shopSearchMs,
      all((r) => r.shopSearch),
    ),
  ];
  const shopFirst = shop['/shop']?.[0]?.firstCardMs;
  const pass = {
    faceted: rows[0]!.p95 <= BUDGET.facetedMs,
    typos: rows[1]!.p95 <= BUDGET.typoMs,
    categoryPage: rows[2]!.p95 <= BUDGET.categoryPageMs,
    search: rows.find((r) => r.label === 'search, all but no match')!.p95 <= BUDGET.searchMs,
    paging: rows
      .filter((r) => r.label.startsWith('unfiltered list'))
      .every((r) => r.p95 <= BUDGET.pagingMs),
    shopSearch: rows.at(-1)!.p95 <= BUDGET.shopSearchMs,
    facetCounts: checks.every((c) => c.differences.length === 0),
    memory: peakRssMiB <= BUDGET.rssMiB,
    sitemap: sitemap.files.every((f) => f.ms < BUDGET.sitemapFileMs && f.urls <= 50_000),
    ...(shopFirst === undefined ? {} : { shopFirstPage: shopFirst < BUDGET.shopFirstPageMs }),
  };

  console.log(
    `\n${products.toLocaleString('en-US')} parts on ${kind} (seeded in ${run.seedSeconds.toFixed(1)} s, ` +
      `counted by plain SQL in ${run.countSeconds.toFixed(1)} s); before the run: ${run.loadAtStart}`,
  );
  console.log(
    `requests one at a time, each new (read cache missed); ${rounds} round(s): the median of ` +
      'their p95s, and each round’s p95',
  );
  for (const row of rows) {
    const budget =
      row.budget === null ? '' : `  ${row.p95 <= row.budget ? 'PASS' : 'FAIL'} (${row.budget})`;
    console.log(
      `  ${row.label.padEnd(40)} n=${String(row.count).padStart(4)}  p50 ${ms(row.p50).padStart(9)}  ` +
        `p95 ${ms(row.p95).padStart(9)}  max ${ms(row.max).padStart(9)}  ` +
        `[${row.rounds.map((l) => l.p95.toFixed(1)).join(' / ')}]${budget}`,
    );
  }
  console.log(
    `  ${'unfiltered list again (cache hits)'.padEnd(40)} p95 ${ms(cached?.p95 ?? null)}`,
  );
  console.log(
    'typos: ' +
      typoAnswers.map((t) => `"${t.q}" ${t.total} (${t.suggestions.join(', ') || '-'})`).join('; '),
  );
  console.log('facet counts against plain SQL:');
  for (const check of checks) {
    console.log(
      `  ${check.differences.length === 0 ? 'SAME' : 'DIFFERENT'}  ${check.path} (total ${check.total})` +
        check.differences.map((d) => `\n      ${d}`).join(''),
    );
  }
  console.log(
    `memory (RSS): ${rssLoadedMiB.toFixed(0)} MiB with the catalogue loaded, at most ` +
      `${peakRssMiB.toFixed(0)} MiB while measured, ${rssAfterMiB.toFixed(0)} MiB after; ` +
      `budget ${BUDGET.rssMiB} MB: ${pass.memory ? 'PASS' : 'FAIL'}`,
  );
  for (const [path, loads] of Object.entries(shop)) {
    console.log(
      `shop in Chromium ${path}: first card ${loads.map((l) => ms(l.firstCardMs)).join(', ')}`,
    );
  }
  console.log(
    `sitemap: the index in ${ms(sitemap.indexMs)}; ` +
      sitemap.files
        .map((f) => `${f.path} ${f.urls.toLocaleString('en-US')} URLs in ${ms(f.ms)}`)
        .join(', '),
  );
  return {
    database: kind,
    loadAtStart: run.loadAtStart,
    seedSeconds: run.seedSeconds,
    categoryRoute,
    rows,
    pagingCached: cached,
    facetChecks: checks,
    typoAnswers,
    memory: { rssLoadedMiB, peakRssMiB, rssAfterMiB },
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
    settings: {
      products,
      ...atScale,
      brands: scaleBrands().length,
      categories: scaleCategories().length,
      rounds,
      pageSize: PAGE_SIZE,
      searches: SEARCHES,
      typos: TYPOS,
      combinations: COMBINATIONS,
    },
    budget: BUDGET,
    outcomes,
    pass: outcomes.every((o) => Object.values(o.pass).every(Boolean)),
  });
  // A facet count that differs from the plain SQL count is a wrong answer, not a slow one.
  if (outcomes.some((o) => !o.pass.facetCounts)) {
    console.error('\nFAIL: facet counts differ from the plain SQL counts (above)');
    process.exitCode = 1;
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
