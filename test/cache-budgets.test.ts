import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifySerializerCompiler } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoizeFrozenBodies } from '../src/server/cache/memo-serializer.ts';
import { createReadCache } from '../src/server/cache/read-cache.ts';
import { createHtmlCache, type CachedPage } from '../src/server/ssr/html-cache.ts';
import { insertProduct } from './support/fixtures.ts';
import { makeTestApp, testDatabaseKind } from './support/test-app.ts';

// A visitor chooses the addresses, and with them what the caches keep: however many different
// searches arrive, the read cache and the rendered pages stay within their bytes
// (READ_CACHE_MAX_MB, PAGE_CACHE_MAX_MB), the oldest going first.

const KIB = 1024;
/** A value of about `kib` KiB in memory: one string of that many Latin-1 characters. */
const valueOf = (kib: number, mark: string) => ({ text: mark.repeat(kib * KIB) });

describe('the read cache’s byte budget', () => {
  it('the read cache never holds more than its byte budget: the oldest entries go first', async () => {
    const cache = createReadCache({ maxBytes: 20 * KIB });
    const loads: string[] = [];
    const read = (key: string) =>
      cache.read('product', key, async () => {
        loads.push(key);
        return valueOf(4, key.at(-1)!);
      });
    for (let i = 0; i < 10; i += 1) {
      await read(`search ${i}`);
      expect(cache.bytes).toBeLessThanOrEqual(20 * KIB);
    }
    expect(cache.bytes).toBeGreaterThan(12 * KIB);
    // The newest are still kept; the first went to make room.
    await read('search 9');
    await read('search 8');
    expect(loads).toHaveLength(10);
    await read('search 0');
    expect(loads).toHaveLength(11);
  });

  it('a value bigger than the whole budget is served but not kept, and pushes nothing out', async () => {
    const cache = createReadCache({ maxBytes: 20 * KIB });
    let loads = 0;
    await cache.read('product', 'small', async () => valueOf(2, 's'));
    const before = cache.bytes;
    const huge = () =>
      cache.read('product', 'everything', async () => {
        loads += 1;
        return valueOf(64, 'h');
      });
    expect((await huge()).text).toHaveLength(64 * KIB);
    expect(await huge()).toEqual(valueOf(64, 'h'));
    expect(loads).toBe(2);
    expect(cache.bytes).toBe(before);
  });

  it('counts the reply bytes kept for a cached value, as they are sent (UTF-8)', async () => {
    const cache = createReadCache({ maxBytes: 64 * KIB });
    const serialize = memoizeFrozenBodies(
      (() => JSON.stringify) as FastifySerializerCompiler<unknown>,
    )({ schema: {}, method: 'GET', url: '/api/tools' });
    const latin = await cache.read('product', 'latin', async () => valueOf(4, 'é'));
    const held = cache.bytes;
    serialize(latin);
    const withText = cache.bytes;
    // 'é' is two bytes in UTF-8.
    expect(withText - held).toBeGreaterThanOrEqual(8 * KIB);
    expect(withText - held).toBeLessThan(9 * KIB);
    // Served again: the same text, not counted twice.
    serialize(latin);
    expect(cache.bytes).toBe(withText);
    const wide = await cache.read('product', 'wide', async () => valueOf(4, '€'));
    const before = cache.bytes;
    serialize(wide);
    // '€' is three.
    expect(cache.bytes - before).toBeGreaterThanOrEqual(12 * KIB);
  });

  it('counts nothing for a load that a write cut short, and still drops it', async () => {
    const cache = createReadCache({ maxBytes: 64 * KIB });
    let release = () => {};
    const slow = cache.read('product', 'list', async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return valueOf(8, 'o');
    });
    await Promise.resolve();
    expect(cache.bytes).toBe(0);
    await cache.write('product', async () => {});
    release();
    expect((await slow).text).toHaveLength(8 * KIB);
    expect(cache.bytes).toBe(0);
    expect(await cache.read('product', 'list', async () => valueOf(1, 'n'))).toEqual(
      valueOf(1, 'n'),
    );
  });
});

describe('the rendered pages’ byte budget', () => {
  /** Random bytes: their compressed copies are as big as the page itself. */
  const pageOf = (kib: number): CachedPage => ({
    status: 200,
    html: randomBytes(kib * KIB),
    encoded: new Map(),
  });

  it('keeps pages within its budget, counting compressed copies as they are added, oldest out first', async () => {
    const pages = createHtmlCache(createReadCache(), { maxBytes: 50 * KIB });
    const first = pageOf(10);
    pages.begin()('/shop?q=1', first);
    pages.begin()('/shop?q=2', pageOf(10));
    pages.begin()('/shop?q=3', pageOf(10));
    expect(pages.bytes).toBeGreaterThan(30 * KIB);
    expect(pages.get('/shop?q=1')).toBe(first);
    // Its brotli copy is kept with it and counted: no longer room for all three.
    await pages.compressed(first, 'br');
    expect(pages.get('/shop?q=1')?.encoded.get('br')).toBeDefined();
    await pages.compressed(first, 'gzip');
    expect(pages.bytes).toBeLessThanOrEqual(50 * KIB);
    expect(pages.get('/shop?q=1')).toBeUndefined();
    expect(pages.get('/shop?q=3')).toBeDefined();
  });

  it('a page bigger than the whole budget is served but not kept', async () => {
    const pages = createHtmlCache(createReadCache(), { maxBytes: 50 * KIB });
    const kept = pageOf(10);
    pages.begin()('/', kept);
    pages.begin()('/shop?q=everything', pageOf(60));
    expect(pages.get('/shop?q=everything')).toBeUndefined();
    expect(pages.get('/')).toBe(kept);
    // A kept page whose copies outgrow the budget by themselves goes too.
    const grows = pageOf(30);
    pages.begin()('/blog', grows);
    expect(await pages.compressed(grows, 'br')).toBeInstanceOf(Buffer);
    expect(pages.get('/blog')).toBeUndefined();
    expect(pages.bytes).toBeLessThanOrEqual(50 * KIB);
  });
});

describe('many different searches', () => {
  const TOKEN = 'cache-budget-metrics-token';
  // Room for a few of the reads below (each list of 24 parts is about 19 KB as it is sent).
  const BUDGET_MB = 0.08;
  // A /shop page with its filters is about 50 KB before its compressed copies: room for a few.
  const PAGE_BUDGET_MB = 0.25;
  let ctx: Awaited<ReturnType<typeof makeTestApp>>;

  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'ecparts-budget-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html lang="en"><head><!--page-head--><title>ECParts</title><!--/page-head--></head><body><div id="root"></div></body></html>',
    );
    ctx = await makeTestApp({
      WEB_DIST_DIR: dist,
      METRICS_TOKEN: TOKEN,
      READ_CACHE_MAX_MB: String(BUDGET_MB),
      PAGE_CACHE_MAX_MB: String(PAGE_BUDGET_MB),
    });
    for (let i = 1; i <= 24; i += 1) {
      await insertProduct(ctx.db, {
        name: `Spoke wrench size ${i}`,
        description: 'Fits 3.2 to 3.5 mm spoke nipples; hardened steel. '.repeat(4),
      });
    }
    // PostgreSQL reports the writes above a moment after commit.
    if (testDatabaseKind === 'postgres') await new Promise((resolve) => setTimeout(resolve, 300));
  });
  afterAll(() => ctx.app.close());

  const cacheBytes = async () => {
    const text = (
      await ctx.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })
    ).body;
    const bytes = (cache: string) =>
      Number(new RegExp(`^shop_cache_bytes\\{cache="${cache}"\\} (\\d+)$`, 'm').exec(text)?.[1]);
    return { read: bytes('read'), pages: bytes('pages') };
  };

  it('do not grow the read cache or the rendered pages past their budgets', async () => {
    const budget = BUDGET_MB * 1024 * 1024;
    const pageBudget = PAGE_BUDGET_MB * 1024 * 1024;
    for (let i = 0; i < 40; i += 1) {
      const api = await ctx.app.inject({ url: `/api/tools?q=wrench&limit=${20 + i}` });
      expect(api.json().total).toBe(24);
      const page = await ctx.app.inject({
        url: `/shop?q=wrench+size&page=${(i % 2) + 1}&v=${i}`,
        headers: { 'accept-encoding': i % 2 ? 'br' : 'gzip' },
      });
      expect(page.statusCode).toBe(200);
      const { read, pages } = await cacheBytes();
      expect(read).toBeLessThanOrEqual(budget);
      expect(pages).toBeLessThanOrEqual(pageBudget);
    }
    // Full, not off: the newest reads and pages are kept.
    const { read, pages } = await cacheBytes();
    expect(read).toBeGreaterThan(budget / 2);
    expect(pages).toBeGreaterThan(pageBudget / 2);
  });
});
