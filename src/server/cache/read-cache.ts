/**
 * What the shop reads most (the catalogue, one product, the newest reviews), kept in memory per
 * database table. Any write to a table drops everything cached from it: the services call
 * `invalidate` after their own writes (so this process reads its writes at once), and
 * change-listener.ts does the same when the database reports a write made by anyone else.
 *
 * Entries are promises, stored when the load starts: concurrent misses share one query, and an
 * invalidation that lands while a load is running removes that load too, so a result read before
 * a write can never be kept after it. Values are frozen when they arrive: every caller shares
 * them, and a frozen reply body is serialised only once (memo-serializer.ts).
 */
export type CachedTable = 'product' | 'review';

export const CACHED_TABLES: readonly CachedTable[] = ['product', 'review'];

export type ReadCache = {
  read<T>(table: CachedTable, key: string, load: () => Promise<T>): Promise<T>;
  invalidate(table: CachedTable): void;
  /**
   * Off while nothing would tell this process about other processes' writes (the database
   * connection that listens for them is down); every read then goes to the database.
   */
  setEnabled(enabled: boolean): void;
  readonly enabled: boolean;
  size(table: CachedTable): number;
};

/** A bound on entries per table: `?q=` and `?page=` are the caller's to choose. */
const DEFAULT_MAX_ENTRIES = 500;

export function createReadCache({
  maxEntries = DEFAULT_MAX_ENTRIES,
  enabled: startEnabled = true,
}: { maxEntries?: number; enabled?: boolean } = {}): ReadCache {
  const tables = new Map<CachedTable, Map<string, Promise<unknown>>>(
    CACHED_TABLES.map((table) => [table, new Map()]),
  );
  let enabled = startEnabled;
  const entriesOf = (table: CachedTable) => tables.get(table)!;

  return {
    read<T>(table: CachedTable, key: string, load: () => Promise<T>) {
      if (!enabled) return load();
      const entries = entriesOf(table);
      const hit = entries.get(key);
      if (hit) return hit as Promise<T>;
      const pending = load().then(freezeDeep);
      entries.set(key, pending);
      // Failures (a 404, the database down) are not kept: the next read tries again.
      pending.catch(() => {
        if (entries.get(key) === pending) entries.delete(key);
      });
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      return pending;
    },
    invalidate(table) {
      entriesOf(table).clear();
    },
    setEnabled(on) {
      enabled = on;
      for (const entries of tables.values()) entries.clear();
    },
    get enabled() {
      return enabled;
    },
    size: (table) => entriesOf(table).size,
  };
}

function freezeDeep<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) freezeDeep(child);
  }
  return value;
}
