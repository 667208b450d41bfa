// The "Last measured" sections of issue 24's benchmarks: the catalogue at 100,000 products and
// the shop's start-up and memory (bench/catalog.ts, bench/memory.ts).
import { context, n, newest, table, verdict, type Context } from './support/markdown.ts';

type Latencies = { count: number; p50: number; p95: number };
/** Issue 32's shape: every figure a row, the median of the rounds' p50s and p95s. */
type CatalogRow = Latencies & { label: string; budget: number | null; rounds: Latencies[] };
type CatalogOutcome = {
  database: string;
  rows?: CatalogRow[];
  categoryRoute?: string;
  facetChecks?: { path: string; differences: string[] }[];
  memory?: { rssLoadedMiB: number; peakRssMiB: number; rssAfterMiB: number };
  searches: ({ label: string } & Latencies)[];
  search: Latencies;
  paging: Latencies;
  pagingFar: Latencies;
  shopSearch: Latencies;
  shop: Record<string, { firstCardMs: number }[]>;
  sitemap?: { indexMs: number; files: { path: string; ms: number; urls: number }[] };
};
type CatalogResult = {
  context: Context;
  settings: { products: number };
  budget: { p95Ms: number; shopSearchP95Ms?: number };
  outcomes?: CatalogOutcome[];
};

const latencyRow = (database: string, label: string, l: Latencies, budget: number | null) => [
  database,
  label,
  String(l.count),
  n(l.p50, 1),
  n(l.p95, 1),
  budget === null ? '-' : `${verdict(l.p95 < budget)} (< ${budget})`,
];

export function catalogSummary() {
  const catalog = newest<CatalogResult>('catalog');
  // Results from before issue 24 hold PostgreSQL alone, in another shape.
  if (!catalog?.result.outcomes) return [];
  const { result: r } = catalog;
  if (r.outcomes!.every((o) => o.rows)) return catalogRows(catalog.file, r);
  const shopBudget = r.budget.shopSearchP95Ms ?? 50;
  const rows = r.outcomes!.flatMap((o) => [
    ...o.searches.map((s) =>
      latencyRow(
        o.database,
        `search: ${s.label}`,
        s,
        s.label === 'no match' ? null : r.budget.p95Ms,
      ),
    ),
    latencyRow(o.database, 'search, all but no match', o.search, r.budget.p95Ms),
    latencyRow(o.database, 'paging `?page=`', o.paging, r.budget.p95Ms),
    latencyRow(o.database, 'paging near page 1,000', o.pagingFar, r.budget.p95Ms),
    latencyRow(o.database, 'shop page `/shop?q=` (HTML)', o.shopSearch, shopBudget),
  ]);
  const notes = r.outcomes!.map((o) => {
    const shop = Object.entries(o.shop)
      .map(([path, loads]) => `\`${path}\` ${loads.map((l) => n(l.firstCardMs)).join(' / ')} ms`)
      .join('; ');
    const sitemap = o.sitemap
      ? ` Sitemap: index ${n(o.sitemap.indexMs)} ms; ` +
        o.sitemap.files.map((f) => `\`${f.path}\` ${n(f.urls)} URLs in ${n(f.ms)} ms`).join(', ') +
        '.'
      : '';
    return `${o.database}: shop page, first product card shown (cold browser, first load first): ${shop}.${sitemap}`;
  });
  return [
    `### Catalogue at scale (\`bench/catalog.ts\`)\n\n${context(r.context, catalog.file)}; ` +
      `${n(r.settings.products)} products.\n\n` +
      table(
        ['database', 'requests (each new)', 'count', 'p50 ms', 'p95 ms', 'budget p95 ms'],
        rows,
      ) +
      `\n\n${notes.join('\n\n')}`,
  ];
}

function catalogRows(file: string, r: CatalogResult) {
  const rows = r.outcomes!.flatMap((o) =>
    o.rows!.map((row) => [
      o.database,
      row.label,
      String(row.count),
      n(row.p50, 1),
      n(row.p95, 1),
      row.rounds.map((l) => n(l.p95, 1)).join(' / '),
      row.budget === null ? '-' : `${verdict(row.p95 <= row.budget)} (≤ ${row.budget})`,
    ]),
  );
  const notes = r.outcomes!.map((o) => {
    const wrong = (o.facetChecks ?? []).filter((c) => c.differences.length > 0);
    const checks = o.facetChecks
      ? `facet counts of ${o.facetChecks.length} filter combinations against plain SQL: ` +
        (wrong.length === 0 ? 'all the same' : `**${wrong.length} differ**`)
      : '';
    const memory = o.memory
      ? `; server RSS ${n(o.memory.rssLoadedMiB)} MiB with the catalogue loaded, at most ` +
        `${n(o.memory.peakRssMiB)} MiB while measured`
      : '';
    const sitemap = o.sitemap
      ? `; sitemap index ${n(o.sitemap.indexMs)} ms, ` +
        o.sitemap.files.map((f) => `\`${f.path}\` ${n(f.urls)} URLs in ${n(f.ms)} ms`).join(', ')
      : '';
    return `${o.database}: ${checks}${memory}${sitemap}.`;
  });
  return [
    `### Catalogue at scale (\`bench/catalog.ts\`)\n\n${context(r.context, file)}; ` +
      `${n(r.settings.products)} parts; p50 and p95 are the medians of the rounds'.\n\n` +
      table(
        [
          'database',
          'requests (each new)',
          'count',
          'p50 ms',
          'p95 ms',
          'p95 per round',
          'budget p95 ms',
        ],
        rows,
      ) +
      `\n\n${notes.join('\n\n')}`,
  ];
}

type MemoryOutcome = {
  database: string;
  firstStartSeconds: number;
  firstStartRssMiB: number;
  secondStartSeconds: number;
  rssAfterStartMiB: number;
  peakRssUnderLoadMiB: number;
  rssAfterBenchesMiB: number;
  pass: { memory: boolean; secondStart: boolean };
};
type MemoryResult = {
  context: Context;
  settings: { duration: number; connections: number };
  budget: { pgliteRssMiB: number; postgresRssMiB: number; secondStartSeconds: number };
  outcomes: MemoryOutcome[];
};

export function memorySummary() {
  const memory = newest<MemoryResult>('memory');
  if (!memory) return [];
  const { result: r } = memory;
  const budgetOf = (o: MemoryOutcome) =>
    o.database === 'pglite' ? r.budget.pgliteRssMiB : r.budget.postgresRssMiB;
  return [
    `### Start-up and memory (\`bench/memory.ts\`, \`npm start\`)\n\n${context(r.context, memory.file)}; ` +
      `${r.settings.connections} connections, ${r.settings.duration} s per path.\n\n` +
      table(
        [
          'database',
          'first start s',
          'second start s',
          `budget < ${r.budget.secondStartSeconds} s`,
          'RSS after start MiB',
          'peak under load MiB',
          'after the benches MiB',
          'budget',
        ],
        r.outcomes.map((o) => [
          o.database,
          n(o.firstStartSeconds, 2),
          n(o.secondStartSeconds, 2),
          verdict(o.pass.secondStart),
          n(o.rssAfterStartMiB),
          n(o.peakRssUnderLoadMiB),
          n(o.rssAfterBenchesMiB),
          `${verdict(o.pass.memory)} (< ${budgetOf(o)})`,
        ]),
      ),
  ];
}
