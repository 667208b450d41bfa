/**
 * What the shop reads most (the catalogue, one product, the newest reviews), kept in memory per
 * database table. Any write to a table drops everything cached from it:
 * - the services run each of their writes through `write`, which, once the write is over,
 *   drops this process's entries at once (so it reads its own writes) and tells the other
 *   server processes;
 * - change-listener.ts calls `invalidate` when the database reports a write, whoever made it.
 * Entries also expire after `maxAgeMs`, a bound on staleness should a report ever be lost.
 *
 * Entries are promises, stored when the load starts: concurrent misses share one query, and an
 * invalidation that lands while a load is running removes that load too, so a result read before
 * a write can never be kept after it. Values are frozen when they arrive: every caller shares
 * them, and a frozen reply body is serialised only once (memo-serializer.ts).
 */
export type CachedTable =
  'product' | 'review' | 'shipping_method' | 'tax_rate' | 'shop_settings' | 'account_tax';

export const CACHED_TABLES: readonly CachedTable[] = [
  'product',
  'review',
  // What every checkout and quote prices delivery with, and admins seldom change.
  'shipping_method',
  'tax_rate',
  'shop_settings',
  'account_tax',
];

export type ReadCache = {
  read<T>(table: CachedTable, key: string, load: () => Promise<T>): Promise<T>;
  /**
   * Runs a write to `table`, then drops its entries and tells the other processes, whatever
   * the outcome: a write that failed may still have committed (a connection lost after COMMIT
   * was sent), and dropping entries for nothing costs only a query.
   */
  write<T>(table: CachedTable, run: () => Promise<T>): Promise<T>;
  /** A write to `table` happened elsewhere: drop its entries. */
  invalidate(table: CachedTable): void;
  /** How `write` tells the other processes (set by change-listener.ts). */
  setBroadcast(broadcast: (table: CachedTable) => void): void;
  /**
   * Off while nothing would tell this process about other processes' writes (the database
   * connection that listens for them is down); every read then goes to the database.
   */
  setEnabled(enabled: boolean): void;
  readonly enabled: boolean;
  /**
   * Calls `listener` whenever entries of a table are dropped (a write here or in another
   * process, or the cache turned on or off), so what is built from these tables (rendered
   * pages, the sitemap) is dropped with them. Returns the unsubscribe.
   */
  onDrop(listener: (table: CachedTable) => void): () => void;
};

type Entry = { value: Promise<unknown>; expires: number };

/** `?q=` and `?page=` are the caller's to choose: a bound on entries per table. */
const DEFAULT_MAX_ENTRIES = 500;
const DEFAULT_MAX_AGE_MS = 10_000;

export function createReadCache({
  maxEntries = DEFAULT_MAX_ENTRIES,
  maxAgeMs = DEFAULT_MAX_AGE_MS,
  enabled: startEnabled = true,
  now = Date.now,
  onRead = () => {},
}: {
  maxEntries?: number;
  maxAgeMs?: number;
  enabled?: boolean;
  now?: () => number;
  /** Told of every read: a hit, or a miss that goes to the database (the cache off included). */
  onRead?: (table: CachedTable, hit: boolean) => void;
} = {}) {
  const tables = new Map<CachedTable, Map<string, Entry>>(
    CACHED_TABLES.map((table) => [table, new Map()]),
  );
  let enabled = startEnabled;
  let broadcast: (table: CachedTable) => void = () => {};
  const entriesOf = (table: CachedTable) => tables.get(table)!;
  const dropListeners = new Set<(table: CachedTable) => void>();
  const invalidate = (table: CachedTable) => {
    entriesOf(table).clear();
    for (const listener of dropListeners) listener(table);
  };

  const cache: ReadCache = {
    read<T>(table: CachedTable, key: string, load: () => Promise<T>) {
      if (!enabled) {
        onRead(table, false);
        return load();
      }
      const entries = entriesOf(table);
      const hit = entries.get(key);
      if (hit && hit.expires > now()) {
        onRead(table, true);
        return hit.value as Promise<T>;
      }
      onRead(table, false);
      const entry = { value: load().then(freezeDeep), expires: now() + maxAgeMs };
      entries.delete(key);
      entries.set(key, entry);
      // Failures (a 404, the database down) are not kept: the next read tries again.
      entry.value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      return entry.value as Promise<T>;
    },
    async write(table, run) {
      try {
        return await run();
      } finally {
        invalidate(table);
        broadcast(table);
      }
    },
    invalidate,
    setBroadcast(next) {
      broadcast = next;
    },
    setEnabled(on) {
      enabled = on;
      for (const table of CACHED_TABLES) invalidate(table);
    },
    onDrop(listener) {
      dropListeners.add(listener);
      return () => dropListeners.delete(listener);
    },
    get enabled() {
      return enabled;
    },
  };
  return cache;
}

function freezeDeep<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) freezeDeep(child);
  }
  return value;
}
