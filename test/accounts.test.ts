import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/server/db/schema.ts';
import {
  accessTokenFor,
  cookieFrom,
  linkIn,
  ORIGIN,
  outboxFor,
  signIn,
  signUp,
  uniqueEmail,
} from './support/auth.ts';
import { makeTestApp } from './support/test-app.ts';

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
const ADMIN = 'boss@example.com';

beforeAll(async () => {
  ctx = await makeTestApp({ ADMIN_EMAILS: `someone@example.com, ${ADMIN.toUpperCase()}` });
});
afterAll(() => ctx.app.close());

const session = async (cookie: string) =>
  (
    await ctx.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } })
  ).json<{
    user: { name: string; email: string; emailVerified: boolean; role: string };
  } | null>();

const call = (
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  { cookie, token, payload }: { cookie?: string; token?: string; payload?: object } = {},
) =>
  ctx.app.inject({
    method,
    url,
    payload,
    headers: {
      origin: ORIGIN,
      ...(cookie ? { cookie } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });

describe('sign-up and sign-in', () => {
  it('signs a new customer in at once, with their name as display name', async () => {
    const { cookie, email } = await signUp(ctx.app, { name: 'Dana Spokes' });
    expect(cookie).toContain('better-auth.session_token=');
    const current = await session(cookie);
    expect(current?.user).toMatchObject({ name: 'Dana Spokes', email, emailVerified: false });
    expect(current?.user.role).toBe('user');
  });

  it('sets the session cookie httpOnly and SameSite=Lax', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN },
      payload: { name: 'Kit', email: uniqueEmail(), password: 'long-enough-1' },
    });
    const line = [res.headers['set-cookie']].flat().find((c) => c?.includes('session_token'));
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Lax/i);
  });

  it('refuses a password shorter than 8 characters and an email already in use', async () => {
    const short = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN },
      payload: { name: 'Short', email: uniqueEmail(), password: 'short7!' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().code).toBe('PASSWORD_TOO_SHORT');

    const { email } = await signUp(ctx.app);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN },
      payload: { name: 'Twin', email, password: 'another-pass-1' },
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().code).toMatch(/USER_ALREADY_EXISTS/);
  });

  it('signs in with the right password only', async () => {
    const { email, password } = await signUp(ctx.app);
    const wrong = await signIn(ctx.app, email, 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Invalid email or password');
    const right = await signIn(ctx.app, email, password);
    expect(right.statusCode).toBe(200);
    expect((await session(cookieFrom(right.headers['set-cookie'])))?.user.email).toBe(email);
  });

  it('makes ADMIN_EMAILS admins once verified, whatever the letter case', async () => {
    // signUp follows the verification link for a listed address (test/admin-power.test.ts).
    const { cookie } = await signUp(ctx.app, { email: ADMIN });
    expect((await session(cookie))?.user.role).toBe('admin');
  });

  it('ends the session on the server at sign-out', async () => {
    const { cookie } = await signUp(ctx.app);
    const out = await call('POST', '/api/auth/sign-out', { cookie, payload: {} });
    expect(out.statusCode).toBe(200);
    expect(await session(cookie)).toBeNull();
  });

  it('refuses a sign-in posted from another site', async () => {
    const { email, password } = await signUp(ctx.app);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'https://evil.example', cookie: 'x=1' },
      payload: { email, password },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /api/login', () => {
  it('gives a signed-in user an accessToken for their own session only', async () => {
    const { cookie, email } = await signUp(ctx.app);
    expect((await call('POST', '/api/login', { payload: { email } })).statusCode).toBe(401);
    const other = await call('POST', '/api/login', { cookie, payload: { email: 'x@example.com' } });
    expect(other.statusCode).toBe(403);
    const own = await call('POST', '/api/login', { cookie, payload: { email } });
    expect(own.statusCode).toBe(200);
    const body = own.json<{ accessToken: string; expiresAt: string }>();
    expect(body.accessToken).toMatch(/^v1\./);
    expect(new Date(body.expiresAt).getTime()).toBeGreaterThan(Date.now());
  });

  it('does not mint a token from a token', async () => {
    const { cookie, email } = await signUp(ctx.app);
    const token = await accessTokenFor(ctx.app, cookie, email);
    expect((await call('POST', '/api/login', { token, payload: { email } })).statusCode).toBe(401);
  });

  it('revokes the token at sign-out', async () => {
    const { cookie, email } = await signUp(ctx.app);
    const token = await accessTokenFor(ctx.app, cookie, email);
    const url = `/api/user/admin/${encodeURIComponent(email)}`;
    expect((await call('GET', url, { token })).json()).toEqual({ admin: false });
    await call('POST', '/api/auth/sign-out', { cookie, payload: {} });
    expect((await call('GET', url, { token })).statusCode).toBe(401);
    expect((await call('GET', url, { cookie })).statusCode).toBe(401);
  });

  it('refuses a forged or tampered token', async () => {
    const { cookie, email } = await signUp(ctx.app);
    const token = await accessTokenFor(ctx.app, cookie, email);
    const url = `/api/user/admin/${encodeURIComponent(email)}`;
    const tampered = token.replace(/\.(\d+)\./, (_, ms: string) => `.${Number(ms) + 1000}.`);
    expect((await call('GET', url, { token: tampered })).statusCode).toBe(401);
    expect((await call('GET', url, { token: 'v1.abc.9999999999999.xyz' })).statusCode).toBe(401);
  });
});

describe('a deleted user', () => {
  it('loses both their cookie and their accessToken', async () => {
    const { cookie, email } = await signUp(ctx.app);
    const token = await accessTokenFor(ctx.app, cookie, email);
    await ctx.db.delete(users).where(eq(users.email, email));
    const url = `/api/user/admin/${encodeURIComponent(email)}`;
    expect((await call('GET', url, { cookie })).statusCode).toBe(401);
    expect((await call('GET', url, { token })).statusCode).toBe(401);
  });
});

describe('PUT /api/users/{email}', () => {
  it('updates only the caller’s own name and photo', async () => {
    const me = await signUp(ctx.app, { name: 'Old Name' });
    const someone = await signUp(ctx.app);
    const url = `/api/users/${encodeURIComponent(me.email)}`;
    const payload = {
      email: me.email,
      name: 'New Name',
      image: 'https://avatars.githubusercontent.com/u/1?v=4',
    };

    expect((await call('PUT', url, { payload })).statusCode).toBe(401);
    expect((await call('PUT', url, { cookie: someone.cookie, payload })).statusCode).toBe(403);

    const res = await call('PUT', url, { cookie: me.cookie, payload });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email: me.email,
      name: 'New Name',
      image: 'https://avatars.githubusercontent.com/u/1?v=4',
    });
    expect(res.json()).not.toHaveProperty('role');
    expect((await session(me.cookie))?.user.name).toBe('New Name');

    const cleared = await call('PUT', url, {
      cookie: me.cookie,
      payload: { email: me.email, image: '' },
    });
    expect(cleared.json()).toMatchObject({ name: 'New Name', image: null });
  });

  it('answers an upsert with just the email with the record unchanged', async () => {
    const me = await signUp(ctx.app, { name: 'Plain' });
    const res = await call('PUT', `/api/users/${encodeURIComponent(me.email)}`, {
      cookie: me.cookie,
      payload: { email: me.email },
    });
    expect(res.json()).toMatchObject({ email: me.email, name: 'Plain', emailVerified: false });
  });

  it('names the field that is wrong', async () => {
    const me = await signUp(ctx.app);
    const url = `/api/users/${encodeURIComponent(me.email)}`;
    const badPhoto = await call('PUT', url, {
      cookie: me.cookie,
      payload: { email: me.email, image: 'javascript:alert(1)' },
    });
    expect(badPhoto.statusCode).toBe(400);
    expect(badPhoto.json().message).toMatch(/image: Photo link must be one of our images/);
    const mismatch = await call('PUT', url, {
      cookie: me.cookie,
      payload: { email: 'other@example.com' },
    });
    expect(mismatch.statusCode).toBe(400);
  });

  it('refuses a cookie-carrying write from another site', async () => {
    const me = await signUp(ctx.app);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${encodeURIComponent(me.email)}`,
      headers: { cookie: me.cookie, origin: 'https://evil.example' },
      payload: { email: me.email, name: 'Hacked' },
    });
    expect(res.statusCode).toBe(403);
    expect((await session(me.cookie))?.user.name).not.toBe('Hacked');
  });
});

describe('admin status', () => {
  let boss: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    boss = await signIn(ctx.app, ADMIN, 'correct-horse-9').then((res) =>
      res.statusCode === 200
        ? { email: ADMIN, password: '', name: '', cookie: cookieFrom(res.headers['set-cookie']) }
        : signUp(ctx.app, { email: ADMIN }),
    );
  });

  it('tells a user about themself, an admin about anyone, and nobody else', async () => {
    const customer = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const url = `/api/user/admin/${encodeURIComponent(customer.email)}`;
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('GET', url, { cookie: other.cookie })).statusCode).toBe(403);
    expect((await call('GET', url, { cookie: customer.cookie })).json()).toEqual({ admin: false });
    expect((await call('GET', url, { cookie: boss.cookie })).json()).toEqual({ admin: false });
    const self = `/api/user/admin/${encodeURIComponent(ADMIN)}`;
    expect((await call('GET', self, { cookie: boss.cookie })).json()).toEqual({ admin: true });
  });

  it('lets only an admin make someone an admin', async () => {
    const customer = await signUp(ctx.app);
    const url = `/api/user/admin/${encodeURIComponent(customer.email)}`;
    expect((await call('PUT', url)).statusCode).toBe(401);
    expect((await call('PUT', url, { cookie: customer.cookie })).statusCode).toBe(403);
    const res = await call('PUT', url, { cookie: boss.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: customer.email, role: 'admin' });
    expect((await call('GET', url, { cookie: customer.cookie })).json()).toEqual({ admin: true });
  });

  it('answers 404 for an admin asking about an unknown email', async () => {
    const res = await call('PUT', '/api/user/admin/nobody%40example.com', { cookie: boss.cookie });
    expect(res.statusCode).toBe(404);
  });
});

describe('mails', () => {
  it('mails a verification link at sign-up that verifies the address', async () => {
    const { email, cookie } = await signUp(ctx.app);
    const [mail] = outboxFor(ctx.config.dataDir, email);
    expect(mail?.subject).toBe('Confirm your email address for ECParts');
    const link = new URL(linkIn(mail!));
    const res = await ctx.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(res.statusCode).toBe(302);
    expect((await session(cookie))?.user.emailVerified).toBe(true);
  });

  it('resets a password through the mailed link and ends the old sessions', async () => {
    const { email, cookie } = await signUp(ctx.app);
    const asked = await call('POST', '/api/auth/request-password-reset', {
      payload: { email, redirectTo: '/reset-password' },
    });
    expect(asked.statusCode).toBe(200);
    const mail = outboxFor(ctx.config.dataDir, email).find((m) => /Reset/.test(m.subject));
    const link = new URL(linkIn(mail!));
    const landing = await ctx.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(landing.statusCode).toBe(302);
    const target = new URL(landing.headers.location!, ORIGIN);
    expect(target.pathname).toBe('/reset-password');
    const token = target.searchParams.get('token')!;

    const reset = await call('POST', '/api/auth/reset-password', {
      payload: { token, newPassword: 'brand-new-pass-2' },
    });
    expect(reset.statusCode).toBe(200);
    expect(await session(cookie)).toBeNull();
    expect((await signIn(ctx.app, email, 'brand-new-pass-2')).statusCode).toBe(200);
    const reused = await call('POST', '/api/auth/reset-password', {
      payload: { token, newPassword: 'third-pass-333' },
    });
    expect(reused.statusCode).toBe(400);
  });

  it('answers a reset request for an unknown email the same way, and sends nothing', async () => {
    const email = uniqueEmail('ghost');
    const res = await call('POST', '/api/auth/request-password-reset', {
      payload: { email, redirectTo: '/reset-password' },
    });
    expect(res.statusCode).toBe(200);
    expect(outboxFor(ctx.config.dataDir, email)).toEqual([]);
  });
});

describe('abuse limits', () => {
  it('stops guessing one account’s password after 10 tries, with a readable 429', async () => {
    const { email } = await signUp(ctx.app);
    for (let i = 0; i < 10; i++) {
      expect((await signIn(ctx.app, email, `guess-${i}-wrong`)).statusCode).toBe(401);
    }
    const res = await signIn(ctx.app, email, 'guess-11-wrong');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      error: 'rate_limited',
      message: 'Too many attempts. Please wait a few minutes and try again.',
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits reset mails per address', async () => {
    const { email } = await signUp(ctx.app);
    const ask = () =>
      call('POST', '/api/auth/request-password-reset', {
        payload: { email, redirectTo: '/reset-password' },
      });
    for (let i = 0; i < 3; i++) expect((await ask()).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(429);
  });
});

describe('site config', () => {
  it('reports social providers as off when none is configured', async () => {
    const res = await call('GET', '/api/site-config');
    expect(res.json()).toEqual({
      social: { google: false, facebook: false, github: false },
      payments: { provider: 'test', publishableKey: null },
    });
  });
});
