import type { App } from '../../src/server/app.ts';
import { linkIn, outboxFor } from './outbox.ts';
import { testAppConfigs } from './test-app.ts';

export { linkIn, outboxFor };

/** The origin the test config trusts (PUBLIC_URL defaults to http://localhost:3000). */
export const ORIGIN = 'http://localhost:3000';

/** Turns the Set-Cookie headers of a response into a Cookie header for the next request. */
export function cookieFrom(setCookie: string | string[] | undefined, previous = '') {
  const jar = new Map(
    previous
      .split('; ')
      .filter(Boolean)
      .map((pair) => pair.split('=') as [string, string]),
  );
  for (const line of [setCookie ?? []].flat()) {
    const [pair = ''] = line.split(';');
    const [name = '', ...rest] = pair.split('=');
    const value = rest.join('=');
    if (value === '' || /max-age=0/i.test(line)) jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

let counter = 0;
export const uniqueEmail = (prefix = 'rider') => `${prefix}-${Date.now()}-${++counter}@example.com`;

/**
 * Signs a new account up. An address the app's ADMIN_EMAILS lists (an app made by makeTestApp)
 * then follows the verification link mailed to it, as the shop's owner would: a listed address
 * becomes admin only once verified. `verify` says otherwise either way.
 */
export async function signUp(
  app: App,
  {
    name = 'Robin Rider',
    email = uniqueEmail(),
    password = 'correct-horse-9',
    verify = undefined as boolean | undefined,
  } = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: ORIGIN },
    payload: { name, email, password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const config = testAppConfigs.get(app);
  if (verify ?? config?.adminEmails.includes(email.toLowerCase()) ?? false) {
    if (!config) throw new Error('verify needs an app made by makeTestApp (or use verifyEmail)');
    await verifyEmail(app, config.dataDir, email);
  }
  return { email, password, name, cookie: cookieFrom(res.headers['set-cookie']) };
}

/** An account signUp made: its email, password, name and session cookie. */
export type Account = Awaited<ReturnType<typeof signUp>>;

/** Follows the newest verification link mailed to this address; the email is then verified. */
export async function verifyEmail(app: App, dataDir: string, email: string) {
  const mail = outboxFor(dataDir, email)
    .filter((m) => /Confirm your email/.test(m.subject))
    .at(-1);
  if (!mail) throw new Error(`no verification mail for ${email}`);
  const link = new URL(linkIn(mail));
  const res = await app.inject({ method: 'GET', url: link.pathname + link.search });
  const failed = res.statusCode >= 400 || /[?&]error=/.test(res.headers.location ?? '');
  if (failed) throw new Error(`verification failed: ${res.statusCode} ${res.body}`);
  return res;
}

export async function signIn(app: App, email: string, password: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: ORIGIN },
    payload: { email, password },
  });
}

export async function accessTokenFor(app: App, cookie: string, email: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { cookie, origin: ORIGIN },
    payload: { email },
  });
  return (res.json() as { accessToken: string }).accessToken;
}
