import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../src/contract/orders.ts';
import type { ReturnList, ReturnRequest } from '../src/contract/returns.ts';
import { cookieFrom, signIn } from './support/auth.ts';
import { inject } from './support/inject.ts';
import { makeTestApp } from './support/test-app.ts';

// The demo data shows one return in progress (issue 34): the demo workshop's, on a shipped
// order, waiting in the admin's inbox; approving and receiving it refunds the test card.

let demo: Awaited<ReturnType<typeof makeTestApp>>;

beforeAll(async () => {
  demo = await makeTestApp({ SEED_DEMO: 'on', NODE_ENV: 'development' });
});
afterAll(() => demo.app.close());

const signedIn = async (email: string, password: string) => {
  const res = await signIn(demo.app, email, password);
  expect(res.statusCode).toBe(200);
  return { cookie: cookieFrom(res.headers['set-cookie']) };
};

describe('the demo return', () => {
  it('is requested on a shipped order of the demo company, seen by its members and the admin, and goes through to a refund', async () => {
    const admin = await signedIn('admin@ecparts.test', 'admin-demo-2026');
    const inbox = await inject(demo.app, 'GET /api/returns', {
      query: { status: 'requested' },
      as: admin,
    });
    const [ret] = inbox.json<ReturnList>().data;
    expect(ret).toMatchObject({
      number: `RMA-${new Date().getUTCFullYear()}-000001`,
      status: 'requested',
      requestedBy: { email: 'buyer@velo-werkstatt.test' },
      lines: [expect.objectContaining({ sku: 'ECP-DBP-01', quantity: 4, reason: 'damaged' })],
    });
    const owner = await signedIn('owner@velo-werkstatt.test', 'owner-demo-2026');
    const theirs = await inject(demo.app, 'GET /api/returns', { as: owner });
    expect(theirs.json<ReturnList>().data.map((r) => r._id)).toEqual([ret!._id]);
    const customer = await signedIn('customer@ecparts.test', 'customer-demo-2026');
    expect((await inject(demo.app, 'GET /api/returns', { as: customer })).json().total).toBe(0);
    const order = await inject(demo.app, 'GET /api/order/:id', {
      params: { id: ret!.orderId },
      as: owner,
    });
    expect(order.json<Order>()).toMatchObject({ status: 'shipped', paymentMethod: 'card' });

    const approved = await inject(demo.app, 'POST /api/returns/:id/approve', {
      params: { id: ret!._id },
      body: { instructions: 'ECParts Returns, Keizersgracht 1, Amsterdam' },
      as: admin,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const received = await inject(demo.app, 'POST /api/returns/:id/receive', {
      params: { id: ret!._id },
      body: { lines: [{ productId: ret!.lines[0]!.productId!, quantity: 4, condition: 'scrap' }] },
      as: admin,
    });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json<ReturnRequest>().refund).toMatchObject({ method: 'card', refunded: true });
  });
});
