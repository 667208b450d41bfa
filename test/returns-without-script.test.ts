import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../src/contract/orders.ts';
import type { ReturnList, ReturnRequest } from '../src/contract/returns.ts';
import { signUp, type Account } from './support/auth.ts';
import { insertProduct } from './support/fixtures.ts';
import { inject } from './support/inject.ts';
import { postForm } from './support/page-forms.ts';
import { payOrder, placeOrder } from './support/payments.ts';
import { makeTestApp, testDatabaseKind } from './support/test-app.ts';

// Returns' forms posted before the page's script took over (docs/decisions/0018): Return parts
// from the order, and the admin's approve and receive on the return's page.

const ADMIN = 'returns-noscript-admin@example.com';
const TEMPLATE = `<!doctype html><html lang="en"><head><!--page-head--><title>ECParts</title><!--/page-head--></head>
<body><div id="root"></div></body></html>`;

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let admin: Account;
let buyer: Account;

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'ecparts-returns-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), TEMPLATE);
  ctx = await makeTestApp({ WEB_DIST_DIR: dist, ADMIN_EMAILS: ADMIN });
  admin = await signUp(ctx.app, { name: 'Ada Admin', email: ADMIN });
  buyer = await signUp(ctx.app, { name: 'Nora Noscript' });
  if (testDatabaseKind === 'postgres') await new Promise((resolve) => setTimeout(resolve, 300));
});
afterAll(() => ctx.app.close());

const flashOf = (res: { headers: Record<string, unknown> }) =>
  decodeURIComponent(
    [res.headers['set-cookie'] ?? []]
      .flat()
      .map(String)
      .find((c) => c.startsWith('ecparts_flash=')) ?? '',
  );

describe('returns without script', () => {
  it('asks for a return from the order, refuses one with nothing chosen, and the admin approves and receives it', async () => {
    const product = await insertProduct(ctx.db, { stock: 100, priceCents: 300 });
    const placed = await placeOrder(ctx.app, buyer, product.id, 10);
    const order = (await payOrder(ctx.app, buyer, placed.json()._id)).json<Order>();
    const shipped = await inject(ctx.app, 'POST /api/orders/:id/shipments', {
      params: { id: order._id },
      body: {
        lines: [{ productId: product.id, quantity: 10 }],
        carrier: 'DHL',
        trackingNumber: 'JD1',
      },
      as: admin,
    });
    expect(shipped.statusCode, shipped.body).toBe(201);
    const page = `/dashboard/orders/${order._id}/return`;

    const none = await postForm(
      ctx.app,
      page,
      { orderId: order._id, [`qty:${product.id}`]: '0', [`reason:${product.id}`]: 'damaged' },
      { cookie: buyer.cookie },
    );
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain('Choose at least one part to return');

    const asked = await postForm(
      ctx.app,
      page,
      {
        orderId: order._id,
        [`qty:${product.id}`]: '2',
        [`reason:${product.id}`]: 'damaged',
        note: 'Bent in the box',
      },
      { cookie: buyer.cookie },
    );
    expect(asked.statusCode, asked.body).toBe(303);
    const list = await inject(ctx.app, 'GET /api/returns', { as: buyer });
    const [ret] = list.json<ReturnList>().data;
    expect(ret).toMatchObject({ status: 'requested', note: 'Bent in the box' });
    expect(ret?.lines[0]).toMatchObject({ quantity: 2, reason: 'damaged' });
    expect(asked.headers.location).toBe(`/dashboard/returns/${ret!._id}`);
    expect(flashOf(asked)).toContain(`Return ${ret!.number} requested`);

    const returnPage = `/dashboard/returns/${ret!._id}`;
    const approved = await postForm(
      ctx.app,
      returnPage,
      { intent: 'approve', id: ret!._id, instructions: 'Keizersgracht 1, Amsterdam' },
      { cookie: admin.cookie },
    );
    expect(approved.statusCode, approved.body).toBe(303);
    const received = await postForm(
      ctx.app,
      returnPage,
      {
        intent: 'receive',
        id: ret!._id,
        [`restock:${product.id}`]: '1',
        [`scrap:${product.id}`]: '1',
      },
      { cookie: admin.cookie },
    );
    expect(received.statusCode, received.body).toBe(303);
    const done = await inject(ctx.app, 'GET /api/returns/:id', {
      params: { id: ret!._id },
      as: buyer,
    });
    expect(done.json<ReturnRequest>()).toMatchObject({
      status: 'received',
      lines: [expect.objectContaining({ restocked: 1, scrapped: 1 })],
      refund: expect.objectContaining({ amount: 6, method: 'card' }),
    });
  });
});
