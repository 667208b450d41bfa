import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeyList, ApiScope, CreatedApiKey } from '../src/contract/api-keys.ts';
import type { AuditList } from '../src/contract/audit.ts';
import { apiKeys } from '../src/server/db/schema.ts';
import { makeWorld, type World } from './security/world.ts';

/** The secret part of `ecp_<prefix>_<secret>`: base64url, so it may hold `_` itself. */
const secretOf = (key: string) => key.split('_').slice(2).join('_');

// Issue 33, API keys: an ERP calls the API with a key an admin made, within the key's scopes,
// acting as an admin, named as the key in the audit trail.

let w: World;

beforeAll(async () => {
  w = await makeWorld();
});
afterAll(() => w.app.close());

async function makeKey(name: string, scopes: ApiScope[], expiresAt?: string) {
  const res = await w.send('admin', 'POST', '/api/api-keys', { name, scopes, expiresAt });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CreatedApiKey>();
}

/** A call as an ERP makes it: the key, no cookie, no Origin. */
const withKey = (
  key: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) =>
  w.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${key}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const listKeys = async () =>
  (await w.send('admin', 'GET', '/api/api-keys')).json<ApiKeyList>().data;

const newPart = {
  name: 'Chain checker',
  price: 9.5,
  stock: 12,
  img: '/images/products/spoke-key.svg',
};

describe('an admin making a key', () => {
  it('sees the key once, in the answer to making it, and never in the list', async () => {
    const made = await makeKey('erp-sync', ['catalog:read', 'catalog:write']);
    expect(made.key).toMatch(/^ecp_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/);
    expect(made.key.startsWith(`${made.prefix}_`)).toBe(true);
    expect(made).toMatchObject({
      name: 'erp-sync',
      scopes: ['catalog:read', 'catalog:write'],
      expiresAt: null,
    });
    const listed = await w.send('admin', 'GET', '/api/api-keys');
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(secretOf(made.key));
    const entry = listed.json<ApiKeyList>().data.find((k) => k._id === made._id);
    expect(entry).toEqual({
      _id: made._id,
      name: 'erp-sync',
      scopes: ['catalog:read', 'catalog:write'],
      prefix: made.prefix,
      createdAt: made.createdAt,
      expiresAt: null,
      lastUsedAt: null,
    });
    expect(entry).not.toHaveProperty('key');
  });

  it('stores only the SHA-256 of the key', async () => {
    const made = await makeKey('stored', ['orders:read']);
    const [row] = await w.db.select().from(apiKeys).where(eq(apiKeys.id, made._id));
    expect(row!.hash).toBe(createHash('sha256').update(made.key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(secretOf(made.key));
  });

  it('is refused a key without a name, without a scope, with an unknown scope or an expiry in the past', async () => {
    for (const body of [
      { name: '', scopes: ['orders:read'] },
      { name: 'x', scopes: [] },
      { name: 'x', scopes: ['everything'] },
      { name: 'x', scopes: ['orders:read'], expiresAt: '2020-01-01T00:00:00Z' },
    ]) {
      const res = await w.send('admin', 'POST', '/api/api-keys', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('is for admins only: a customer, a visitor and a key cannot make, list or revoke keys', async () => {
    expect(
      (await w.send('customer', 'POST', '/api/api-keys', { name: 'x', scopes: ['orders:read'] }))
        .statusCode,
    ).toBe(403);
    expect(
      (await w.send('anon', 'POST', '/api/api-keys', { name: 'x', scopes: ['orders:read'] }))
        .statusCode,
    ).toBe(401);
    expect((await w.send('customer', 'GET', '/api/api-keys')).statusCode).toBe(403);
    const { key, _id } = await makeKey('all-of-it', [
      'catalog:read',
      'catalog:write',
      'stock:write',
      'orders:read',
      'orders:write',
      'webhooks:manage',
    ]);
    const byKey = await withKey(key, 'POST', '/api/api-keys', {
      name: 'y',
      scopes: ['orders:read'],
    });
    expect(byKey.statusCode).toBe(403);
    expect(byKey.json().message).toMatch(/API keys cannot call this endpoint/);
    expect((await withKey(key, 'GET', '/api/api-keys')).statusCode).toBe(403);
    expect((await withKey(key, 'DELETE', `/api/api-keys/${_id}`)).statusCode).toBe(403);
  });
});

describe('a call with a key', () => {
  it('adds a product with catalog:write, and the audit trail names the key', async () => {
    const { key } = await makeKey('erp-sync', ['catalog:write']);
    const res = await withKey(key, 'POST', '/api/tools', newPart);
    expect(res.statusCode, res.body).toBe(201);
    const audit = (await w.send('admin', 'GET', '/api/audit')).json<AuditList>().data[0]!;
    expect(audit).toMatchObject({
      actorEmail: 'api key erp-sync',
      action: 'product.create',
      targetId: res.json<{ _id: string }>()._id,
    });
  });

  it('reads the catalogue with catalog:read', async () => {
    const { key } = await makeKey('shop-feed', ['catalog:read']);
    const { id } = await w.product();
    expect((await withKey(key, 'GET', '/api/tools')).statusCode).toBe(200);
    expect((await withKey(key, 'GET', `/api/tools/${id}`)).statusCode).toBe(200);
    expect((await withKey(key, 'GET', '/api/categories')).statusCode).toBe(200);
    expect((await withKey(key, 'GET', '/api/brands')).statusCode).toBe(200);
  });

  it('reads every order and one order with orders:read, and ships one with orders:write', async () => {
    const paid = await w.paidOrder();
    const { key: reader } = await makeKey('books', ['orders:read']);
    const all = await withKey(reader, 'GET', '/api/allorders');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.body).toContain(paid._id);
    const one = await withKey(reader, 'GET', `/api/order/${paid._id}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json<{ _id: string }>()._id).toBe(paid._id);
    const { key: warehouse } = await makeKey('warehouse', ['orders:write']);
    const shipped = await withKey(warehouse, 'PATCH', `/api/orders/${paid._id}/ship`, {
      carrier: 'DHL',
      trackingNumber: 'JD0002',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json<{ status: string }>().status).toBe('shipped');
  });

  it('posts a stock movement with stock:write, written in the ledger as the key', async () => {
    const { id } = await w.product();
    const { key } = await makeKey('wms', ['stock:write']);
    const res = await withKey(key, 'POST', `/api/tools/${id}/stock-movements`, {
      delta: 5,
      reason: 'received',
    });
    expect(res.statusCode, res.body).toBe(201);
    const ledger = await w.send('admin', 'GET', `/api/tools/${id}/stock-movements`);
    expect(ledger.body).toContain('api key wms');
  });

  it('is refused with 403 naming the scope when the key lacks it', async () => {
    const { key } = await makeKey('read-only', ['catalog:read']);
    const res = await withKey(key, 'POST', '/api/tools', newPart);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('catalog:write');
    const orders = await withKey(key, 'GET', '/api/allorders');
    expect(orders.statusCode).toBe(403);
    expect(orders.json().message).toContain('orders:read');
  });

  it('is refused with 403 on an endpoint that names no scope, public or not', async () => {
    const { key } = await makeKey('curious', ['catalog:read', 'orders:read']);
    for (const url of ['/api/audit', '/api/cart', '/api/users', '/api/site-config']) {
      const res = await withKey(key, 'GET', url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message, url).toMatch(/API keys cannot call this endpoint/);
    }
  });

  it('is refused with 401 once the key is revoked, and the revoked key leaves the list', async () => {
    const { key, _id } = await makeKey('old-erp', ['catalog:read']);
    expect((await withKey(key, 'GET', '/api/tools')).statusCode).toBe(200);
    const revoked = await w.send('admin', 'DELETE', `/api/api-keys/${_id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ revoked: true, _id });
    const res = await withKey(key, 'GET', '/api/tools');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/revoked/);
    expect((await listKeys()).some((k) => k._id === _id)).toBe(false);
    expect((await w.send('admin', 'DELETE', `/api/api-keys/${_id}`)).statusCode).toBe(404);
    const audit = (await w.send('admin', 'GET', '/api/audit')).json<AuditList>().data[0]!;
    expect(audit).toMatchObject({ action: 'api_key.revoke', targetId: _id });
  });

  it('is refused with 401 once the key has expired', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const { key, _id } = await makeKey('trial', ['catalog:read'], tomorrow);
    expect((await withKey(key, 'GET', '/api/tools')).statusCode).toBe(200);
    await w.db
      .update(apiKeys)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(apiKeys.id, _id));
    const res = await withKey(key, 'GET', '/api/tools');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/expired/);
  });

  it('is refused with 401 when the key is not one the shop made', async () => {
    const { key } = await makeKey('real', ['catalog:read']);
    for (const forged of [
      'ecp_00000000_nope',
      `${key}x`,
      key.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
    ]) {
      const res = await withKey(forged, 'GET', '/api/tools');
      expect(res.statusCode, forged).toBe(401);
    }
  });

  it('records when the key was last used, at most once a minute', async () => {
    const { key, _id } = await makeKey('busy', ['catalog:read']);
    await withKey(key, 'GET', '/api/tools');
    const first = (await listKeys()).find((k) => k._id === _id)!.lastUsedAt;
    expect(first).not.toBeNull();
    await withKey(key, 'GET', '/api/tools');
    expect((await listKeys()).find((k) => k._id === _id)!.lastUsedAt).toBe(first);
    // A minute on, the next call writes it again.
    await w.db
      .update(apiKeys)
      .set({ lastUsedAt: sql`now() - interval '2 minutes'` })
      .where(eq(apiKeys.id, _id));
    await withKey(key, 'GET', '/api/tools');
    const later = (await listKeys()).find((k) => k._id === _id)!.lastUsedAt!;
    expect(Date.parse(later)).toBeGreaterThan(Date.parse(first!));
  });
});

describe('the OpenAPI document', () => {
  it('describes the key scheme and the scopes of each operation that takes keys', async () => {
    const doc = (await w.app.inject({ url: '/api/docs/json' })).json<{
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
      paths: Record<
        string,
        Record<string, { security?: Record<string, string[]>[]; description: string }>
      >;
    }>();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    const addTool = doc.paths['/api/tools']!.post!;
    expect(addTool.security).toContainEqual({ apiKey: ['catalog:write'] });
    expect(addTool.description).toContain('An API key may call it with the scope catalog:write');
    const listTools = doc.paths['/api/tools']!.get!;
    expect(listTools.security).toEqual([{}, { apiKey: ['catalog:read'] }]);
    const audit = doc.paths['/api/audit']!.get!;
    expect(JSON.stringify(audit.security)).not.toContain('apiKey');
  });
});
