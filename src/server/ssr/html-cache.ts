import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { ReadCache } from '../cache/read-cache.ts';
import { stringBytes } from '../cache/value-size.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * A rendered page kept for signed-out visitors: its bytes (encoded once, not per request) and
 * its compressed copies, made on demand.
 */
export type CachedPage = { status: number; html: Buffer; encoded: Map<string, Buffer> };

type Entry = { url: string; page: CachedPage; expires: number; bytes: number };

const MAX_ENTRIES = 500;
const DEFAULT_MAX_BYTES = 16 * 1024 * 1024;
const MAX_AGE_MS = 10_000;
/** An entry's own objects besides its bytes: the page, its buffers' wrappers, its map slots. */
const ENTRY_BYTES = 512;

/**
 * Pages rendered for signed-out visitors, by address. Every page shows catalogue or review data,
 * so any drop of the read cache (a write in this or another process, the cache switched off)
 * drops them all; while the read cache is off, nothing is kept. Entries also expire after
 * MAX_AGE_MS, the read cache's own bound on staleness. Addresses carry the visitor's `?q=`, so
 * the oldest go past MAX_ENTRIES, and past `maxBytes` counted over each page's HTML and the
 * compressed copies added to it; a page bigger than the whole budget is served but not kept.
 */
export function createHtmlCache(
  cache: ReadCache,
  { maxBytes = DEFAULT_MAX_BYTES, now = Date.now }: { maxBytes?: number; now?: () => number } = {},
) {
  const entries = new Map<string, Entry>();
  const entryOf = new WeakMap<CachedPage, Entry>();
  let bytes = 0;
  let generation = 0;
  cache.onDrop(() => {
    generation += 1;
    entries.clear();
    bytes = 0;
  });
  const drop = (entry: Entry) => {
    if (entries.get(entry.url) !== entry) return;
    entries.delete(entry.url);
    bytes -= entry.bytes;
  };
  const withinBudget = () => {
    for (const oldest of entries.values()) {
      if (bytes <= maxBytes && entries.size <= MAX_ENTRIES) break;
      drop(oldest);
    }
  };

  return {
    get(url: string) {
      const hit = entries.get(url);
      if (!hit) return undefined;
      if (hit.expires > now()) return hit.page;
      drop(hit);
      return undefined;
    },
    /** Marks the start of a render: `keep` stores it only if nothing was dropped meanwhile. */
    begin() {
      const started = generation;
      return (url: string, page: CachedPage) => {
        if (!cache.enabled || generation !== started) return;
        const size = ENTRY_BYTES + stringBytes(url) + pageBytes(page);
        const old = entries.get(url);
        if (old) drop(old);
        if (size > maxBytes) return;
        const entry = { url, page, expires: now() + MAX_AGE_MS, bytes: size };
        entries.set(url, entry);
        entryOf.set(page, entry);
        bytes += size;
        withinBudget();
      };
    },
    /** The page compressed, made once per page and encoding and counted if the page is kept. */
    async compressed(page: CachedPage, encoding: 'br' | 'gzip') {
      const done = page.encoded.get(encoding);
      if (done) return done;
      const body = ownMemory(
        encoding === 'br'
          ? await brotli(page.html, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } })
          : await gzipAsync(page.html),
      );
      // Another request for the page may have compressed it meanwhile: one copy is kept.
      const raced = page.encoded.get(encoding);
      if (raced) return raced;
      page.encoded.set(encoding, body);
      const entry = entryOf.get(page);
      if (entry && entries.get(entry.url) === entry) {
        entry.bytes += body.byteLength;
        bytes += body.byteLength;
        if (entry.bytes > maxBytes) drop(entry);
        withinBudget();
      }
      return body;
    },
    /** The estimated bytes of the pages kept now (the metrics show it). */
    get bytes() {
      return bytes;
    },
  };
}

const pageBytes = (page: CachedPage) =>
  [...page.encoded.values()].reduce((sum, copy) => sum + copy.byteLength, page.html.byteLength);

/**
 * A small buffer (under 4 KiB) comes out of Node's shared 8 KiB pool, and keeping it would keep
 * the whole slab: a kept copy gets memory of its own, the size it is counted at.
 */
function ownMemory(buffer: Buffer) {
  if (buffer.byteLength === buffer.buffer.byteLength) return buffer;
  const own = Buffer.allocUnsafeSlow(buffer.byteLength);
  buffer.copy(own);
  return own;
}
