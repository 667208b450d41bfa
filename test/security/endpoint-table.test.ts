import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import { buildApp } from '../../src/server/app.ts';
import { deleteEndedRateWindows, hitRateWindow } from '../../src/server/lib/rate-window.ts';
import { ORIGIN, signUp } from '../support/auth.ts';
import { insertProduct } from '../support/fixtures.ts';
import { makeTestApp, testConfig } from '../support/test-app.ts';

const ADMIN = 'table-admin@example.com';
let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let customer: Awaited<ReturnType<typeof signUp>>;
let admin: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  ctx = await makeTestApp({ ADMIN_EMAILS: ADMIN, ORDER_RATE_LIMIT: '3' });
  customer = await signUp(ctx.app, { name: 'Tess Table' });
  admin = await signUp(ctx.app, { name: 'Ada Admin', email: ADMIN });
});
afterAll(() => ctx.app.close());

/** Another server on the same database and secret, as a second process would be. */
const secondServer = () =>
  buildApp(testConfig({ DATA_DIR: ctx.config.dataDir, ORDER_RATE_LIMIT: '3' }), {
    database: { ...ctx.database, close: async () => {} },
  });

const send = (options: InjectOptions) => ctx.app.inject(options);

describe('who may call is asked before anything else', () => {
  it('answers an anonymous order with an empty body 401, not a validation error', async () => {
    const res = await send({ method: 'POST', url: '/api/orders', payload: {} });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('unauthorized');
  });

  it('answers a customer adding a product with a bad image 403, not 400', async () => {
    const res = await send({
      method: 'POST',
      url: '/api/tools',
      headers: { origin: ORIGIN, cookie: customer.cookie },
      payload: { name: 'X', price: 1, stock: 1, img: 'javascript:alert(1)' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('answers a product delete with a JSON content type and no body 401, then lets an admin do it', async () => {
    const product = await insertProduct(ctx.db);
    const anonymous = await send({
      method: 'DELETE',
      url: `/api/tool/${product.id}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(anonymous.statusCode).toBe(401);
    const byAdmin = await send({
      method: 'DELETE',
      url: `/api/tool/${product.id}`,
      headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: admin.cookie },
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toMatchObject({ deleted: true });
  });

  it('still asks for a body where the call takes one', async () => {
    const res = await send({
      method: 'POST',
      url: '/api/review',
      headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: customer.cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('bad_request');
  });
});

describe('the endpoint table', () => {
  it('is the only way to add an API route', async () => {
    const fresh = await secondServer();
    try {
      expect(() => fresh.get('/api/backdoor', async () => ({ open: true }))).toThrow(
        /not in the endpoint table/,
      );
    } finally {
      await fresh.close();
    }
  });

  it('is what the OpenAPI document describes, with who may call each', async () => {
    const doc = (await send({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { description?: string; security?: unknown[] }>>;
    }>();
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const declared = Object.values(endpoints)
      .filter((e) => !('provider' in e) || e.provider === 'test')
      .map((e) => `${e.method} ${e.path.replace(/:(\w+)/g, '{$1}')}`);
    expect(documented.sort()).toEqual(declared.sort());
    const addTool = doc.paths['/api/tools']?.post;
    expect(addTool?.description).toMatch(/admins/);
    expect(addTool?.security).toBeDefined();
    // A public read asks for nothing (`{}`), or takes an API key with its scope (issue 33).
    expect(doc.paths['/api/tools']?.get?.security).toEqual([{}, { apiKey: ['catalog:read'] }]);
    expect(doc.paths['/api/blogs']?.get?.security).toBeUndefined();
  });
});

describe('rate limits', () => {
  it('count per account across server processes, in the database', async () => {
    const other = await secondServer();
    try {
      const buyer = await signUp(ctx.app, { name: 'Quinn Quick' });
      const product = await insertProduct(ctx.db, { stock: 1000 });
      const order = (app: typeof ctx.app) =>
        app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: { origin: ORIGIN, cookie: buyer.cookie },
          payload: { productId: product.id, quantity: 10, email: buyer.email },
        });
      const statuses = [
        (await order(ctx.app)).statusCode,
        (await order(other)).statusCode,
        (await order(ctx.app)).statusCode,
      ];
      expect(statuses).toEqual([201, 201, 201]);
      const refused = await order(other);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/try again in \d+ (seconds|minutes)/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Someone else's orders are not held up.
      const neighbour = await signUp(ctx.app, { name: 'Nina Neighbour' });
      const theirs = await ctx.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { origin: ORIGIN, cookie: neighbour.cookie },
        payload: { productId: product.id, quantity: 10, email: neighbour.email },
      });
      expect(theirs.statusCode).toBe(201);
    } finally {
      await other.close();
    }
  });

  it('do not count a refused caller: an anonymous flood leaves the account limit alone', async () => {
    const writer = await signUp(ctx.app, { name: 'Wren Writer' });
    for (let i = 0; i < 15; i++) {
      const res = await send({
        method: 'POST',
        url: '/api/review',
        payload: { desc: 'x', rating: 5 },
      });
      expect(res.statusCode).toBe(401);
    }
    const res = await send({
      method: 'POST',
      url: '/api/review',
      headers: { origin: ORIGIN, cookie: writer.cookie },
      payload: { desc: 'Good spokes.', rating: 5 },
    });
    expect(res.statusCode).toBe(201);
  });

  it('leave no ended windows behind', async () => {
    await ctx.db.execute(sql`
      insert into rate_limit (key, count, reset_at) values
        ('ended', 3, now() - interval '1 minute'),
        ('live', 1, now() + interval '1 hour')`);
    expect(await deleteEndedRateWindows(ctx.db)).toBeGreaterThanOrEqual(1);
    const { rows } = (await ctx.db.execute(
      sql`select key from rate_limit where key in ('ended', 'live')`,
    )) as unknown as { rows: { key: string }[] };
    expect(rows.map((r) => r.key)).toEqual(['live']);
  });

  it('keep counting for a key longer than any index allows', async () => {
    const key = `auth:/sign-in/email:email:${'a'.repeat(5000)}@example.com`;
    const rule = { max: 2, windowSeconds: 60 };
    const hits = [];
    for (let i = 0; i < 3; i++) hits.push((await hitRateWindow(ctx.db, key, rule)).allowed);
    expect(hits).toEqual([true, true, false]);
  });
});
