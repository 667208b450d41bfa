import type Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiScopes, type ApiScope } from '../../src/contract/api-keys.ts';
import { endpoints } from '../../src/contract/endpoints.ts';
import { startFakeStripe } from '../support/fake-stripe.ts';
import { exemptRoutes, routeTable, type RouteRow } from './route-table.ts';
import { makeWorld, roles, type World } from './world.ts';

// Every route the app registers, as Fastify reports it: an onRoute hook on each instance the
// server creates, added before any of its routes.
const registered = vi.hoisted(() => [] as { method: string; url: string }[]);
vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<{ default: typeof Fastify }>();
  const create = ((options?: object) => {
    const app = actual.default(options);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) registered.push({ method, url: route.url });
    });
    return app;
  }) as typeof Fastify;
  return { ...actual, default: create };
});

/** Routes as "METHOD /path", HEAD left out: Fastify answers it for every GET route. */
async function buildAndListRoutes(env: Record<string, string> = {}) {
  registered.length = 0;
  const world = await makeWorld(env);
  const routes = new Set(
    registered
      .filter(({ method }) => method !== 'HEAD')
      .map(({ method, url }) => `${method} ${url}`),
  );
  return { world, routes };
}

const key = (row: RouteRow) => `${row.method} ${row.route}`;
const isExempt = (route: string) =>
  exemptRoutes.some(({ matches }) => matches(route.split(' ')[1]!));

function checkTableAgainst(routes: Set<string>, provider: 'test' | 'stripe') {
  const rows = routeTable.filter((row) => (row.provider ?? provider) === provider);
  const withoutRow = [...routes].filter(
    (route) => !isExempt(route) && !rows.some((row) => key(row) === route),
  );
  const notRegistered = rows.map(key).filter((route) => !routes.has(route));
  expect(withoutRow, 'registered routes missing from test/security/route-table.ts').toEqual([]);
  expect(notRegistered, 'rows for routes the server does not register').toEqual([]);
}

async function expectCells(world: World, rows: RouteRow[]) {
  const wrong: string[] = [];
  for (const row of rows) {
    for (const role of roles) {
      const { url, payload, headers } = await row.prepare(world);
      const res = await world.send(role, row.method, url, payload, headers);
      if (res.statusCode !== row.status[role]) {
        wrong.push(
          `${key(row)} as ${role}: ${res.statusCode}, expected ${row.status[role]} (${res.body.slice(0, 160)})`,
        );
      }
    }
  }
  expect(wrong).toEqual([]);
}

describe('the authorisation matrix, with the built-in test payments', () => {
  let world: World;
  let routes: Set<string>;
  beforeAll(async () => {
    ({ world, routes } = await buildAndListRoutes());
  });
  afterAll(() => world.app.close());

  it('has a row for every route the server registers, and no row for a route it lacks', () => {
    expect(routes.size).toBeGreaterThan(20);
    checkTableAgainst(routes, 'test');
  });

  // Some 110 routes, four callers each, every cell on fresh objects.
  it(
    'gives anonymous visitors, the customer, another customer and an admin the status the table says',
    {
      timeout: 180_000,
    },
    async () => {
      await expectCells(
        world,
        routeTable.filter((row) => row.provider !== 'stripe'),
      );
    },
  );
});

/** The scopes an API key may call the row's endpoint with (none: keys are refused). */
const scopesOf = (row: RouteRow): readonly ApiScope[] =>
  (endpoints[row.name] as { scopes?: readonly ApiScope[] }).scopes ?? [];

/**
 * Every row once more with an API key (Bearer, no cookie): a key holding every scope gets the
 * admin's status where the entry names scopes and 403 everywhere else; a key holding every
 * scope but the entry's gets 403 naming them.
 */
async function expectKeyCells(world: World, rows: RouteRow[]) {
  const keys = new Map<string, string>();
  const keyWith = async (scopes: readonly ApiScope[]) => {
    const name = scopes.join(',');
    if (!keys.has(name)) {
      const res = await world.send('admin', 'POST', '/api/api-keys', { name, scopes });
      if (res.statusCode !== 201) throw new Error(`key failed: ${res.statusCode} ${res.body}`);
      keys.set(name, res.json<{ key: string }>().key);
    }
    return keys.get(name)!;
  };
  const wrong: string[] = [];
  for (const row of rows) {
    const scopes = scopesOf(row);
    const cases: [string, readonly ApiScope[], number, string | undefined][] = [
      ['a key with every scope', apiScopes, scopes.length ? row.status.admin : 403, undefined],
    ];
    const others = apiScopes.filter((scope) => !scopes.includes(scope));
    if (scopes.length) cases.push(['a key without its scope', others, 403, scopes.join(' or ')]);
    for (const [who, held, status, named] of cases) {
      const { url, payload, headers } = await row.prepare(world);
      const authorization = `Bearer ${await keyWith(held)}`;
      const res = await world.send('anon', row.method, url, payload, { ...headers, authorization });
      const said = named === undefined || res.body.includes(named);
      if (res.statusCode !== status || !said) {
        wrong.push(
          `${key(row)} as ${who}: ${res.statusCode}, expected ${status} (${res.body.slice(0, 160)})`,
        );
      }
    }
    // The matrix spends the keys' allowance a minute: counted afresh per row.
    await world.forgetRateLimits();
  }
  expect(wrong).toEqual([]);
}

describe('the authorisation matrix, with API keys', () => {
  let world: World;
  beforeAll(async () => {
    ({ world } = await buildAndListRoutes());
  });
  afterAll(() => world.app.close());

  it(
    'refuses a key on every endpoint that names no scope, and lets a key with the scope call as an admin',
    { timeout: 180_000 },
    async () => {
      await expectKeyCells(
        world,
        routeTable.filter((row) => row.provider !== 'stripe'),
      );
    },
  );
});

describe('the authorisation matrix, with Stripe', () => {
  let world: World;
  let routes: Set<string>;
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  beforeAll(async () => {
    fake = await startFakeStripe();
    ({ world, routes } = await buildAndListRoutes({
      STRIPE_SECRET_KEY: 'sk_test_ecparts',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_ecparts',
      STRIPE_WEBHOOK_SECRET: 'whsec_test_ecparts_0123456789',
      STRIPE_API_BASE: fake.url,
    }));
  });
  afterAll(async () => {
    await world.app.close();
    await fake.stop();
  });

  it('has a row for every route, the webhook included and the test processor left out', () => {
    checkTableAgainst(routes, 'stripe');
  });

  it('refuses an unsigned webhook call from anyone', async () => {
    await expectCells(
      world,
      routeTable.filter((row) => row.provider === 'stripe'),
    );
  });
});
