import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN } from '../support/auth.ts';
import { routeTable, type RouteRow } from './route-table.ts';
import { makeWorld, type Method, type World } from './world.ts';

/**
 * Property-based fuzzing of every route's params, query and body: whatever arrives, the server
 * answers with a status below 500 and keeps answering. Each request comes from its own client
 * address so the rate limits (a 429 is a fine answer) do not hide what lies behind them.
 */
let world: World;

beforeAll(async () => {
  world = await makeWorld();
}, 120_000);
afterAll(() => world.app.close());

// Enough to cover every route in well under a minute on a busy machine.
const RUNS_PER_ROUTE = 25;

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

type Shape = { url: URL; params: string[]; values: string[]; body?: Record<string, unknown> };

/** One valid request of the row, to learn its parameter names, known values and body keys. */
async function shapeOf(row: RouteRow): Promise<Shape> {
  const { url, payload } = await row.prepare(world);
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
  const raw =
    body && typeof body === 'object' && 'raw' in body
      ? String((body as { raw: unknown }).raw)
      : undefined;
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

  it.each([
    ['/api/auth/sign-in/email', { email: 'casey@example.com', password: 'correct-horse-9' }],
    [
      '/api/auth/sign-up/email',
      { name: 'Fuzz', email: 'fuzz@example.com', password: 'correct-horse-9' },
    ],
    [
      '/api/auth/request-password-reset',
      { email: 'casey@example.com', redirectTo: '/reset-password' },
    ],
    ['/api/auth/reset-password', { token: 'abc', newPassword: 'correct-horse-9' }],
    ['/api/auth/sign-in/social', { provider: 'github', callbackURL: '/' }],
    ['/api/auth/update-user', { name: 'Casey' }],
  ] as const)(
    'POST %s (Better Auth) never answers 5xx',
    async (url, valid) => {
      const keys = Object.keys(valid);
      const body = fc.oneof(
        fc
          .dictionary(fc.oneof(fc.constantFrom(...keys), fc.string()), anyJson, { maxKeys: 4 })
          .map((changes) => ({ ...valid, ...changes })),
        anyJson,
        fc.string().map((raw) => ({ raw })),
      );
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('anon' as const, 'customer' as const),
          body,
          fc.ipV4(),
          async (role, payload, ip) => {
            const res = await send('POST', url, role, payload, ip);
            expect(
              res.statusCode,
              `${url} ${JSON.stringify(payload)?.slice(0, 200)} → ${res.body.slice(0, 200)}`,
            ).toBeLessThan(500);
          },
        ),
        { numRuns: 15 },
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
