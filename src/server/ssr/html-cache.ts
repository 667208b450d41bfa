import type { ReadCache } from '../cache/read-cache.ts';

/**
 * A rendered page kept for signed-out visitors: its bytes (encoded once, not per request) and
 * its compressed copies, made on demand.
 */
export type CachedPage = { status: number; html: Buffer; encoded: Map<string, Buffer> };

const MAX_ENTRIES = 500;
const MAX_AGE_MS = 10_000;

/**
 * Pages rendered for signed-out visitors, by address. Every page shows catalogue or review data,
 * so any drop of the read cache (a write in this or another process, the cache switched off)
 * drops them all; while the read cache is off, nothing is kept. Entries also expire after
 * MAX_AGE_MS, the read cache's own bound on staleness, and the oldest go past MAX_ENTRIES
 * (addresses carry the visitor's `?q=`).
 */
export function createHtmlCache(cache: ReadCache, now: () => number = Date.now) {
  const entries = new Map<string, { page: CachedPage; expires: number }>();
  let generation = 0;
  cache.onDrop(() => {
    generation += 1;
    entries.clear();
  });

  return {
    get(url: string) {
      const hit = entries.get(url);
      if (!hit) return undefined;
      if (hit.expires > now()) return hit.page;
      entries.delete(url);
      return undefined;
    },
    /** Marks the start of a render: `keep` stores it only if nothing was dropped meanwhile. */
    begin() {
      const started = generation;
      return (url: string, page: CachedPage) => {
        if (!cache.enabled || generation !== started) return;
        entries.delete(url);
        entries.set(url, { page, expires: now() + MAX_AGE_MS });
        if (entries.size > MAX_ENTRIES) {
          const oldest = entries.keys().next();
          if (!oldest.done) entries.delete(oldest.value);
        }
      };
    },
  };
}
