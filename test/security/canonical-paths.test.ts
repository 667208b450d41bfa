import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import { authRateLimits } from '../../src/server/auth/rate-limits.ts';
import { ORIGIN } from '../support/auth.ts';
import { makeWorld, type World } from './world.ts';

let world: World;
let port: number;
beforeAll(async () => {
  world = await makeWorld();
  // Over a real socket: app.inject resolves dot segments and backslashes like a browser would,
  // while an attacker's client sends the path as written.
  await world.app.listen({ port: 0, host: '127.0.0.1' });
  port = (world.app.server.address() as AddressInfo).port;
});
afterAll(() => world.app.close());

type Sent = { method?: string; url: string; headers?: Record<string, string>; payload?: object };

/** Sends the path byte for byte, as written, from 127.0.0.1. */
function send({ method = 'GET', url, headers = {}, payload }: Sent) {
  const body = payload === undefined ? undefined : JSON.stringify(payload);
  return new Promise<{ statusCode: number; body: string; json: () => { error?: string } }>(
    (resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method,
          path: url,
          headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () =>
            resolve({
              statusCode: res.statusCode ?? 0,
              body: text,
              json: () => JSON.parse(text) as { error?: string },
            }),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    },
  );
}

/** Other spellings of `/api/<a>/<b>…` that a normalising router or library resolves to it. */
function respellings(path: string) {
  const [, api = 'api', first = '', ...rest] = path.split('/');
  const tail = rest.length > 0 ? `/${rest.join('/')}` : '';
  return [
    `/${api}/./${first}${tail}`,
    `/${api}/x/../${first}${tail}`,
    `/${api}/%2e/${first}${tail}`,
    `/${api}/%2E%2E/${api}/${first}${tail}`,
    `/${api}//${first}${tail}`,
    `/${api}/${first}%2f${tail.slice(1) || 'x'}`,
    `/${api}\\${first}${tail}`,
    `/%61pi/${first}${tail}`,
    `/${api}/${first}${tail}/.`,
  ];
}

// Every call with a limit: Better Auth's (per path) and the endpoint table's.
const limited = [
  ...Object.keys(authRateLimits).map((path) => ({ method: 'POST', path: `/api/auth${path}` })),
  ...Object.values(endpoints)
    .filter((e) => 'rateLimit' in e)
    .map((e) => ({ method: e.method as string, path: e.path.replace(':id', 'x') })),
];

describe('a path in any spelling but its plain one', () => {
  it.each(limited.map((route) => [`${route.method} ${route.path}`, route] as const))(
    'is refused with 400 for the limited call %s, before anything counts or runs',
    async (_name, { method, path }) => {
      const wrong: string[] = [];
      for (const url of respellings(path)) {
        const res = await send({
          method,
          url,
          headers: { origin: ORIGIN, cookie: world.customer.cookie },
          // A body only where the call takes one: a GET's would be left unread.
          payload:
            method === 'GET'
              ? undefined
              : { email: world.customer.email, password: 'wrong-password-1' },
        });
        if (res.statusCode !== 400 || res.json().error !== 'bad_request') {
          wrong.push(`${url}: ${res.statusCode} ${res.body.slice(0, 100)}`);
        }
      }
      expect(wrong).toEqual([]);
    },
  );

  it('cannot be used to guess a password past the limit', async () => {
    const guess = (url: string) =>
      send({
        method: 'POST',
        url,
        headers: { origin: ORIGIN },
        payload: { email: world.otherCustomer.email, password: 'wrong-password-1' },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await guess('/api/auth/sign-in/email')).statusCode);
      for (const url of respellings('/api/sign-in/email').map((u) =>
        u.replace('/api/', '/api/auth/'),
      )) {
        statuses.push((await guess(url)).statusCode);
      }
    }
    // Only the plain path reached Better Auth: 10 wrong passwords, then the limit.
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    const right = await send({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: ORIGIN },
      payload: { email: world.otherCustomer.email, password: world.otherCustomer.password },
    });
    expect(right.statusCode).toBe(429);
  });

  it('is refused on pages and files too, while plain paths keep working', async () => {
    for (const url of ['/shop/./x', '//shop', '/sh%6fp', '/assets/../index.html']) {
      expect((await send({ url })).statusCode, url).toBe(400);
    }
    expect((await send({ url: '/api/tools?q=a/./b' })).statusCode).toBe(200);
    expect(
      (
        await world.app.inject({
          url: `/api/user/admin/${encodeURIComponent(world.customer.email)}`,
          headers: { cookie: world.customer.cookie },
        })
      ).statusCode,
    ).toBe(200);
  });
});
