import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, ORIGIN, signUp } from './support/auth.ts';
import { startOAuthProvider } from './support/oauth-provider.ts';
import { makeTestApp } from './support/test-app.ts';

let provider: Awaited<ReturnType<typeof startOAuthProvider>>;
let ctx: Awaited<ReturnType<typeof makeTestApp>>;

beforeAll(async () => {
  // The provider must be up before the app, which reads its discovery document at start.
  provider = await startOAuthProvider();
  ctx = await makeTestApp({ TEST_OAUTH_ISSUER: provider.issuer });
});
afterAll(async () => {
  await ctx.app.close();
  await provider.stop();
});

/** Plays the browser: our sign-in call, the provider's consent redirect, our callback. */
async function socialSignIn(providerId: string, callbackURL: string) {
  const start = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    headers: { origin: ORIGIN },
    payload: { provider: providerId, callbackURL, errorCallbackURL: '/login' },
  });
  expect(start.statusCode).toBe(200);
  const { url } = start.json<{ url: string }>();
  let cookie = cookieFrom(start.headers['set-cookie']);

  const consent = await fetch(url, { redirect: 'manual' });
  expect(consent.status).toBe(302);
  const back = new URL(consent.headers.get('location')!);
  expect(back.pathname).toBe(`/api/auth/callback/${providerId}`);

  const landed = await ctx.app.inject({
    method: 'GET',
    url: back.pathname + back.search,
    headers: { cookie },
  });
  cookie = cookieFrom(landed.headers['set-cookie'], cookie);
  return { landed, cookie };
}

const sessionOf = async (cookie: string) =>
  (
    await ctx.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } })
  ).json<{
    user: { email: string; name: string };
  } | null>();

describe('social sign-in', () => {
  it('reports every provider as configured', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/site-config' });
    expect(res.json().social).toEqual({ google: true, facebook: true, github: true });
  });

  it('creates an account and returns to the page of origin, signed in', async () => {
    provider.signInAs({ sub: 'gh-100', email: 'new.rider@example.com', name: 'New Rider' });
    const { landed, cookie } = await socialSignIn('github', '/tools/abc');
    expect(landed.statusCode).toBe(302);
    expect(landed.headers.location).toBe('/tools/abc');
    expect((await sessionOf(cookie))?.user).toMatchObject({
      email: 'new.rider@example.com',
      name: 'New Rider',
    });
  });

  it('links a verified provider identity to the verified account with that email', async () => {
    const existing = await signUp(ctx.app, { email: 'linked@example.com', name: 'Linda Link' });
    const verification = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: existing.cookie },
    });
    const userId = verification.json<{ user: { id: string } }>().user.id;
    const { users } = await import('../src/server/db/schema.ts');
    const { eq } = await import('drizzle-orm');
    await ctx.db.update(users).set({ emailVerified: true }).where(eq(users.id, userId));

    provider.signInAs({ sub: 'google-7', email: 'linked@example.com', name: 'Linda From Google' });
    const { landed, cookie } = await socialSignIn('google', '/');
    expect(landed.headers.location).toBe('/');
    const session = await sessionOf(cookie);
    expect(session?.user).toMatchObject({ email: 'linked@example.com', name: 'Linda Link' });
  });

  it('sends the user back to the login page when the provider refuses', async () => {
    provider.signInAs({ sub: 'x', email: 'refused@example.com', name: 'Refused' });
    const start = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin: ORIGIN },
      payload: { provider: 'facebook', callbackURL: '/', errorCallbackURL: '/login' },
    });
    const cookie = cookieFrom(start.headers['set-cookie']);
    const url = new URL(start.json<{ url: string }>().url);
    const state = url.searchParams.get('state');
    const landed = await ctx.app.inject({
      method: 'GET',
      url: `/api/auth/callback/facebook?error=access_denied&state=${state}`,
      headers: { cookie },
    });
    expect(landed.statusCode).toBe(302);
    expect(landed.headers.location).toMatch(/^\/login\?error=/);
  });
});
