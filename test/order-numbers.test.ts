import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AllOrdersList, Order, OrderList } from '../src/contract/orders.ts';
import { outboxFor, signUp, type Account } from './support/auth.ts';
import { insertProduct } from './support/fixtures.ts';
import { asCustomer } from './support/requests.ts';
import { makeTestApp } from './support/test-app.ts';
import { inject } from './support/inject.ts';
import { payOrder, placeOrder } from './support/payments.ts';

// Orders a person can talk about (issue 20, item 5): a short sequential number, shown in every
// list and mail, searchable by staff; the buyer hears when their order ships.

const ADMIN = 'numbers-admin@example.com';
const BUYERS = 12;

/** Letters only: a searched order number must not turn up inside someone's email. */
const letters = () =>
  Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join(
    '',
  );

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let admin: Account;
let nadia: Account;
let buyers: Account[];

beforeAll(async () => {
  // The caps on unpaid orders are other tests' subjects; here they only get in the way.
  ctx = await makeTestApp({
    ADMIN_EMAILS: ADMIN,
    MAX_UNPAID_ORDERS: '1000',
    ORDER_RATE_LIMIT: '1000',
    MAX_UNPAID_VALUE_UNVERIFIED: '1000000',
    MAX_UNPAID_VALUE: '1000000',
    MAX_UNPAID_SHARE: '100',
  });
  admin = await signUp(ctx.app, { name: 'Ada Admin', email: ADMIN });
  nadia = await signUp(ctx.app, {
    name: 'Nadia Spokesmith',
    email: `nadia-${letters()}@wheelworks.example`,
  });
  buyers = [];
  for (let i = 0; i < BUYERS; i++) {
    buyers.push(await signUp(ctx.app, { name: `Buyer ${i}`, email: `${letters()}@example.com` }));
  }
});
afterAll(() => ctx.app.close());

async function place(who: Account, productId: string, quantity = 10) {
  const res = await placeOrder(ctx.app, who, productId, quantity);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Order>();
}

async function pay(who: Account, order: Order) {
  const paid = await payOrder(ctx.app, who, order._id);
  expect(paid.statusCode, paid.body).toBe(200);
}

/** What a mail says in words: its links (the order's page is addressed by its id) left out. */
const words = (text: string | undefined) => (text ?? '').replace(/https?:\/\/\S+/g, '<link>');

const search = async (
  q: string,
  more: { status?: 'paid' | 'unpaid'; limit?: string; page?: string } = {},
) => {
  const res = await inject(ctx.app, 'GET /api/allorders', { query: { q, ...more }, as: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AllOrdersList>();
};

describe('order numbers', () => {
  it('numbers each order one up from the last, from 100001, and shows it in My Orders and the order', async () => {
    const product = await insertProduct(ctx.db, { name: 'Spoke key', stock: 1000 });
    const placed: Order[] = [];
    for (let i = 0; i < 3; i++) placed.push(await place(nadia, product.id));
    expect(placed.map((o) => o.number)).toEqual([100001, 100002, 100003]);

    const mine = await inject(ctx.app, 'GET /api/orders', {
      query: { email: nadia.email },
      as: nadia,
    });
    expect(mine.json<OrderList>().data.map((o) => o.number)).toEqual([100003, 100002, 100001]);
    const one = await inject(ctx.app, 'GET /api/order/:id', {
      params: { id: placed[1]!._id },
      as: nadia,
    });
    expect(one.json<Order>()).toMatchObject({ number: 100002, createdAt: expect.any(String) });
    // The mail quotes the number, never the order's id.
    await vi.waitFor(() => {
      const mail = outboxFor(ctx.config.dataDir, nadia.email).find((m) =>
        m.subject.startsWith('Order #100002 placed: 10 × Spoke key'),
      );
      expect(mail?.text).toContain('Your order number is #100002');
      expect(words(mail?.text)).not.toContain(placed[1]!._id);
    });
  });

  it('gives checkouts made at once each their own number, none skipped', async () => {
    const product = await insertProduct(ctx.db, { name: 'Rim tape', stock: 10_000 });
    const carts = buyers.map((who) => asCustomer(ctx.app, who));
    for (const cart of carts) expect((await cart.setLine(product.id, 10)).statusCode).toBe(200);
    const answers = await Promise.all(carts.map((cart) => cart.checkout(`n-${randomUUID()}`)));
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    const numbers = answers.map((res) => res.json<Order>().number).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(BUYERS);
    const first = numbers[0]!;
    expect(numbers).toEqual(Array.from({ length: BUYERS }, (_, i) => first + i));
  });
});

describe('searching all orders', () => {
  let target: Order;

  beforeAll(async () => {
    const product = await insertProduct(ctx.db, { name: 'Tyre lever', stock: 1000 });
    target = await place(nadia, product.id);
    await place(buyers[0]!, product.id);
  });

  it('finds an order by its number, with or without #', async () => {
    for (const q of [String(target.number), `#${target.number}`, `# ${target.number}`]) {
      const found = await search(q);
      expect(found.data.map((o) => o._id)).toEqual([target._id]);
      expect(found.total).toBe(1);
    }
    expect((await search('#999999')).total).toBe(0);
  });

  it("finds a customer's orders by part of their email or name, whatever the case", async () => {
    const nadiasOrders = (await search('WHEELWORKS.example')).data;
    expect(nadiasOrders.length).toBeGreaterThanOrEqual(4);
    expect(new Set(nadiasOrders.map((o) => o.email))).toEqual(new Set([nadia.email]));
    const byName = await search('spokesmith');
    expect(byName.data.map((o) => o._id)).toEqual(nadiasOrders.map((o) => o._id));
    // Wildcards are text: "%" matches no one's name.
    expect((await search('%')).total).toBe(0);
  });

  it('pages and filters the results as the list does', async () => {
    const page = await search('spokesmith', { limit: '2', page: '2' });
    expect(page).toMatchObject({ page: 2, limit: 2, total: 4, totalPages: 2 });
    expect(page.data).toHaveLength(2);
    expect((await search('spokesmith', { status: 'paid' })).total).toBe(0);
    expect((await search('spokesmith', { status: 'unpaid' })).total).toBe(4);
  });

  it('is for admins only', async () => {
    const res = await inject(ctx.app, 'GET /api/allorders', {
      query: { q: String(target.number) },
      as: nadia,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('mails that quote the number', () => {
  it('the receipt names the order by its number', async () => {
    const product = await insertProduct(ctx.db, { name: 'Cone wrench', stock: 1000 });
    const order = await place(nadia, product.id);
    await pay(nadia, order);
    await vi.waitFor(() => {
      const receipt = outboxFor(ctx.config.dataDir, nadia.email).find((m) =>
        m.subject.startsWith(`Payment received for Order #${order.number}`),
      );
      expect(receipt?.text).toContain(`for Order #${order.number}, 10 × Cone wrench`);
      expect(words(receipt?.text)).not.toContain(order._id);
    });
  });

  it('marking an order shipped mails its buyer once, with the number, and My Orders says Shipped', async () => {
    const buyer = buyers[1]!;
    const product = await insertProduct(ctx.db, { name: 'Pedal wrench', stock: 1000 });
    const order = await place(buyer, product.id, 12);
    await pay(buyer, order);
    const shippedMails = () =>
      outboxFor(ctx.config.dataDir, buyer.email).filter((m) => m.subject.includes('shipped'));

    const shipped = await inject(ctx.app, 'PATCH /api/orders/:id/ship', {
      params: { id: order._id },
      as: admin,
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    await vi.waitFor(() => expect(shippedMails()).toHaveLength(1));
    const [mail] = shippedMails();
    expect(mail?.subject).toBe(`Order #${order.number} shipped: 12 × Pedal wrench`);
    expect(mail?.text).toContain(`Order #${order.number} has left our warehouse`);
    expect(words(mail?.text)).not.toContain(order._id);
    // Nobody else hears of it.
    expect(
      outboxFor(ctx.config.dataDir, ADMIN).filter((m) => m.subject.includes('shipped')),
    ).toEqual([]);

    // Marking it again changes nothing and mails nobody.
    expect(
      (
        await inject(ctx.app, 'PATCH /api/orders/:id/ship', {
          params: { id: order._id },
          as: admin,
        })
      ).statusCode,
    ).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(shippedMails()).toHaveLength(1);

    const mine = await inject(ctx.app, 'GET /api/orders', {
      query: { email: buyer.email },
      as: buyer,
    });
    expect(mine.json<OrderList>().data.find((o) => o._id === order._id)).toMatchObject({
      number: order.number,
      status: 'shipped',
      shippedAt: expect.any(String),
    });
  });
});
