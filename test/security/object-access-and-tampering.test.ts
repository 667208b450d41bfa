import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products, users } from '../../src/server/db/schema.ts';
import { accessTokenFor, ORIGIN, signUp } from '../support/auth.ts';
import { routeTable } from './route-table.ts';
import { GOOD_CARD } from '../support/payments.ts';
import { makeWorld, type Role, type World } from './world.ts';

let world: World;

beforeAll(async () => {
  world = await makeWorld();
}, 120_000);
afterAll(() => world.app.close());

const stockOf = async (id: string) =>
  (await world.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]
    ?.stock;
const orderRow = async (id: string) =>
  (await world.db.select().from(orders).where(eq(orders.id, id)))[0];
const userRow = async (email: string) =>
  (await world.db.select().from(users).where(eq(users.email, email)))[0];

describe('another customer’s orders and payments', () => {
  it('cannot be read, deleted or paid by another customer, and stay as they were', async () => {
    const product = await world.product();
    const placed = await world.send('customer', 'POST', '/api/orders', {
      productId: product.id,
      quantity: 10,
      email: world.customer.email,
    });
    const { _id } = placed.json<{ _id: string }>();
    const stock = await stockOf(product.id);
    const attempts: [string, string, object?][] = [
      ['GET', `/api/order/${_id}`],
      ['DELETE', `/api/orders/${_id}`],
      ['POST', '/api/create-payment-intent', { orderId: _id }],
      ['PATCH', `/api/order/${_id}`, { transactionId: 'pi_test_forged' }],
    ];
    for (const [method, url, payload] of attempts) {
      const res = await world.send('otherCustomer', method as 'GET', url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.body).not.toContain(world.customer.email);
    }
    expect(await stockOf(product.id)).toBe(stock);
    expect(await orderRow(_id)).toMatchObject({ status: 'unpaid', paymentIntentId: null });
  });

  it('cannot be paid by an admin either: only the customer who ordered pays', async () => {
    const { _id } = await world.order();
    const res = await world.send('admin', 'POST', '/api/create-payment-intent', { orderId: _id });
    expect(res.statusCode).toBe(403);
  });

  it('cannot be listed by another customer, whatever the spelling of the email', async () => {
    await world.order();
    const spellings = [
      world.customer.email.toUpperCase(),
      ` ${world.customer.email}`,
      `${world.customer.email}%00`,
      encodeURIComponent(world.customer.email),
    ];
    for (const email of spellings) {
      const res = await world.send('otherCustomer', 'GET', `/api/orders?email=${email}`);
      expect([400, 403], email).toContain(res.statusCode);
    }
    const token = await accessTokenFor(
      world.app,
      world.otherCustomer.cookie,
      world.otherCustomer.email,
    );
    const byToken = await world.app.inject({
      url: `/api/orders?email=${encodeURIComponent(world.customer.email)}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(byToken.statusCode).toBe(403);
    // The owner may spell it either way.
    const own = await world.send(
      'customer',
      'GET',
      `/api/orders?email=${world.customer.email.toUpperCase()}`,
    );
    expect(own.statusCode).toBe(200);
    expect(own.json().data.length).toBeGreaterThan(0);
  });

  it('cannot be settled with a payment made for another order', async () => {
    const cheap = await world.product({ priceCents: 100 });
    const dear = await world.product({ priceCents: 100_000 });
    const place = async (productId: string) =>
      (
        await world.send('customer', 'POST', '/api/orders', {
          productId,
          quantity: 10,
          email: world.customer.email,
        })
      ).json<{ _id: string }>()._id;
    const cheapOrder = await place(cheap.id);
    const dearOrder = await place(dear.id);
    const cheapPayment = await world.chargedPayment(cheapOrder);
    const res = await world.send('customer', 'PATCH', `/api/order/${dearOrder}`, {
      transactionId: cheapPayment,
      amountTotal: 10_000,
    });
    expect(res.statusCode).toBe(400);
    expect((await orderRow(dearOrder))?.status).toBe('unpaid');
  });

  it('answers 404, not 500, for ids that are not ids', async () => {
    for (const id of ['1', 'not-a-uuid', '00000000-0000-0000-0000-000000000000', "1' or '1'='1"]) {
      for (const url of [
        `/api/order/${encodeURIComponent(id)}`,
        `/api/orders/${encodeURIComponent(id)}`,
      ]) {
        const method = url.startsWith('/api/order/') ? 'GET' : 'DELETE';
        expect((await world.send('admin', method, url)).statusCode, url).toBe(404);
      }
    }
  });
});

describe('other users’ records', () => {
  it('cannot be changed through the upsert, by path or by body', async () => {
    const other = encodeURIComponent(world.otherCustomer.email);
    const own = encodeURIComponent(world.customer.email);
    const byPath = await world.send('customer', 'PUT', `/api/users/${other}`, {
      email: world.otherCustomer.email,
      name: 'Renamed',
    });
    expect(byPath.statusCode).toBe(403);
    const byBody = await world.send('customer', 'PUT', `/api/users/${own}`, {
      email: world.otherCustomer.email,
      name: 'Renamed',
    });
    expect(byBody.statusCode).toBe(400);
    expect((await userRow(world.otherCustomer.email))?.name).toBe('Olive Other');
  });

  it('cannot be listed, read or deleted by a customer, and a deleted user’s session ends', async () => {
    for (const [method, url] of [
      ['GET', '/api/users'],
      ['GET', `/api/users/${world.otherCustomer.id}`],
      ['DELETE', `/api/users/${world.otherCustomer.id}`],
      ['GET', `/api/user/admin/${encodeURIComponent(world.otherCustomer.email)}`],
    ] as const) {
      expect((await world.send('customer', method, url)).statusCode, `${method} ${url}`).toBe(403);
    }
    const leaving = await signUp(world.app);
    const row = await userRow(leaving.email);
    expect((await world.send('admin', 'DELETE', `/api/users/${row!.id}`)).statusCode).toBe(200);
    const after = await world.app.inject({
      url: `/api/orders?email=${encodeURIComponent(leaving.email)}`,
      headers: { cookie: leaving.cookie },
    });
    expect(after.statusCode).toBe(401);
  });

  it('cannot be reached through Better Auth’s admin endpoints, which are not served', async () => {
    const calls: [string, object?][] = [
      ['/api/auth/admin/set-role', { userId: world.customer.id, role: 'admin' }],
      ['/api/auth/admin/list-users'],
      ['/api/auth/admin/impersonate-user', { userId: world.otherCustomer.id }],
      [
        '/api/auth/admin/create-user',
        { email: 'made@example.com', password: 'made-by-me-99', name: 'Made', role: 'admin' },
      ],
      ['/api/auth/admin/ban-user', { userId: world.otherCustomer.id }],
      ['/api/auth/admin/remove-user', { userId: world.otherCustomer.id }],
      [
        '/api/auth/admin/set-user-password',
        { userId: world.otherCustomer.id, newPassword: 'taken-over-99' },
      ],
      ['/api/auth/admin/revoke-user-sessions', { userId: world.otherCustomer.id }],
    ];
    for (const [url, payload] of calls) {
      const res = await world.app.inject({
        method: payload ? 'POST' : 'GET',
        url,
        ...(payload ? { payload } : {}),
        headers: { origin: ORIGIN, cookie: world.customer.cookie },
      });
      // Not served at all (src/server/auth/served-routes.ts; test/admin-power.test.ts).
      expect(res.statusCode, url).toBe(404);
    }
    expect((await userRow(world.customer.email))?.role).toBe('user');
    expect((await userRow(world.otherCustomer.email))?.banned).not.toBe(true);
  });
});

/** Fields a client may try to set on anything: none of them is ever the client's to set. */
const planted = {
  role: 'admin',
  paid: true,
  shipped: true,
  status: 'paid',
  holdUntil: '2999-01-01T00:00:00.000Z',
  expiresAt: '2999-01-01T00:00:00.000Z',
  price: 0.01,
  totalPrice: 0.01,
  amountTotal: 0.01,
  stock: 9_999_999,
  userId: '00000000-0000-4000-8000-000000000000',
  userName: 'Planted Name',
  _id: '00000000-0000-4000-8000-000000000001',
  id: '00000000-0000-4000-8000-000000000001',
  emailVerified: true,
  banned: false,
  createdAt: '2000-01-01T00:00:00.000Z',
};

describe('mass assignment', () => {
  /**
   * Better Auth's own profile update, as the signed-in customer, from our origin. The shop does
   * not serve it (the profile form uses PUT /api/users/{email}): it answers 404 whatever it is sent.
   */
  const updateOwnProfile = (payload: object) =>
    world.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { origin: ORIGIN, cookie: world.customer.cookie },
      payload,
    });

  it('lets no body on any route set fields it does not own', async () => {
    const wrong: string[] = [];
    for (const row of routeTable.filter((r) => r.method !== 'GET' && r.provider !== 'stripe')) {
      const { url, payload } = await row.prepare(world);
      const role: Role = row.status.customer < 300 ? 'customer' : 'admin';
      // The body's own fields win over the planted ones: only unknown fields are planted.
      const body = { ...planted, ...(payload as object | undefined) };
      const res = await world.send(role, row.method, url, body);
      if (res.statusCode !== row.status[role] && res.statusCode !== 400) {
        wrong.push(`${row.method} ${url}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
      const text = res.body;
      if (text.includes('Planted Name') || text.includes(planted._id))
        wrong.push(`${row.method} ${url} echoed a planted field`);
    }
    expect(wrong).toEqual([]);
    const customer = await userRow(world.customer.email);
    expect(customer).toMatchObject({ role: 'user', name: 'Casey Customer' });
    const planted_ = await world.db.select().from(orders).where(eq(orders.userId, planted.userId));
    expect(planted_).toEqual([]);
  }, 120_000);

  it('takes an order’s price, name, total, owner and status from the server', async () => {
    const product = await world.product({ priceCents: 2_500, name: 'Cone wrench' });
    const res = await world.send('customer', 'POST', '/api/orders', {
      ...planted,
      productId: product.id,
      quantity: 12,
      email: world.customer.email,
      name: 'Free stuff',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Cone wrench',
      price: 25,
      totalPrice: 300,
      paid: false,
      shipped: false,
      status: 'unpaid',
      userName: 'Casey Customer',
      email: world.customer.email,
    });
    const row = await orderRow(res.json()._id);
    expect(row).toMatchObject({
      userId: world.customer.id,
      unitPriceCents: 2_500,
      totalCents: 30_000,
      status: 'unpaid',
    });
    // The hold is the server's: an hour, whatever the client planted.
    const held = row!.holdUntil.getTime() - row!.createdAt.getTime();
    expect(Math.abs(held - 60 * 60_000)).toBeLessThan(5_000);
  });

  it('charges what the database says, whatever total the client sends', async () => {
    const { _id, totalPrice } = await world.order();
    const res = await world.send('customer', 'POST', '/api/create-payment-intent', {
      orderId: _id,
      totalPrice: 0.01,
      amountTotal: 0.01,
    });
    expect(res.json().amountTotal).toBe(totalPrice);
  });

  it('puts the session’s name on a review, not the body’s', async () => {
    const res = await world.send('customer', 'POST', '/api/review', {
      ...planted,
      name: 'Somebody Famous',
      img: 'https://evil.example/x.png',
      desc: 'Nice',
      rating: 4,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Casey Customer', img: null, rating: 4 });
  });

  it('lets nobody make themself an admin or verified through Better Auth', async () => {
    const email = `climber-${Date.now()}@example.com`;
    const signUpRes = await world.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN },
      payload: {
        name: 'Climber',
        email,
        password: 'correct-horse-9',
        role: 'admin',
        emailVerified: true,
        banned: false,
      },
    });
    expect(signUpRes.statusCode).toBeLessThan(500);
    for (const payload of [
      { role: 'admin' },
      { emailVerified: true },
      { banned: true, role: 'admin', name: 'X' },
      { email: 'new@example.com' },
    ]) {
      const res = await updateOwnProfile(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(404);
    }
    expect(await userRow(world.customer.email)).toMatchObject({
      role: 'user',
      emailVerified: false,
      email: world.customer.email,
    });
    const climber = await userRow(email);
    expect(climber?.role ?? 'user').toBe('user');
    expect(climber?.emailVerified ?? false).toBe(false);
  });

  it('keeps Better Auth’s profile update (not served) and sign-up within the profile form’s rules', async () => {
    for (const payload of [
      { name: '' },
      { name: 'x'.repeat(81) },
      { name: 42 },
      { image: 'javascript:alert(1)' },
      { image: 12 },
    ]) {
      const res = await updateOwnProfile(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(404);
    }
    const long = await world.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN },
      payload: {
        name: 'x'.repeat(5_000),
        email: `long-${Date.now()}@example.com`,
        password: 'correct-horse-9',
      },
    });
    expect(long.statusCode).toBe(400);
    expect((await userRow(world.customer.email))?.name).toBe('Casey Customer');
  });
});

describe('quantity and price tampering', () => {
  it('refuses every quantity that is not a whole number from 10 up, and reserves nothing', async () => {
    const product = await world.product({ stock: 500 });
    for (const quantity of [
      9,
      0,
      -10,
      10.5,
      '10',
      '1e3',
      null,
      true,
      [10],
      { n: 10 },
      1e308,
      -1e308,
      2 ** 31,
      100_001,
    ]) {
      const res = await world.send('customer', 'POST', '/api/orders', {
        productId: product.id,
        quantity,
        email: world.customer.email,
      });
      expect(res.statusCode, JSON.stringify(quantity)).toBe(400);
    }
    expect(await stockOf(product.id)).toBe(500);
  });

  it('refuses more than the stock with 409, and sells the last piece exactly once', async () => {
    const product = await world.product({ stock: 25 });
    const order = (quantity: number) =>
      world.send('customer', 'POST', '/api/orders', {
        productId: product.id,
        quantity,
        email: world.customer.email,
      });
    expect((await order(26)).statusCode).toBe(409);
    expect((await order(25)).statusCode).toBe(201);
    expect((await order(10)).statusCode).toBe(409);
    expect(await stockOf(product.id)).toBe(0);
  });

  it('refuses a total too large to charge with 400, not a server error', async () => {
    const product = await world.product({ priceCents: 30_000, stock: 10_000_000 });
    const res = await world.send('customer', 'POST', '/api/orders', {
      productId: product.id,
      quantity: 100_000,
      email: world.customer.email,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/at most \$999,999\.99/);
    expect(await stockOf(product.id)).toBe(10_000_000);
  });

  it('refuses an admin price or stock that is not a sane amount', async () => {
    const product = await world.product({ priceCents: 1_000, stock: 50 });
    for (const patch of [
      { price: 0 },
      { price: -5 },
      { price: 0.001 },
      { price: 1e9 },
      { price: '5' },
      { stock: -1, stockWas: 50 },
      { stock: 1.5, stockWas: 50 },
      { stock: 1e12, stockWas: 50 },
    ]) {
      const res = await world.send('admin', 'PATCH', `/api/tools/${product.id}`, patch);
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
    }
    expect(
      await world.db
        .select({ p: products.priceCents, s: products.stock })
        .from(products)
        .where(eq(products.id, product.id)),
    ).toEqual([{ p: 1_000, s: 50 }]);
  });

  it('marks an order paid only for a charge of its exact total', async () => {
    const { _id } = await world.order();
    const intent = await world.send('customer', 'POST', '/api/create-payment-intent', {
      orderId: _id,
    });
    const { clientSecret } = intent.json<{ clientSecret: string }>();
    // An unconfirmed intent, a made-up one, and one of another order are all refused.
    const other = await world.order();
    const otherPayment = await world.chargedPayment(other._id);
    for (const transactionId of [
      clientSecret.split('_secret_')[0]!,
      'pi_test_made_up',
      otherPayment,
    ]) {
      const res = await world.send('customer', 'PATCH', `/api/order/${_id}`, {
        transactionId,
        amountTotal: 0.01,
      });
      expect(res.statusCode, transactionId).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, transactionId).toBeLessThan(500);
    }
    expect((await orderRow(_id))?.status).toBe('unpaid');
    const confirmed = await world.send('customer', 'POST', '/api/payments/test/confirm', {
      clientSecret,
      ...GOOD_CARD,
    });
    const paid = await world.send('customer', 'PATCH', `/api/order/${_id}`, {
      transactionId: confirmed.json().paymentIntentId,
    });
    expect(paid.json()).toMatchObject({ paid: true });
  });
});
