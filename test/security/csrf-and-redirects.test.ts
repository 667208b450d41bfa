import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authErrorMessage } from '../../src/web/features/auth/auth-errors.ts';
import { originPath } from '../../src/web/features/auth/origin.ts';
import { ApiError } from '../../src/web/lib/api-client.ts';
import { orders } from '../../src/server/db/schema.ts';
import {
  accessTokenFor,
  cookieFrom,
  linkIn,
  ORIGIN,
  outboxFor,
  signUp,
  uniqueEmail,
} from '../support/auth.ts';
import { startOAuthProvider } from '../support/oauth-provider.ts';
import { makeTestApp } from '../support/test-app.ts';
import { routeTable } from './route-table.ts';
import { makeWorld, type Role, type World } from './world.ts';

let world: World;
let oauth: Awaited<ReturnType<typeof startOAuthProvider>>;

beforeAll(async () => {
  // Social sign-in is on (against a local provider) so its callbackURL can be probed.
  oauth = await startOAuthProvider();
  world = await makeWorld({ TEST_OAUTH_ISSUER: oauth.issuer });
}, 120_000);
afterAll(async () => {
  await world.app.close();
  await oauth.stop();
});

const FOREIGN_ORIGINS = [
  'https://evil.example',
  'null',
  'http://localhost:3000.evil.example',
  'http://localhost:3001',
];

const cookieWrites = routeTable.filter((row) => row.method !== 'GET' && row.provider !== 'stripe');

/** A caller the table allows for this row: the customer when they may, else the admin. */
const allowedRole = (row: (typeof routeTable)[number]): Role =>
  row.status.customer < 300 ? 'customer' : 'admin';

describe('cookie-authenticated writes from another site (CSRF)', () => {
  it('are refused on every write route, whatever the foreign Origin', async () => {
    const accepted: string[] = [];
    for (const row of cookieWrites) {
      const { url, payload } = await row.prepare(world);
      for (const origin of FOREIGN_ORIGINS) {
        const res = await world.send(allowedRole(row), row.method, url, payload, { origin });
        if (res.statusCode !== 403 || res.json().error !== 'forbidden') {
          accepted.push(`${row.method} ${url} from ${origin}: ${res.statusCode}`);
        }
      }
    }
    expect(accepted).toEqual([]);
  }, 120_000);

  it('are refused with only a foreign Referer, or with neither Origin nor Referer', async () => {
    const accepted: string[] = [];
    for (const row of cookieWrites) {
      const { url, payload } = await row.prepare(world);
      const cookie = world.accounts[allowedRole(row)]!.cookie;
      for (const headers of [{ cookie, referer: 'https://evil.example/page' }, { cookie }]) {
        const res = await world.app.inject({
          method: row.method,
          url,
          payload: payload as object,
          headers,
        });
        if (res.statusCode !== 403)
          accepted.push(
            `${row.method} ${url} ${Object.keys(headers).join('+')}: ${res.statusCode}`,
          );
      }
    }
    expect(accepted).toEqual([]);
  }, 120_000);

  it('cannot slip past the check with a disguised path', async () => {
    const { id } = await world.product();
    const before = await orderCount();
    for (const url of [
      '/%61pi/orders',
      '/api/%6Frders',
      '/api//orders',
      '/api/orders/',
      '/api/./orders',
    ]) {
      const res = await world.send(
        'customer',
        'POST',
        url,
        { productId: id, quantity: 10, email: world.customer.email },
        { origin: 'https://evil.example' },
      );
      // Refused either way: a path in another spelling never reaches the route (400), and the
      // plain one from another site is refused as such (403).
      expect([400, 403], `${url}: ${res.statusCode}`).toContain(res.statusCode);
    }
    expect(await orderCount()).toBe(before);
  });

  it('are accepted from the shop itself, and a bearer-token call needs no Origin', async () => {
    const { id } = await world.product();
    const order = { productId: id, quantity: 10, email: world.customer.email };
    expect((await world.send('customer', 'POST', '/api/orders', order)).statusCode).toBe(201);
    const token = await accessTokenFor(world.app, world.customer.cookie, world.customer.email);
    const res = await world.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: order,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(201);
  });

  it('are refused on Better Auth’s own routes, and the session survives', async () => {
    const victim = await signUp(world.app);
    const calls: [string, object?][] = [
      ['/api/auth/sign-out'],
      ['/api/auth/update-user', { name: 'Taken Over' }],
      [
        '/api/auth/change-password',
        { currentPassword: victim.password, newPassword: 'attacker-chosen-9' },
      ],
      ['/api/auth/revoke-sessions', {}],
      ['/%61pi/auth/sign-out'],
    ];
    for (const [url, payload] of calls) {
      for (const origin of [...FOREIGN_ORIGINS, undefined]) {
        const res = await world.app.inject({
          method: 'POST',
          url,
          payload: payload ?? {},
          headers: { cookie: victim.cookie, ...(origin ? { origin } : {}) },
        });
        expect(res.statusCode, `${url} from ${origin ?? 'no Origin'}`).toBeGreaterThanOrEqual(400);
      }
    }
    const session = await world.app.inject({
      url: '/api/auth/get-session',
      headers: { cookie: victim.cookie },
    });
    expect(session.json()).toMatchObject({ user: { email: victim.email, name: victim.name } });
  });
});

async function orderCount() {
  const [row] = await world.db
    .select({ n: count() })
    .from(orders)
    .where(eq(orders.userId, world.customer.id));
  return row!.n;
}

const FOREIGN_TARGETS = [
  'https://evil.example/x',
  '//evil.example/x',
  '/\\evil.example/x',
  '\\\\evil.example',
  '/\t/evil.example',
  'https:evil.example',
  ' https://evil.example',
  'javascript:alert(1)',
  'http://localhost:3000.evil.example/',
  'http://localhost:3000@evil.example/',
];

describe('the login return path in the web app', () => {
  const from = (pathname: string, search = '', hash = '') => ({ from: { pathname, search, hash } });

  it('returns the visitor to the page they came from on this site', () => {
    expect(originPath(from('/dashboard/myreview', '?page=2', '#top'))).toBe(
      '/dashboard/myreview?page=2#top',
    );
    expect(originPath(from('/tools/abc'))).toBe('/tools/abc');
  });

  it('never leaves the site, whatever the state holds', () => {
    for (const target of FOREIGN_TARGETS) {
      expect(originPath(from(target)), JSON.stringify(target)).toBe('/');
    }
    // The parts are joined: a forged search or hash must not turn '/' into '//host'.
    expect(originPath(from('/', '/evil.example'))).toBe('/');
    expect(originPath(from('/', '\\evil.example'))).toBe('/');
    expect(originPath(null)).toBe('/');
    expect(originPath({ from: { pathname: 42 } })).toBe('/');
  });
});

describe('Better Auth’s redirect targets', () => {
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    world.app.inject({ method: 'POST', url, payload, headers: { origin: ORIGIN, ...headers } });

  it('refuse a foreign callbackURL, errorCallbackURL or newUserCallbackURL for social sign-in', async () => {
    const own = await post('/api/auth/sign-in/social', {
      provider: 'github',
      callbackURL: '/dashboard',
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().url).toMatch(new RegExp(`^${oauth.issuer}/`));
    for (const [i, target] of FOREIGN_TARGETS.entries()) {
      for (const field of ['callbackURL', 'errorCallbackURL', 'newUserCallbackURL']) {
        // One client address per target keeps the sign-in rate limit out of the way.
        const res = await world.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/social',
          remoteAddress: `10.0.0.${i + 1}`,
          headers: { origin: ORIGIN },
          payload: { provider: 'github', callbackURL: '/', [field]: target },
        });
        expect(res.statusCode, `${field} ${JSON.stringify(target)}`).toBe(403);
      }
    }
  });

  it('refuse a foreign redirectTo for a password reset and send no mail', async () => {
    for (const target of FOREIGN_TARGETS.slice(0, 4)) {
      const account = await signUp(world.app);
      const res = await post('/api/auth/request-password-reset', {
        email: account.email,
        redirectTo: target,
      });
      expect(res.statusCode, JSON.stringify(target)).toBe(403);
      expect(
        outboxFor(world.config.dataDir, account.email).filter((m) => /reset/i.test(m.subject)),
      ).toEqual([]);
    }
  });

  it('never send a reset token to another host, even when the link was asked for with a forged Host', async () => {
    const account = await signUp(world.app);
    await post(
      '/api/auth/request-password-reset',
      { email: account.email, redirectTo: 'http://evil.example/reset' },
      { host: 'evil.example', origin: 'http://evil.example' },
    );
    await post('/api/auth/request-password-reset', {
      email: account.email,
      redirectTo: '/reset-password',
    });
    const links = outboxFor(world.config.dataDir, account.email)
      .filter((mail) => /reset/i.test(mail.subject))
      .map((mail) => new URL(linkIn(mail)));
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      // Mailed links point at PUBLIC_URL, never at the Host the request named.
      expect(link.origin).toBe(ORIGIN);
      const tampered = new URL(link);
      tampered.searchParams.set('callbackURL', 'https://evil.example/reset');
      for (const url of [link, tampered]) {
        const res = await world.app.inject({ url: url.pathname + url.search });
        expect(String(res.headers.location ?? ''), url.search).not.toMatch(/evil/);
      }
    }
  });

  it('refuse a foreign callbackURL on the verification and reset links and at sign-up', async () => {
    for (const target of FOREIGN_TARGETS.slice(0, 4)) {
      const q = encodeURIComponent(target);
      for (const url of [
        `/api/auth/verify-email?token=abc&callbackURL=${q}`,
        `/api/auth/reset-password/abc?callbackURL=${q}`,
      ]) {
        const res = await world.app.inject({ url });
        expect(res.statusCode, url).toBe(403);
        expect(res.headers.location).toBeUndefined();
      }
      const signUpRes = await post('/api/auth/sign-up/email', {
        name: 'Redirected',
        email: `r${Date.now()}@example.com`,
        password: 'correct-horse-9',
        callbackURL: target,
      });
      expect(signUpRes.statusCode, JSON.stringify(target)).toBe(403);
    }
  });
});

describe('the shop opened at another spelling of its own address', () => {
  /** Signs up from a page at `origin`, as the browser's fetch would send it. */
  async function signUpFrom(app: Awaited<ReturnType<typeof makeTestApp>>['app'], origin: string) {
    return app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin },
      payload: {
        name: 'Lou Loopback',
        email: uniqueEmail('loopback'),
        password: 'correct-horse-9',
      },
    });
  }

  it('signs up from http://127.0.0.1 and http://[::1] when PUBLIC_URL is http://localhost on the same port', async () => {
    const { app } = await makeTestApp({ PUBLIC_URL: 'http://localhost:3000' });
    try {
      for (const origin of ['http://127.0.0.1:3000', 'http://[::1]:3000']) {
        const res = await signUpFrom(app, origin);
        expect(res.statusCode, `${origin}: ${res.body}`).toBe(200);
        // The session it starts is the shop's: signing out from that page, with it, works too.
        const cookie = cookieFrom(res.headers['set-cookie']);
        const out = await app.inject({
          method: 'POST',
          url: '/api/auth/sign-out',
          headers: { origin, cookie },
          payload: {},
        });
        expect(out.statusCode, `${origin}: ${out.body}`).toBe(200);
      }
    } finally {
      await app.close();
    }
  });

  it('still refuses another port, scheme or host, and names the address that signs in', async () => {
    const { app } = await makeTestApp({ PUBLIC_URL: 'http://localhost:3000' });
    try {
      for (const origin of [
        'http://127.0.0.1:3001',
        'https://127.0.0.1:3000',
        'http://192.168.1.20:3000',
        'https://evil.example',
        'http://localhost:3000.evil.example',
      ]) {
        const res = await signUpFrom(app, origin);
        expect(res.statusCode, origin).toBe(403);
        expect(res.json(), origin).toEqual({
          code: 'INVALID_ORIGIN',
          message:
            "This page is open at another address than the shop's. Please open http://localhost:3000 and try again.",
        });
      }
      // The sign-up form shows that sentence, not a bare "Invalid origin".
      const res = await signUpFrom(app, 'http://192.168.1.20:3000');
      const body = res.json<{ code: string; message: string }>();
      expect(authErrorMessage(new ApiError(res.statusCode, body.code, body.message))).toBe(
        body.message,
      );
    } finally {
      await app.close();
    }
  });

  it('trusts no loopback origin when PUBLIC_URL is a public address', async () => {
    const { app } = await makeTestApp({ PUBLIC_URL: 'https://shop.example.com' });
    try {
      for (const origin of [
        'http://localhost:3000',
        'http://127.0.0.1:3000',
        'https://localhost',
      ]) {
        const res = await signUpFrom(app, origin);
        expect(res.statusCode, origin).toBe(403);
        expect(res.json().message, origin).toContain('Please open https://shop.example.com');
      }
      expect((await signUpFrom(app, 'https://shop.example.com')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
