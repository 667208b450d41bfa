import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp } from './support/test-app.ts';

let ctx: Awaited<ReturnType<typeof makeTestApp>>;

beforeAll(async () => {
  // A stand-in build: the server must serve whatever Vite wrote, so a tiny one will do.
  const dist = mkdtempSync(join(tmpdir(), 'ecparts-dist-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'images'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>ECParts</title><div id="root">');
  const script = 'console.log("storefront");'.repeat(50);
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), script);
  writeFileSync(join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(join(dist, 'images', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  ctx = await makeTestApp({ WEB_DIST_DIR: dist, NODE_ENV: 'production' });
});
afterAll(() => ctx.app.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

describe('the web app', () => {
  it('serves the app shell at / and on every page of the site, never cached', async () => {
    for (const url of ['/', '/shop?q=chain', '/blog', '/dashboard/myprofile']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('answers an unknown page with the app shell and status 404', async () => {
    const res = await get('/no-such-page');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root">');
  });

  it('serves hashed assets pre-compressed with a year-long immutable cache', async () => {
    const res = await get('/assets/app-abc123.js', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a missing file with a JSON 404, never with HTML', async () => {
    for (const url of ['/assets/app-old999.js', '/images/missing.svg']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
    }
  });

  it('answers a folder of assets with a 404', async () => {
    expect((await get('/images/')).statusCode).toBe(404);
    expect((await get('/assets')).statusCode).toBe(404);
  });

  it('does not force HTTPS on a plain-HTTP deployment', async () => {
    const res = await get('/');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });
});
