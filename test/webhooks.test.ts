import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookDelivery } from '../src/contract/webhooks.ts';
import { webhookEndpoints, webhookEvents } from '../src/server/db/schema.ts';
import { emitEvent } from '../src/server/flows/steps/emit-event.ts';
import { webhookUrlProblem } from '../src/server/lib/webhook-url.ts';
import { adminShop, ADMIN_EMAIL, type AdminShop } from './support/admin-shop.ts';
import { outboxFor } from './support/auth.ts';
import { givenDelivery } from './support/delivery.ts';
import { insertProduct } from './support/fixtures.ts';
import { inject } from './support/inject.ts';
import { payOrder, placeOrder } from './support/payments.ts';
import { eventually, startReceiver } from './support/webhook-receiver.ts';

let shop: AdminShop;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  // /fail always refuses; /flaky refuses each event's first two tries.
  receiver = await startReceiver((path, body, seen) => {
    if (path === '/fail') return 500;
    if (path === '/flaky') {
      const id = (JSON.parse(body) as { id: string }).id;
      return seen.filter((r) => r.path === path && r.body.includes(id)).length < 2 ? 503 : 200;
    }
    return 200;
  });
  // A tiny schedule (three retries 100 ms apart) and no grace: an endpoint whose deliveries
  // all failed is disabled when a delivery's schedule ends.
  shop = await adminShop({
    WEBHOOK_ALLOW_PRIVATE: '1',
    WEBHOOK_RETRY_SCHEDULE_MS: '100,100,100',
    WEBHOOK_DISABLE_AFTER_MS: '0',
    WEBHOOK_SWEEP_MS: '100',
  });
});
afterAll(async () => {
  await shop.ctx.app.close();
  await receiver.close();
});

const register = (url: string, events: string[], description?: string) =>
  inject(shop.ctx.app, 'POST /api/webhooks', {
    body: { url, events: events as never, description },
    as: shop.admin,
  });

const deliveriesOf = async (id: string) =>
  (
    await inject(shop.ctx.app, 'GET /api/webhooks/:id/deliveries', {
      params: { id },
      as: shop.admin,
    })
  ).json<{ data: WebhookDelivery[] }>().data;

async function paidOrder() {
  const product = await insertProduct(shop.ctx.db, { stock: 500 });
  await givenDelivery(shop.ctx.app, shop.customer);
  const placed = await placeOrder(shop.ctx.app, shop.customer, product.id, 20);
  expect(placed.statusCode).toBe(201);
  const order = placed.json<{ _id: string }>();
  const paid = await payOrder(shop.ctx.app, shop.customer, order._id);
  expect(paid.statusCode).toBe(200);
  return order._id;
}

describe('registering a webhook endpoint', () => {
  it('shows the signing secret once, and the list never again', async () => {
    const res = await register(receiver.url('/list'), ['order.paid'], 'ERP');
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created.secret).toMatch(/^whsec_/);
    expect(created).toMatchObject({ events: ['order.paid'], enabled: true, description: 'ERP' });
    const list = await inject(shop.ctx.app, 'GET /api/webhooks', { as: shop.admin });
    const listed = list.json().data.find((w) => w._id === created._id);
    expect(listed).toBeDefined();
    expect(JSON.stringify(list.json())).not.toContain(created.secret);
  });

  it('refuses http to anywhere but loopback, and an unknown event', async () => {
    const http = await register('http://93.184.215.14/hook', ['order.paid']);
    expect(http.statusCode).toBe(400);
    expect(http.json().message).toMatch(/https/);
    const ftp = await register('ftp://93.184.215.14/hook', ['order.paid']);
    expect(ftp.statusCode).toBe(400);
    const unknown = await register(receiver.url('/x'), ['order.lost']);
    expect(unknown.statusCode).toBe(400);
  });

  it('lets an admin change the events, disable and delete an endpoint', async () => {
    const { _id } = (await register(receiver.url('/edit'), ['order.paid'])).json();
    const patched = await inject(shop.ctx.app, 'PATCH /api/webhooks/:id', {
      params: { id: _id },
      body: { events: ['order.placed', 'stock.changed'], enabled: false },
      as: shop.admin,
    });
    expect(patched.json()).toMatchObject({
      events: ['order.placed', 'stock.changed'],
      enabled: false,
    });
    const gone = await inject(shop.ctx.app, 'DELETE /api/webhooks/:id', {
      params: { id: _id },
      as: shop.admin,
    });
    expect(gone.statusCode).toBe(200);
    const again = await inject(shop.ctx.app, 'DELETE /api/webhooks/:id', {
      params: { id: _id },
      as: shop.admin,
    });
    expect(again.statusCode).toBe(404);
  });

  it('keeps customers out', async () => {
    const res = await inject(shop.ctx.app, 'GET /api/webhooks', { as: shop.customer });
    expect(res.statusCode).toBe(403);
  });
});

describe('SSRF: where webhooks are not sent', () => {
  // The host names resolve as a hostile DNS would answer.
  const dns = (address: string) => async () => [address];

  it('refuses a host that resolves to a private, loopback, link-local, CGNAT or metadata address', async () => {
    for (const address of [
      '10.1.2.3',
      '127.0.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '::1',
      'fd00::1',
    ]) {
      const problem = await webhookUrlProblem('https://erp.example.com/hook', {
        allowPrivate: false,
        resolve: dns(address),
      });
      expect(problem, address).toMatch(/private, loopback, link-local or metadata/);
    }
    expect(
      await webhookUrlProblem('https://erp.example.com/hook', {
        allowPrivate: false,
        resolve: dns('93.184.215.14'),
      }),
    ).toBeUndefined();
  });

  it('takes http only to loopback, and only with WEBHOOK_ALLOW_PRIVATE', async () => {
    const loopback = 'http://127.0.0.1:9/hook';
    expect(await webhookUrlProblem(loopback, { allowPrivate: false })).toMatch(/https/);
    expect(await webhookUrlProblem(loopback, { allowPrivate: true })).toBeUndefined();
    expect(await webhookUrlProblem('http://10.0.0.1/hook', { allowPrivate: true })).toMatch(
      /https/,
    );
  });
});

describe('a shop without WEBHOOK_ALLOW_PRIVATE', () => {
  let strict: AdminShop;
  beforeAll(async () => {
    strict = await adminShop({ WEBHOOK_SWEEP_MS: '100', WEBHOOK_RETRY_SCHEDULE_MS: '100' });
  });
  afterAll(() => strict.ctx.app.close());

  it('refuses a private address at registration, saying why', async () => {
    for (const url of [
      'https://127.0.0.1/hook',
      'https://10.0.0.8/hook',
      'https://169.254.169.254/latest',
    ]) {
      const res = await inject(strict.ctx.app, 'POST /api/webhooks', {
        body: { url, events: ['order.paid'] },
        as: strict.admin,
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toMatch(/private, loopback, link-local or metadata/);
    }
  });

  it('refuses it again at delivery (DNS can change): a failed try that says why', async () => {
    // As if the host had resolved to a public address when it was registered.
    const [row] = await strict.ctx.db
      .insert(webhookEndpoints)
      .values({
        url: receiver.url('/never'),
        events: ['order.paid'],
        secret: 'whsec_c2VjcmV0c2VjcmV0',
      })
      .returning();
    const test = await inject(strict.ctx.app, 'POST /api/webhooks/:id/test', {
      params: { id: row!.id },
      as: strict.admin,
    });
    expect(test.statusCode).toBe(202);
    const [tried] = await eventually(async () => {
      const res = await inject(strict.ctx.app, 'GET /api/webhooks/:id/deliveries', {
        params: { id: row!.id },
        as: strict.admin,
      });
      const data = res.json().data;
      return data[0]?.attempts ? data : undefined;
    });
    expect(tried!.lastError).toMatch(/https|private/);
    expect(tried!.lastStatusCode).toBeNull();
    expect(receiver.at('/never')).toHaveLength(0);
  });
});

describe('delivering events', () => {
  it('sends order.placed and order.paid, signed so the Standard Webhooks library verifies them', async () => {
    const { _id, secret } = (
      await register(receiver.url('/orders'), ['order.placed', 'order.paid'])
    ).json();
    const orderId = await paidOrder();
    const got = await eventually(() => {
      const mine = receiver.at('/orders').filter((r) => r.json.data._id === orderId);
      return mine.length >= 2 ? mine : undefined;
    });
    expect(got.map((r) => r.json.type).sort()).toEqual(['order.paid', 'order.placed']);
    const wh = new Webhook(secret);
    for (const r of got) {
      expect(r.headers['webhook-id']).toBe(r.json.id);
      const verified = wh.verify(r.body, r.headers as Record<string, string>) as { id: string };
      expect(verified.id).toBe(r.json.id);
      expect(Object.keys(r.json).sort()).toEqual(['createdAt', 'data', 'id', 'type']);
    }
    const paid = got.find((r) => r.json.type === 'order.paid')!;
    // The order as the API answers it.
    const api = await inject(shop.ctx.app, 'GET /api/order/:id', {
      params: { id: orderId },
      as: shop.customer,
    });
    expect(paid.json.data).toMatchObject({
      _id: orderId,
      status: 'paid',
      number: api.json().number,
    });
    // A receiver with another secret cannot pass it off.
    expect(() =>
      new Webhook('whsec_' + Buffer.from('another secret').toString('base64')).verify(
        paid.body,
        paid.headers as Record<string, string>,
      ),
    ).toThrow();
    const log = await eventually(async () => {
      const d = await deliveriesOf(_id);
      return d.length === 2 && d.every((x) => x.status === 'delivered') ? d : undefined;
    });
    expect(log.map((d) => d.attempts)).toEqual([1, 1]);
    expect(log.map((d) => d.lastStatusCode)).toEqual([200, 200]);
  });

  it('retries a refused delivery under the same webhook-id until it goes through, and the log says so', async () => {
    const { _id } = (await register(receiver.url('/flaky'), ['order.paid'])).json();
    await paidOrder();
    const [delivery] = await eventually(async () => {
      const d = await deliveriesOf(_id);
      return d[0]?.status === 'delivered' ? d : undefined;
    });
    expect(delivery).toMatchObject({
      type: 'order.paid',
      attempts: 3,
      lastStatusCode: 200,
      lastError: null,
    });
    const tries = receiver.at('/flaky').filter((r) => r.json.id === delivery!.eventId);
    expect(tries.map((r) => r.status)).toEqual([503, 503, 200]);
    expect(new Set(tries.map((r) => r.headers['webhook-id']))).toEqual(
      new Set([delivery!.eventId]),
    );

    // Redeliver: once more, the same id again.
    const again = await inject(
      shop.ctx.app,
      'POST /api/webhooks/:id/deliveries/:deliveryId/redeliver',
      {
        params: { id: _id, deliveryId: delivery!._id },
        as: shop.admin,
      },
    );
    expect(again.statusCode).toBe(202);
    await eventually(
      () => receiver.at('/flaky').filter((r) => r.json.id === delivery!.eventId).length === 4,
    );
    const [after] = await eventually(async () => {
      const d = await deliveriesOf(_id);
      return d[0]?.attempts === 4 ? d : undefined;
    });
    expect(after).toMatchObject({ status: 'delivered', attempts: 4 });
  });

  it('gives up after the schedule, then disables an endpoint whose deliveries all failed and mails the admins', async () => {
    const { _id } = (await register(receiver.url('/fail'), ['order.paid'])).json();
    await paidOrder();
    const [failed] = await eventually(async () => {
      const d = await deliveriesOf(_id);
      return d[0]?.status === 'failed' ? d : undefined;
    });
    // The first try and the schedule's three retries.
    expect(failed).toMatchObject({ attempts: 4, lastStatusCode: 500, nextAttemptAt: null });
    expect(failed!.lastError).toMatch(/500/);
    const tries = receiver.at('/fail').filter((r) => r.json.id === failed!.eventId);
    expect(tries).toHaveLength(4);
    expect(new Set(tries.map((r) => r.headers['webhook-id'])).size).toBe(1);
    const endpoint = await eventually(async () => {
      const list = await inject(shop.ctx.app, 'GET /api/webhooks', { as: shop.admin });
      const me = list.json().data.find((w) => w._id === _id);
      return me && !me.enabled ? me : undefined;
    });
    expect(endpoint.disabledReason).toMatch(/failed/);
    const mail = await eventually(() =>
      outboxFor(shop.ctx.config.dataDir, ADMIN_EMAIL).find((m) => m.subject.includes('webhook')),
    );
    expect(mail.text).toContain(receiver.url('/fail'));
    // Disabled, it gets no more events.
    const before = receiver.at('/fail').length;
    await paidOrder();
    expect((await deliveriesOf(_id)).length).toBe(1);
    expect(receiver.at('/fail').length).toBe(before);
  });

  it('sends a test event on request', async () => {
    const { _id } = (await register(receiver.url('/test'), ['product.deleted'])).json();
    const res = await inject(shop.ctx.app, 'POST /api/webhooks/:id/test', {
      params: { id: _id },
      as: shop.admin,
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ type: 'webhook.test', status: 'pending' });
    const [got] = await eventually(() => {
      const t = receiver.at('/test');
      return t.length ? t : undefined;
    });
    expect(got!.json).toMatchObject({ type: 'webhook.test', data: { endpointId: _id } });
  });
});

describe('the outbox', () => {
  it('writes an event in the transaction of its change: rolled back, there is none', async () => {
    await register(receiver.url('/outbox'), ['product.updated']);
    const marker = `rolled-back-${Date.now()}`;
    await expect(
      shop.ctx.db.transaction(async (tx) => {
        await emitEvent(tx, 'product.updated', { marker });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const all = await shop.ctx.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.type, 'product.updated'));
    expect(all.filter((e) => e.data.marker === marker)).toHaveLength(0);
    const kept = `committed-${Date.now()}`;
    await shop.ctx.db.transaction((tx) => emitEvent(tx, 'product.updated', { marker: kept }));
    await eventually(() => receiver.at('/outbox').some((r) => r.json.data.marker === kept));
  });

  it('a refused change (a SKU taken) writes no product.created event', async () => {
    await register(receiver.url('/products'), ['product.created']);
    const before = (
      await shop.ctx.db
        .select()
        .from(webhookEvents)
        .where(eq(webhookEvents.type, 'product.created'))
    ).length;
    const existing = await insertProduct(shop.ctx.db, {});
    const res = await inject(shop.ctx.app, 'POST /api/tools', {
      body: {
        sku: existing.sku,
        name: 'Chain whip',
        price: 12.5,
        stock: 5,
        img: '/images/products/bb-tool.svg',
      },
      as: shop.admin,
    });
    expect(res.statusCode).toBe(409);
    const after = (
      await shop.ctx.db
        .select()
        .from(webhookEvents)
        .where(eq(webhookEvents.type, 'product.created'))
    ).length;
    expect(after).toBe(before);
  });

  it('tells of a product added and deleted, and of its opening stock', async () => {
    await register(receiver.url('/catalog'), [
      'product.created',
      'product.deleted',
      'stock.changed',
    ]);
    const added = await inject(shop.ctx.app, 'POST /api/tools', {
      body: { name: 'Spoke key', price: 9.5, stock: 40, img: '/images/products/bb-tool.svg' },
      as: shop.admin,
    });
    expect(added.statusCode).toBe(201);
    const product = added.json();
    const deleted = await inject(shop.ctx.app, 'DELETE /api/tool/:id', {
      params: { id: product._id },
      as: shop.admin,
    });
    expect(deleted.statusCode).toBe(200);
    const got = await eventually(() => {
      const mine = receiver
        .at('/catalog')
        .filter((r) => r.json.data._id === product._id || r.json.data.productId === product._id);
      return mine.length >= 3 ? mine : undefined;
    });
    const byType = Object.fromEntries(got.map((r) => [r.json.type, r.json.data]));
    // The product as the API answered it.
    expect(byType['product.created']).toEqual(product);
    expect(byType['product.deleted']).toMatchObject({ _id: product._id, sku: product.sku });
    expect(byType['stock.changed']).toMatchObject({ productId: product._id, stock: 40 });
  });
});
