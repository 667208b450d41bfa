import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { App } from '../../src/server/app.ts';

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

export async function signUp(
  app: App,
  { name = 'Robin Rider', email = uniqueEmail(), password = 'correct-horse-9' } = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: ORIGIN },
    payload: { name, email, password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return { email, password, name, cookie: cookieFrom(res.headers['set-cookie']) };
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

/** Mails the server wrote to DATA_DIR/outbox for this address, oldest first. */
export function outboxFor(dataDir: string, email: string) {
  const dir = join(dataDir, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return files
    .map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as OutboxMail)
    .filter((mail) => mail.to.some((to) => to.address === email));
}

type OutboxMail = { to: { address: string }[]; subject: string; text: string; html: string };

export const linkIn = (mail: { text: string }) => {
  const match = /https?:\/\/\S+/.exec(mail.text);
  if (!match) throw new Error('no link in mail');
  return match[0];
};
