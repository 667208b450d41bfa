import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE } from '../../src/contract/password-rules.ts';
import { linkOnPublicUrl } from '../../src/server/auth/mails.ts';
import { authErrorMessage } from '../../src/web/features/auth/auth-errors.ts';
import { ApiError } from '../../src/web/lib/api-client.ts';
import { linkIn, ORIGIN, outboxFor, signIn, signUp, uniqueEmail } from '../support/auth.ts';
import { makeTestApp } from '../support/test-app.ts';

/**
 * What an outside run found on Better Auth's routes (/api/auth/*): crashes from an over-long
 * email or a malformed Host, mail links built from request headers, and common passwords.
 */
let ctx: Awaited<ReturnType<typeof makeTestApp>>;

beforeAll(async () => {
  ctx = await makeTestApp({ ADMIN_EMAILS: ADMIN_EMAIL });
}, 120_000);
afterAll(() => ctx.app.close());

// Each request from its own client address keeps the per-IP limits out of the way.
let address = 0;
const nextIp = () => `10.11.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

function post(url: string, payload: object, headers: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: nextIp(),
    headers: { origin: ORIGIN, ...headers },
  });
}

// Random letters: a repetitive one compresses, and the database would store it after all.
const ADMIN_EMAIL = 'chief@hardening.test';

const LONG_EMAIL = `${randomBytes(2_990).toString('base64url').slice(0, 2_990)}@example.com`;

describe('an email longer than any real address', () => {
  it.each([
    ['/api/auth/sign-in/email', { email: LONG_EMAIL, password: 'correct-horse-9' }],
    [
      '/api/auth/sign-up/email',
      { name: 'Long Email', email: LONG_EMAIL, password: 'correct-horse-9' },
    ],
    ['/api/auth/request-password-reset', { email: LONG_EMAIL, redirectTo: '/reset-password' }],
    ['/api/auth/send-verification-email', { email: LONG_EMAIL, callbackURL: '/my-profile' }],
  ] as const)('is refused on %s with 400 and a clear message', async (url, payload) => {
    const res = await post(url, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      error: 'bad_request',
      message: expect.stringMatching(/email/i),
    });
  });

  it('is refused from 255 characters on, while a 254-character address is judged as usual', async () => {
    const domain = '@example.com';
    const at254 = `${'b'.repeat(254 - domain.length)}${domain}`;
    const at255 = `b${at254}`;
    expect(
      (await post('/api/auth/sign-in/email', { email: at255, password: 'x-y-z-1234' })).statusCode,
    ).toBe(400);
    const usual = await post('/api/auth/sign-in/email', { email: at254, password: 'x-y-z-1234' });
    expect(usual.statusCode).toBeLessThan(500);
    expect(usual.json()).not.toMatchObject({ error: 'bad_request' });
  });
});

describe('a malformed Host header', () => {
  const routes = [
    ['GET', '/api/auth/get-session'],
    ['POST', '/api/auth/sign-in/email'],
    ['POST', '/api/auth/sign-out'],
    ['GET', '/api/tools'],
    ['GET', '/api/health'],
    ['GET', '/'],
    ['GET', '/no-such-page'],
  ] as const;

  it.each([
    'bad host',
    'a%b',
    '[',
    'shop.example:port',
    'shop.example:99999',
    '[zz]',
    'a/b',
    'a@b',
  ])('Host %j is refused with 400 on every route', async (host) => {
    for (const [method, url] of routes) {
      const res = await ctx.app.inject({
        method,
        url,
        remoteAddress: nextIp(),
        headers: { host, origin: ORIGIN },
        ...(method === 'POST' ? { payload: { email: 'casey@example.com', password: 'x' } } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(res.json(), `${method} ${url}`).toMatchObject({ error: 'bad_request' });
    }
  });

  it.each([
    'localhost',
    'localhost:3000',
    '127.0.0.1:3000',
    '[::1]:3000',
    'shop.example.com',
    'my_app:8080',
  ])('Host %j is served as usual', async (host) => {
    const res = await ctx.app.inject({ url: '/api/health', headers: { host } });
    expect(res.statusCode).toBe(200);
  });

  it('does not decide where Better Auth thinks it is served: sign-in works whatever the Host', async () => {
    const account = await signUp(ctx.app);
    for (const host of ['localhost', 'shop.internal:8080', '10.0.0.7']) {
      const res = await post(
        '/api/auth/sign-in/email',
        { email: account.email, password: account.password },
        { host },
      );
      expect(res.statusCode, host).toBe(200);
    }
  });
});

/** Every absolute URL in a mail, including those carried inside another URL's query. */
function urlsIn(mail: { text: string; html: string }) {
  const found = [...`${mail.text} ${mail.html}`.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((m) =>
    m[0].replaceAll('&amp;', '&').replaceAll('&#38;', '&'),
  );
  const nested = found.flatMap((url) =>
    [...new URL(url).searchParams.values()].filter((value) => /^[a-z]+:|^\/\//i.test(value)),
  );
  return [...found, ...nested];
}

describe('links in mails asked for with a forged Host and Origin', () => {
  const forged = { host: 'evil.example', origin: 'http://evil.example' };

  it('point at PUBLIC_URL only, for password resets, verification mails and sign-up', async () => {
    const account = await signUp(ctx.app);
    const newcomer = uniqueEmail('forged');
    /** Asks for a mail with a link (`link`: the field that names it), from the forged origin. */
    const ask = (
      path: string,
      link: Record<string, string>,
      body: object = { email: account.email },
    ) => post(path, { ...body, ...link }, forged);
    const [toItself] = await Promise.all([
      Promise.all([
        ask('/api/auth/request-password-reset', { redirectTo: 'http://evil.example/reset' }),
        ask('/api/auth/send-verification-email', { callbackURL: 'http://evil.example/x' }),
        ask(
          '/api/auth/sign-up/email',
          { callbackURL: 'http://evil.example/' },
          { name: 'Forged', email: newcomer, password: 'correct-horse-9' },
        ),
      ]),
      // ...and for links to the shop's own pages: mailed, on PUBLIC_URL (read below).
      Promise.all([
        ask('/api/auth/request-password-reset', { redirectTo: '/reset-password' }),
        ask('/api/auth/send-verification-email', { callbackURL: '/my-profile' }),
      ]),
    ]);
    // An untrusted origin asking for a link to itself is refused outright.
    for (const res of toItself) expect(res.statusCode, res.body).toBe(403);

    const mails = [
      ...outboxFor(ctx.config.dataDir, account.email),
      ...outboxFor(ctx.config.dataDir, newcomer),
    ];
    for (const mail of mails) {
      for (const url of urlsIn(mail)) expect(new URL(url).origin, mail.subject).toBe(ORIGIN);
    }
  });

  it('still mail a PUBLIC_URL link for a request from the shop itself, whatever its Host', async () => {
    const account = await signUp(ctx.app);
    const res = await post(
      '/api/auth/request-password-reset',
      { email: account.email, redirectTo: '/reset-password' },
      { host: 'evil.example' },
    );
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = outboxFor(ctx.config.dataDir, account.email).filter((m) =>
      /reset/i.test(m.subject),
    );
    expect(mail).toBeDefined();
    const link = new URL(linkIn(mail!));
    expect(link.origin).toBe(ORIGIN);
    expect(link.searchParams.get('callbackURL')).toBe('/reset-password');
  });
});

describe('common and breached passwords', () => {
  const common = [
    'password',
    '12345678',
    'password123',
    'PASSWORD123',
    'qwerty123',
    'iloveyou1',
    'ecparts2026',
  ];

  it.each(common)(
    '%j is refused at sign-up with a clear message, and no account is made',
    async (password) => {
      const email = uniqueEmail('common');
      const res = await post('/api/auth/sign-up/email', { name: 'Common Pat', email, password });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ message: COMMON_PASSWORD_MESSAGE });
      expect(res.headers['set-cookie']).toBeUndefined();
      expect((await signIn(ctx.app, email, password)).statusCode).toBe(401);
    },
  );

  it('shows the sign-up form the server’s sentence', async () => {
    const res = await post('/api/auth/sign-up/email', {
      name: 'Common Pat',
      email: uniqueEmail('common'),
      password: 'password123',
    });
    const body = res.json<{ code?: string; error?: string; message: string }>();
    // As the web app's fetch client turns the answer into an error for the form.
    const shown = authErrorMessage(
      new ApiError(res.statusCode, body.error ?? body.code ?? 'http_error', body.message),
    );
    expect(shown).toBe(COMMON_PASSWORD_MESSAGE);
  });

  it('is refused when a password is reset, and the old password keeps working', async () => {
    const account = await signUp(ctx.app);
    await post('/api/auth/request-password-reset', {
      email: account.email,
      redirectTo: '/reset-password',
    });
    const [mail] = outboxFor(ctx.config.dataDir, account.email).filter((m) =>
      /reset/i.test(m.subject),
    );
    const landing = await ctx.app.inject({
      url: new URL(linkIn(mail!)).pathname + new URL(linkIn(mail!)).search,
    });
    const token = new URL(String(landing.headers.location), ORIGIN).searchParams.get('token');
    expect(token).toBeTruthy();

    const refused = await post('/api/auth/reset-password', { token, newPassword: '12345678' });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ message: COMMON_PASSWORD_MESSAGE });
    expect((await signIn(ctx.app, account.email, account.password)).statusCode).toBe(200);

    // The link is still good for a password nobody else uses.
    const accepted = await post('/api/auth/reset-password', {
      token,
      newPassword: 'gear-ratio-53-11',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('has no other door: a signed-in change or an admin setting one is not served', async () => {
    // Better Auth's change-password and its admin plugin's create-user and set-user-password
    // are refused before they run (src/server/auth/served-routes.ts): a new password is chosen
    // at sign-up or through the mailed reset link only, both checked above.
    const account = await signUp(ctx.app);
    const admin = await signUp(ctx.app, { name: 'Chief Admin', email: ADMIN_EMAIL });
    const calls: [string, object, string][] = [
      [
        '/api/auth/change-password',
        { currentPassword: account.password, newPassword: 'password1' },
        account.cookie,
      ],
      [
        '/api/auth/admin/create-user',
        { name: 'Made By Admin', email: uniqueEmail('made'), password: 'letmein123' },
        admin.cookie,
      ],
      [
        '/api/auth/admin/set-user-password',
        { userId: 'anyone', newPassword: 'qwertyuiop' },
        admin.cookie,
      ],
    ];
    for (const [url, payload, cookie] of calls) {
      expect((await post(url, payload, { cookie })).statusCode, url).toBe(404);
    }
    expect((await signIn(ctx.app, account.email, account.password)).statusCode).toBe(200);
  });

  it('lets an uncommon password through', async () => {
    const res = await post('/api/auth/sign-up/email', {
      name: 'Rare Pat',
      email: uniqueEmail('rare'),
      password: 'derailleur-hanger-42',
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('a link about to be mailed', () => {
  it('is put back on PUBLIC_URL, with a foreign callbackURL replaced by the home page', () => {
    const cases = [
      [
        'http://evil.example/api/auth/reset-password/t0k?callbackURL=%2Freset-password',
        '/reset-password',
      ],
      [
        'http://localhost:3000/api/auth/verify-email?token=t0k&callbackURL=http%3A%2F%2Fevil.example%2F',
        '/',
      ],
      ['http://localhost:3000/api/auth/verify-email?token=t0k&callbackURL=%2F%2Fevil.example', '/'],
      ['http://localhost:3000/api/auth/verify-email?token=t0k&callbackURL=%2F%5Cevil.example', '/'],
      ['http://localhost:3000/api/auth/verify-email?token=t0k&callbackURL=http%3A%2F%2F%5B', '/'],
      [
        'http://localhost:3000/api/auth/verify-email?token=t0k&callbackURL=%2Fmy-profile',
        '/my-profile',
      ],
    ] as const;
    for (const [given, callback] of cases) {
      const link = new URL(linkOnPublicUrl(given, ORIGIN));
      expect(link.origin, given).toBe(ORIGIN);
      expect(link.searchParams.get('callbackURL'), given).toBe(callback);
      expect(link.pathname, given).toBe(new URL(given).pathname);
    }
  });
});
