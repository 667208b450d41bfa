import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, signUp } from '../support/auth.ts';
import { routeTable, type RouteRow } from './route-table.ts';
import { makeWorld, type Method, type World } from './world.ts';

/**
 * Property-based fuzzing of every route's params, query, body and headers, Better Auth's
 * included: whatever arrives, the server answers with a status below 500 and keeps answering.
 * Each request comes from its own client address so the rate limits (a 429 is a fine answer)
 * do not hide what lies behind them.
 */
let world: World;
/** Better Auth's routes sign out and change passwords: they get an account of their own. */
let fuzzer: Awaited<ReturnType<typeof signUp>>;

// Reviews are limited per account and the fuzzing writes many as the admin, who also writes
// the reviews the delete rows act on: those are written first.
let spareReviews: { _id: string }[] = [];

beforeAll(async () => {
  world = await makeWorld();
  fuzzer = await signUp(world.app, { name: 'Fuzz Target' });
  spareReviews = [await world.review(), await world.review()];
}, 120_000);

/** The row's valid request, on a world whose review helper hands out the spare reviews. */
const prepared = (row: RouteRow) =>
  row.prepare({ ...world, review: async () => spareReviews.pop() ?? world.review() });
afterAll(() => world.app.close());

// Enough to cover every route in well under a minute on a busy machine.
const RUNS_PER_ROUTE = 25;
const HEADER_RUNS_PER_ROUTE = 12;

const nasty = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  '%',
  '_',
  '\\',
  "'",
  '"',
  "' OR '1'='1",
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '𝕏🚲',
  '\ud800',
  'a'.repeat(5_000),
  '-1',
  '1e309',
  'NaN',
  '00000000-0000-0000-0000-000000000000',
  '__proto__',
  'constructor',
);
const text = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), nasty);
const anyJson = fc.oneof(fc.jsonValue(), text, fc.double(), fc.constant(null));

// Random letters: a long run of one letter compresses and would hide an index overflow.
const longText = fc.string({ minLength: 255, maxLength: 4_000 });
const emailish = fc.oneof(
  fc.emailAddress(),
  longText.map((local) => `${local}@example.com`),
  fc.constantFrom('𝕏🚲@example.com', ' casey@example.com ', 'CASEY@EXAMPLE.COM', 'a@b', '@', 'a@'),
);

/** Better Auth's routes the shop's pages call, each with the body (or query) they send. */
const betterAuthRoutes = [
  ['POST', '/api/auth/sign-in/email', { email: 'casey@example.com', password: 'correct-horse-9' }],
  [
    'POST',
    '/api/auth/sign-up/email',
    { name: 'Fuzz', email: 'fuzz@example.com', password: 'correct-horse-9', callbackURL: '/' },
  ],
  [
    'POST',
    '/api/auth/request-password-reset',
    { email: 'casey@example.com', redirectTo: '/reset-password' },
  ],
  ['POST', '/api/auth/reset-password', { token: 'abc', newPassword: 'correct-horse-9' }],
  [
    'POST',
    '/api/auth/send-verification-email',
    { email: 'casey@example.com', callbackURL: '/my-profile' },
  ],
  [
    'POST',
    '/api/auth/change-password',
    { currentPassword: 'correct-horse-9', newPassword: 'gear-ratio-53-11' },
  ],
  ['POST', '/api/auth/sign-in/social', { provider: 'github', callbackURL: '/' }],
  ['POST', '/api/auth/update-user', { name: 'Casey' }],
  ['POST', '/api/auth/sign-out', {}],
  ['GET', '/api/auth/get-session', { disableCookieCache: 'true' }],
] as const satisfies readonly (readonly [Method, string, Record<string, unknown>])[];

/** Fields Better Auth reads somewhere, tried on every one of its routes. */
const authFields = [
  'email',
  'password',
  'newPassword',
  'currentPassword',
  'name',
  'token',
  'callbackURL',
  'redirectTo',
  'errorCallbackURL',
  'rememberMe',
  'revokeOtherSessions',
  'image',
  'role',
  'emailVerified',
];

const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
);

/** A GET's fields as its query string; anything that is not text is sent as JSON. */
function withQuery(url: string, fields: unknown) {
  if (fields === null || typeof fields !== 'object')
    return `${url}?q=${percentEncoded(String(fields))}`;
  const query = Object.entries(fields)
    .map(([key, value]) => {
      const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
      return `${percentEncoded(key)}=${percentEncoded(text)}`;
    })
    .join('&');
  return query ? `${url}?${query}` : url;
}

/** `{raw}` stands for a body that is not JSON at all. */
const rawOf = (body: unknown) =>
  body && typeof body === 'object' && 'raw' in body
    ? String((body as { raw: unknown }).raw)
    : undefined;

// Stands for "the caller's own session cookie" among the generated Cookie headers.
const OWN_COOKIE = '<own session>';

type Shape = { url: URL; params: string[]; values: string[]; body?: Record<string, unknown> };

/** One valid request of the row, to learn its parameter names, known values and body keys. */
async function shapeOf(row: RouteRow): Promise<Shape> {
  const { url, payload } = await prepared(row);
  const params = row.route.split('/').filter((s) => s.startsWith(':'));
  const concrete = url.split('?')[0]!.split('/');
  const values = row.route
    .split('/')
    .map((segment, i) => (segment.startsWith(':') ? decodeURIComponent(concrete[i]!) : null))
    .filter((v): v is string => v !== null);
  return {
    url: new URL(url, 'http://x'),
    params,
    values,
    ...(payload && typeof payload === 'object' ? { body: payload as Record<string, unknown> } : {}),
  };
}

function requestArbitrary(row: RouteRow, shape: Shape) {
  const param = fc.oneof(
    text,
    fc.uuid(),
    ...(shape.values.length ? [fc.constantFrom(...shape.values)] : []),
  );
  const queryKeys = [...shape.url.searchParams.keys()];
  const query = fc.dictionary(
    fc.oneof(fc.constantFrom('q', 'page', 'limit', 'email', 'status', ...queryKeys), fc.string()),
    fc.oneof(text, fc.integer().map(String)),
    { maxKeys: 4 },
  );
  const bodyKeys = Object.keys(shape.body ?? {});
  const body = fc.oneof(
    // The valid body with some fields replaced or added.
    fc
      .dictionary(fc.oneof(fc.constantFrom(...bodyKeys, 'role', 'paid'), fc.string()), anyJson, {
        maxKeys: 5,
      })
      .map((changes) => ({ ...shape.body, ...changes })),
    anyJson,
    // Not JSON at all, sent as JSON.
    fc.string().map((raw) => ({ raw })),
  );
  return fc.record({
    role: fc.constantFrom('anon' as const, 'customer' as const, 'admin' as const),
    params: fc.array(param, { minLength: shape.params.length, maxLength: shape.params.length }),
    query,
    body: row.method === 'GET' ? fc.constant(undefined) : body,
    ip: fc.ipV4(),
  });
}

function urlOf(row: RouteRow, params: string[], query: Record<string, string>) {
  let i = 0;
  const path = row.route
    .split('/')
    .map((segment) => (segment.startsWith(':') ? percentEncoded(params[i++] ?? '') : segment))
    .join('/');
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

/** Every byte escaped (encodeURIComponent throws on a lone surrogate). */
const percentEncoded = (value: string) =>
  [...Buffer.from(value, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

async function send(
  method: Method,
  url: string,
  role: 'anon' | 'customer' | 'admin',
  body: unknown,
  ip: string,
) {
  const cookie = world.accounts[role]?.cookie;
  const raw = rawOf(body);
  return world.app.inject({
    method,
    url,
    remoteAddress: ip,
    headers: { origin: ORIGIN, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    ...(body === undefined ? {} : { payload: raw ?? JSON.stringify(body) }),
  });
}

describe('fuzzing every route', () => {
  const rows = routeTable.filter((row) => row.provider !== 'stripe');

  it.each(rows.map((row) => [`${row.method} ${row.route}`, row] as const))(
    '%s never answers 5xx',
    async (_name, row) => {
      const shape = await shapeOf(row);
      await fc.assert(
        fc.asyncProperty(
          requestArbitrary(row, shape),
          async ({ role, params, query, body, ip }) => {
            const url = urlOf(row, params, query);
            const res = await send(row.method, url, role, body, ip);
            expect(
              res.statusCode,
              `${row.method} ${url} ${JSON.stringify(body)?.slice(0, 200)} → ${res.body.slice(0, 200)}`,
            ).toBeLessThan(500);
          },
        ),
        { numRuns: RUNS_PER_ROUTE },
      );
    },
    60_000,
  );

  it.each(betterAuthRoutes)(
    '%s %s (Better Auth) never answers 5xx, whatever the body',
    async (method, url, valid) => {
      const keys = [...Object.keys(valid), ...authFields];
      const value = fc.oneof(anyJson, emailish, text);
      const changed = fc
        .dictionary(fc.oneof(fc.constantFrom(...keys), fc.string()), value, { maxKeys: 4 })
        .map((changes) => ({ ...valid, ...changes }));
      // Where the route takes an email, an odd one in an otherwise valid body: that is what
      // reaches the rate limiter's key and Better Auth's queries.
      const oddEmail = emailish.map((email) => ({ ...valid, email }));
      const body = fc.oneof(
        changed,
        'email' in valid ? oddEmail : changed,
        anyJson,
        fc.string().map((raw) => ({ raw })),
      );
      await fc.assert(
        fc.asyncProperty(
          fc.boolean(),
          body,
          contentType,
          fc.ipV4(),
          async (signedIn, payload, type, ip) => {
            const cookie = signedIn ? fuzzer.cookie : undefined;
            const res =
              method === 'GET'
                ? await world.app.inject({
                    method,
                    url: withQuery(url, payload),
                    remoteAddress: ip,
                    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
                  })
                : await world.app.inject({
                    method,
                    url,
                    remoteAddress: ip,
                    headers: {
                      origin: ORIGIN,
                      'content-type': type,
                      ...(cookie ? { cookie } : {}),
                    },
                    payload: rawOf(payload) ?? JSON.stringify(payload),
                  });
            expect(
              res.statusCode,
              `${method} ${url} ${type} ${JSON.stringify(payload)?.slice(0, 200)} → ${res.body.slice(0, 200)}`,
            ).toBeLessThan(500);
          },
        ),
        { numRuns: 20 },
      );
    },
    60_000,
  );

  it('leaves the server answering, with its catalogue readable', async () => {
    expect((await world.send('anon', 'GET', '/api/health')).statusCode).toBe(200);
    expect((await world.send('anon', 'GET', '/api/tools')).statusCode).toBe(200);
    expect(
      (
        await world.send(
          'customer',
          'GET',
          `/api/orders?email=${encodeURIComponent(world.customer.email)}`,
        )
      ).statusCode,
    ).toBe(200);
  });
});

/**
 * What Node hands over for a header sent as UTF-8: its bytes as Latin-1 characters, never a
 * CR, LF or NUL (the parser refuses those before any route runs).
 */
const onTheWire = (value: string) =>
  Buffer.from(value, 'utf8')
    .toString('latin1')
    .replace(/[\0\r\n]/g, '');

const headerValue = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.string({ minLength: 1_000, maxLength: 8_000 }),
  fc.constantFrom('', ' ', '\t', 'ünïcødé 🚲', 'Ω≈ç√', '%00', '%', '"', ';', ',', '=', '\\'),
);

/** Every header a browser, a proxy or an attacker could send oddly; each may be left out. */
const oddHeaders = fc.record(
  {
    host: fc.oneof(
      fc.constantFrom(
        'localhost:3000',
        'localhost',
        'bad host',
        'a%b',
        '[',
        '[::1]:3000',
        'evil.example',
        'localhost:99999',
        'shöp.example',
        '',
      ),
      headerValue,
    ),
    origin: fc.oneof(
      fc.constantFrom(
        ORIGIN,
        'null',
        'http://evil.example',
        `${ORIGIN}/`,
        'http://localhost:3000.evil.example',
        'http://[',
      ),
      headerValue,
    ),
    cookie: fc.oneof(
      fc.constant(OWN_COOKIE),
      fc.constantFrom(
        'better-auth.session_token=garbage',
        'better-auth.session_token=a.b.c; better-auth.session_token=d',
        '=;;=;',
        `better-auth.session_token=${'x'.repeat(4_000)}`,
      ),
      headerValue,
    ),
    authorization: fc.oneof(
      fc.constantFrom('Bearer', 'Bearer ', 'Bearer abc.def.ghi', 'Basic Zm9vOmJhcg==', 'Bearer 🚲'),
      headerValue.map((v) => `Bearer ${v}`),
      headerValue,
    ),
    'content-type': fc.oneof(
      fc.constantFrom(
        'application/json',
        'application/json; charset=utf-8',
        'application/json; charset=nope',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/octet-stream',
        '*/*',
      ),
      headerValue,
    ),
    'content-length': fc.oneof(
      fc.constantFrom('0', '1', '-1', 'abc', '1e3', ' 5 ', '99999999999999999999'),
      fc.nat().map(String),
    ),
    'x-forwarded-for': fc.oneof(
      fc.constantFrom(
        '1.2.3.4',
        '::1, 10.0.0.1',
        'unknown',
        Array(500).fill('10.0.0.1').join(', '),
      ),
      headerValue,
    ),
    'x-forwarded-host': fc.oneof(fc.constantFrom('evil.example', 'bad host'), headerValue),
    'x-forwarded-proto': fc.oneof(fc.constantFrom('https', 'gopher'), headerValue),
    'accept-encoding': headerValue,
    'if-none-match': headerValue,
    referer: headerValue,
  },
  { requiredKeys: [] },
);

type Target = { method: Method; url: string; payload?: unknown; cookie?: string };

/** Every route with a request its rightful caller would send; only the headers change. */
const headerTargets: [string, () => Promise<Target>][] = [
  ...routeTable
    .filter((row) => row.provider !== 'stripe')
    .map((row): [string, () => Promise<Target>] => [
      `${row.method} ${row.route}`,
      async () => {
        const { url, payload } = await prepared(row);
        const role = row.status.customer < 300 ? 'customer' : 'admin';
        return { method: row.method, url, payload, cookie: world.accounts[role]?.cookie };
      },
    ]),
  ...betterAuthRoutes.map(([method, url, valid]): [string, () => Promise<Target>] => [
    `${method} ${url}`,
    async () =>
      method === 'GET'
        ? { method, url: withQuery(url, valid), cookie: fuzzer.cookie }
        : { method, url, payload: valid, cookie: fuzzer.cookie },
  ]),
  ...(
    [
      { method: 'GET', url: '/' },
      { method: 'GET', url: '/shop' },
      { method: 'GET', url: '/no-such-page' },
      { method: 'GET', url: '/api/no-such-call' },
      { method: 'POST', url: '/api/no-such-call', payload: {} },
    ] satisfies Target[]
  ).map((page): [string, () => Promise<Target>] => [
    `${page.method} ${page.url}`,
    async () => page,
  ]),
];

describe('fuzzing the headers of every route', () => {
  it.each(headerTargets)(
    '%s never answers 5xx, whatever its Host, Origin, Cookie, Authorization or Content-*',
    async (name, prepare) => {
      const target = await prepare();
      await fc.assert(
        fc.asyncProperty(oddHeaders, fc.ipV4(), async (headers, ip) => {
          const sent = Object.fromEntries(
            Object.entries(headers).map(([header, value]) => [
              header,
              value === OWN_COOKIE ? (target.cookie ?? '') : onTheWire(value),
            ]),
          );
          const res = await world.app.inject({
            method: target.method,
            url: target.url,
            remoteAddress: ip,
            headers: sent,
            ...(target.payload === undefined ? {} : { payload: JSON.stringify(target.payload) }),
          });
          expect(
            res.statusCode,
            `${name} ${JSON.stringify(sent).slice(0, 400)} → ${res.body.slice(0, 200)}`,
          ).toBeLessThan(500);
        }),
        // Headers of several kilobytes shrink slowly; the first failing set says enough.
        { numRuns: HEADER_RUNS_PER_ROUTE, endOnFailure: true },
      );
    },
    60_000,
  );

  it('leaves the server answering, with its catalogue readable', async () => {
    expect((await world.send('anon', 'GET', '/api/health')).statusCode).toBe(200);
    expect((await world.send('anon', 'GET', '/api/tools')).statusCode).toBe(200);
  });
});

describe('odd bytes on a real socket', () => {
  let port = 0;
  beforeAll(async () => {
    await world.app.listen({ port: 0, host: '127.0.0.1' });
    port = (world.app.server.address() as AddressInfo).port;
  });

  /**
   * Sends raw bytes and reads the status line of the answer (0: closed without one). The
   * socket stays open for writing: a client that hangs up early has its request dropped. One
   * still waiting for the body it was promised gets the end of the stream after a second.
   */
  function exchange(request: Buffer) {
    return new Promise<number>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let answer = '';
      const status = () => Number(/^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1] ?? 0);
      const hangUp = setTimeout(() => socket.end(), 1_000);
      socket.setTimeout(10_000, () => socket.destroy(new Error('no answer in 10 s')));
      socket.on('data', (chunk: Buffer) => {
        answer += chunk.toString('latin1');
        if (status() > 0) socket.destroy();
      });
      socket.on('error', reject);
      socket.on('close', () => {
        clearTimeout(hangUp);
        resolve(status());
      });
      socket.write(request);
    });
  }

  const raw = (head: string, body = '') => Buffer.from(`${head}\r\n\r\n${body}`, 'latin1');
  const utf8Bytes = (value: string) => Buffer.from(value, 'utf8').toString('latin1');

  it.each([
    ['a Host with a space', 'GET /api/auth/get-session HTTP/1.1\r\nHost: bad host'],
    ['a Host with a bare percent', 'GET /api/auth/get-session HTTP/1.1\r\nHost: a%b'],
    ['an open bracket as Host', 'POST /api/auth/sign-out HTTP/1.1\r\nHost: [\r\nContent-Length: 0'],
    ['UTF-8 bytes in the Host', `GET /api/tools HTTP/1.1\r\nHost: ${utf8Bytes('shöp.example')}`],
    [
      'two Host headers',
      'GET /api/auth/get-session HTTP/1.1\r\nHost: localhost\r\nHost: evil.example',
    ],
    ['no Host at all (HTTP/1.0)', 'GET /api/auth/get-session HTTP/1.0'],
    ['no Host at all (HTTP/1.1)', 'GET /api/auth/get-session HTTP/1.1'],
    [
      'UTF-8 bytes in Cookie and Authorization',
      `GET /api/orders?email=a%40b.c HTTP/1.1\r\nHost: localhost\r\nCookie: better-auth.session_token=${utf8Bytes('ü🚲')}\r\nAuthorization: Bearer ${utf8Bytes('ü🚲')}`,
    ],
    [
      'a sign-in whose Content-Length overstates its body',
      'POST /api/auth/sign-in/email HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 500',
      '{"email":"a@b.c","password":"x"}',
    ],
    [
      'a sign-up with a non-numeric Content-Length',
      'POST /api/auth/sign-up/email HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: abc',
      '{}',
    ],
    [
      'a request-password-reset in Latin-1 declared as UTF-8',
      'POST /api/auth/request-password-reset HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: 18',
      '{"email":"\u00e9@x.io"}',
    ],
    [
      'an X-Forwarded-For of garbage',
      `POST /api/auth/sign-in/email HTTP/1.1\r\nHost: localhost\r\nX-Forwarded-For: ${utf8Bytes('🚲, ::ffff:zz')}\r\nContent-Type: application/json\r\nContent-Length: 2`,
      '{}',
    ],
  ])('%s answers below 500 or is closed by the HTTP parser', async (_name, head, body = '') => {
    const status = await exchange(raw(head, body));
    expect(status).toBeLessThan(500);
    const health = await exchange(
      raw('GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close'),
    );
    expect(health).toBe(200);
  });
});
