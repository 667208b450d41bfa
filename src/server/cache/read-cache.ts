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
 *
 * The visitor picks `?q=` and `?page=`, so what is kept is bounded twice: in entries per table,
 * and in bytes for the whole cache. An entry's size is estimated once, when its value arrives
 * (value-size.ts, in the walk that freezes it; a load still running counts nothing yet), and
 * grows by the reply text the memo serializer keeps for it. Past the budget, the entries that
 * arrived first go; a value bigger than the whole budget is served but not kept.
 */
import { freezeAndMeasure, stringBytes } from './value-size.ts';

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

/**
 * What a write changed, when less than anything in its table: 'stock', only the stock of some
 * products (an order, a count). What is built from the table may then refresh just that.
 */
export type WriteScope = 'stock';

export type ReadCache = {
  read<T>(table: CachedTable, key: string, load: () => Promise<T>): Promise<T>;
  /**
   * Runs a write to `table`, then drops its entries and tells the other processes, whatever
   * the outcome: a write that failed may still have committed (a connection lost after COMMIT
   * was sent), and dropping entries for nothing costs only a query.
   */
  write<T>(table: CachedTable, run: () => Promise<T>, scope?: WriteScope): Promise<T>;
  /** A write to `table` happened elsewhere: drop its entries. */
  invalidate(table: CachedTable, scope?: WriteScope): void;
  /** How `write` tells the other processes (set by change-listener.ts). */
  setBroadcast(broadcast: (table: CachedTable, scope?: WriteScope) => void): void;
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
  onDrop(listener: (table: CachedTable, scope?: WriteScope) => void): () => void;
  /** The estimated bytes of the entries kept now (the metrics show it). */
  readonly bytes: number;
};

type Entry = {
  table: CachedTable;
  key: string;
  value: Promise<unknown>;
  expires: number;
  bytes: number;
};

const DEFAULT_MAX_ENTRIES = 500;
const DEFAULT_MAX_BYTES = 16 * 1024 * 1024;
const DEFAULT_MAX_AGE_MS = 10_000;
/** An entry's own objects: itself, its promises, its slots in two maps, its key's header. */
const ENTRY_BYTES = 256;

/**
 * The entry, in whichever cache, that holds a kept value, told of the text the memo serializer
 * keeps for that value for as long as the value lives.
 */
const holders = new WeakMap<object, (bytes: number) => void>();

/** Counts `bytes` more for the cache entry that holds `value`, if one does. */
export function chargeToCachedValue(value: object, bytes: number) {
  holders.get(value)?.(bytes);
}

export function createReadCache({
  maxEntries = DEFAULT_MAX_ENTRIES,
  maxBytes = DEFAULT_MAX_BYTES,
  maxAgeMs = DEFAULT_MAX_AGE_MS,
  enabled: startEnabled = true,
  now = Date.now,
  onRead = () => {},
}: {
  /** Per table. */
  maxEntries?: number;
  /** For all tables together. */
  maxBytes?: number;
  maxAgeMs?: number;
  enabled?: boolean;
  now?: () => number;
  /** Told of every read: a hit, or a miss that goes to the database (the cache off included). */
  onRead?: (table: CachedTable, hit: boolean) => void;
} = {}) {
  const tables = new Map<CachedTable, Map<string, Entry>>(
    CACHED_TABLES.map((table) => [table, new Map()]),
  );
  /** The entries counted in `bytes`, in the order their values arrived. */
  const kept = new Set<Entry>();
  let bytes = 0;
  let enabled = startEnabled;
  let broadcast: (table: CachedTable, scope?: WriteScope) => void = () => {};
  const entriesOf = (table: CachedTable) => tables.get(table)!;
  const dropListeners = new Set<(table: CachedTable, scope?: WriteScope) => void>();
  const uncount = (entry: Entry) => {
    if (kept.delete(entry)) bytes -= entry.bytes;
  };
  const drop = (entry: Entry) => {
    const entries = entriesOf(entry.table);
    if (entries.get(entry.key) === entry) entries.delete(entry.key);
    uncount(entry);
  };
  const invalidate = (table: CachedTable, scope?: WriteScope) => {
    const entries = entriesOf(table);
    for (const entry of entries.values()) uncount(entry);
    entries.clear();
    for (const listener of dropListeners) listener(table, scope);
  };
  const withinBudget = () => {
    for (const oldest of kept) {
      if (bytes <= maxBytes) break;
      drop(oldest);
    }
  };
  const grow = (entry: Entry, more: number) => {
    if (!kept.has(entry)) return;
    entry.bytes += more;
    bytes += more;
    if (entry.bytes > maxBytes) drop(entry);
    withinBudget();
  };
  const arrived = (entry: Entry, value: unknown) => {
    entry.bytes += freezeAndMeasure(value);
    // Dropped while it loaded (a write, the entry limit): served to its readers, not kept.
    if (entriesOf(entry.table).get(entry.key) !== entry) return value;
    if (entry.bytes > maxBytes) {
      drop(entry);
      return value;
    }
    kept.add(entry);
    bytes += entry.bytes;
    if (typeof value === 'object' && value !== null) {
      holders.set(value, (more) => grow(entry, more));
    }
    withinBudget();
    return value;
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
      if (hit) drop(hit);
      const entry: Entry = {
        table,
        key,
        value: load().then((value) => arrived(entry, value)),
        expires: now() + maxAgeMs,
        bytes: ENTRY_BYTES + stringBytes(key),
      };
      entries.set(key, entry);
      // Failures (a 404, the database down) are not kept: the next read tries again.
      entry.value.catch(() => drop(entry));
      if (entries.size > maxEntries) {
        const oldest = entries.values().next();
        if (!oldest.done) drop(oldest.value);
      }
      return entry.value as Promise<T>;
    },
    async write(table, run, scope) {
      try {
        return await run();
      } finally {
        invalidate(table, scope);
        broadcast(table, scope);
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
    get bytes() {
      return bytes;
    },
  };
  return cache;
}
