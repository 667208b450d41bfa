import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { CACHED_TABLES, type CachedTable } from '../cache/read-cache.ts';
import type { ConnectionStats } from '../db/client.ts';

/** What the services count as it happens; the metrics turn it into Prometheus counters. */
export type ShopEvent = 'orderPlaced' | 'paymentSucceeded' | 'paymentFailed' | 'holdExpired';

export type ShopEvents = { count(event: ShopEvent, by?: number): void };

/** Requests that matched no route share one label, so a scan of random URLs adds no series. */
export const UNMATCHED_ROUTE = 'unmatched';

const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'] as const;

type Observer = { observe(value: number): void };

type CacheName = 'read' | 'pages';

/**
 * One registry per app (tests build several apps in one process; prom-client's global one
 * would mix them): request latency per route pattern and status class, the shop's events,
 * read-cache hits and misses, the caches' sizes, the database connections, and the process's default metrics.
 */
export function createShopMetrics(connections: ConnectionStats) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status class; its _count is the request rate',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  // The labelled series of each route, made once: observing a request allocates nothing more.
  const byRoute = new Map<string, Map<string, Observer[]>>();
  const seriesOf = (method: string, route: string) => {
    let byMethod = byRoute.get(route);
    if (!byMethod) byRoute.set(route, (byMethod = new Map()));
    let series = byMethod.get(method);
    if (!series) {
      series = STATUS_CLASSES.map((status_class) =>
        requests.labels({ method, route, status_class }),
      );
      byMethod.set(method, series);
    }
    return series;
  };

  const counter = (name: string, help: string) => new Counter({ name, help, registers });
  const eventCounters: Record<ShopEvent, Counter> = {
    orderPlaced: counter('shop_orders_placed_total', 'Orders placed (answered 201)'),
    paymentSucceeded: counter(
      'shop_payments_succeeded_total',
      'Orders that became paid (each once, whichever way the payment was reported)',
    ),
    paymentFailed: counter(
      'shop_payments_failed_total',
      'Card payments declined (the test processor, or Stripe reporting payment_intent.payment_failed)',
    ),
    holdExpired: counter(
      'shop_stock_holds_expired_total',
      'Unpaid orders whose hold ended and whose stock went back',
    ),
  };

  const cacheReads = new Counter({
    name: 'shop_read_cache_reads_total',
    help: 'Read-cache lookups by table: hit, or miss (answered by the database, the cache off included)',
    labelNames: ['table', 'result'] as const,
    registers,
  });
  const cacheSeries = Object.fromEntries(
    CACHED_TABLES.map((table) => [
      table,
      {
        hit: cacheReads.labels({ table, result: 'hit' }),
        miss: cacheReads.labels({ table, result: 'miss' }),
      },
    ]),
  ) as Record<CachedTable, { hit: { inc(): void }; miss: { inc(): void } }>;
  const cacheSizes = new Map<CacheName, () => number>();
  new Gauge({
    name: 'shop_cache_bytes',
    help: 'What each in-memory cache holds now, estimated in bytes: read (the read cache, with its reply texts), pages (rendered pages with their compressed copies)',
    labelNames: ['cache'] as const,
    registers,
    collect() {
      for (const [cache, bytes] of cacheSizes) this.set({ cache }, bytes());
    },
  });

  new Gauge({
    name: 'db_pool_connections',
    help: 'Database connections by state (PGlite: its single connection, in use or idle)',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const { total, idle } = connections.now();
      this.set({ state: 'in_use' }, total - idle);
      this.set({ state: 'idle' }, idle);
    },
  });
  new Gauge({
    name: 'db_pool_waiting',
    help: 'Calls waiting for a database connection now (PGlite: queued behind the one running)',
    registers,
    collect() {
      this.set(connections.now().waiting);
    },
  });
  const waits = new Histogram({
    name: 'db_pool_wait_seconds',
    help: 'Time a query or transaction waited for a database connection (opening one included)',
    buckets: [0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 15],
    registers,
  });
  const stopWaits = connections.onWait((seconds) => waits.observe(seconds));

  const events: ShopEvents = {
    count(event, by = 1) {
      if (by > 0) eventCounters[event].inc(by);
    },
  };

  return {
    registry,
    events,
    /** For the read cache's `onRead`. */
    cacheRead(table: CachedTable, hit: boolean) {
      const series = cacheSeries[table];
      (hit ? series.hit : series.miss).inc();
    },
    /** A cache whose size the `shop_cache_bytes` gauge reports. */
    watchCacheBytes(cache: CacheName, bytes: () => number) {
      cacheSizes.set(cache, bytes);
    },
    /** One answered request; `route` is the matched pattern, or UNMATCHED_ROUTE. */
    observeRequest(method: string, route: string, status: number, seconds: number) {
      const series = seriesOf(method, route);
      const index = Math.min(Math.max(Math.floor(status / 100) - 1, 0), 4);
      series[index]?.observe(seconds);
    },
    stop() {
      stopWaits();
      registry.clear();
    },
  };
}

export type ShopMetrics = ReturnType<typeof createShopMetrics>;
