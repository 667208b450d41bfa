import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.ts';
import { ORIGIN, signUp, uniqueEmail } from '../support/auth.ts';
import { makeTestApp } from '../support/test-app.ts';

/** A stand-in for the built web app, so pages and files are served as in production. */
function webBuild() {
  const dir = mkdtempSync(join(tmpdir(), 'ecparts-sec-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><title>ECParts</title><div id="root"></div>',
  );
  writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)');
  return dir;
}

const PUBLIC_HTTPS = 'https://shop.example';
let dev: App;
let prod: App;

beforeAll(async () => {
  const web = webBuild();
  dev = (await makeTestApp({ WEB_DIST_DIR: web })).app;
  prod = (
    await makeTestApp({
      WEB_DIST_DIR: web,
      NODE_ENV: 'production',
      PUBLIC_URL: PUBLIC_HTTPS,
      BETTER_AUTH_SECRET: 'a-production-secret-of-at-least-32-characters',
    })
  ).app;
}, 120_000);
afterAll(async () => {
  await dev?.close();
  await prod?.close();
});

/** Every kind of answer: API JSON, Better Auth, a page, a file, a 404, the docs. */
const samples = [
  '/api/tools',
  '/api/auth/get-session',
  '/',
  '/shop',
  '/assets/app.js',
  '/api/nope',
  '/no-such-page',
  '/api/docs',
];

function directives(csp: string) {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('security headers', () => {
  it('send a CSP without inline or evaluated script, framing refused, on every kind of answer', async () => {
    for (const url of samples) {
      const res = await dev.inject(url);
      const csp = directives(String(res.headers['content-security-policy'] ?? ''));
      const scripts = csp.get('script-src') ?? csp.get('default-src');
      expect(scripts, url).toBeDefined();
      for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", 'data:', '*', 'http:', 'https:']) {
        expect(scripts, `${url} script-src`).not.toContain(unsafe);
      }
      expect(csp.get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(csp.get('object-src'), url).toEqual(["'none'"]);
      expect(csp.get('base-uri'), url).toEqual(["'self'"]);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toMatch(
        /^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/,
      );
      expect(res.headers['x-powered-by'], url).toBeUndefined();
    }
  });

  it('leave HSTS out over plain HTTP, so a local or HTTP deployment is not locked out', async () => {
    for (const url of samples)
      expect((await dev.inject(url)).headers['strict-transport-security'], url).toBeUndefined();
  });

  it('send HSTS for a year and upgrade insecure requests in production over HTTPS', async () => {
    for (const url of samples) {
      const res = await prod.inject(url);
      const hsts = String(res.headers['strict-transport-security'] ?? '');
      expect(Number(/max-age=(\d+)/.exec(hsts)?.[1]), url).toBeGreaterThanOrEqual(31_536_000);
      expect(hsts, url).toContain('includeSubDomains');
      expect(
        directives(String(res.headers['content-security-policy'])).has('upgrade-insecure-requests'),
        url,
      ).toBe(true);
    }
  });
});

/** The Set-Cookie lines of a fresh sign-up. */
async function signUpCookies(app: App, origin: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin },
    payload: { name: 'Cookie Checker', email: uniqueEmail('cookie'), password: 'correct-horse-9' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return [res.headers['set-cookie'] ?? []].flat();
}

describe('session cookies', () => {
  it('are httpOnly and SameSite=Lax, and not Secure-only over plain HTTP', async () => {
    const lines = await signUpCookies(dev, ORIGIN);
    expect(lines.some((line) => line.startsWith('better-auth.session_token='))).toBe(true);
    for (const line of lines) {
      expect(line).toMatch(/;\s*HttpOnly/i);
      expect(line).toMatch(/;\s*SameSite=Lax/i);
      expect(line).not.toMatch(/;\s*Secure/i);
    }
  });

  it('are also Secure, with the __Secure- prefix, in production over HTTPS', async () => {
    const lines = await signUpCookies(prod, PUBLIC_HTTPS);
    expect(lines.some((line) => line.startsWith('__Secure-better-auth.session_token='))).toBe(true);
    for (const line of lines) {
      expect(line).toMatch(/^__Secure-/);
      expect(line).toMatch(/;\s*HttpOnly/i);
      expect(line).toMatch(/;\s*SameSite=Lax/i);
      expect(line).toMatch(/;\s*Secure/i);
    }
  });

  it('keep a signed-in customer’s own data out of shared caches', async () => {
    const customer = await signUp(dev);
    const res = await dev.inject({
      url: `/api/orders?email=${encodeURIComponent(customer.email)}`,
      headers: { cookie: customer.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['cache-control'] ?? '')).not.toMatch(/public|s-maxage/);
  });
});
