import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/server/db/schema.ts';
import { ORIGIN, signUp } from './support/auth.ts';
import { insertProduct } from './support/fixtures.ts';
import { makeTestApp } from './support/test-app.ts';

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
type Account = Awaited<ReturnType<typeof signUp>>;
let admin: Account;
let customer: Account;

beforeAll(async () => {
  ctx = await makeTestApp({ ADMIN_EMAILS: 'chief@example.com' });
  admin = await signUp(ctx.app, { email: 'chief@example.com', name: 'Chief Admin' });
  customer = await signUp(ctx.app, { name: 'Casey Customer' });
});
afterAll(() => ctx.app.close());

const send = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  who?: Account,
  payload?: object,
) =>
  ctx.app.inject({
    method,
    url,
    payload,
    headers: { origin: ORIGIN, ...(who ? { cookie: who.cookie } : {}) },
  });

const newProduct = {
  name: 'Bottom bracket tool',
  price: 14.5,
  stock: 300,
  img: '/images/products/bb-tool.svg',
};

describe('admin-only calls', () => {
  it('answer 401 to visitors and 403 to customers', async () => {
    const product = await insertProduct(ctx.db);
    const calls: [Parameters<typeof send>[0], string, object?][] = [
      ['POST', '/api/tools', newProduct],
      ['PATCH', `/api/tools/${product.id}`, { stock: 1, stockWas: product.stock }],
      ['DELETE', `/api/tool/${product.id}`],
      ['GET', '/api/users'],
      ['GET', `/api/users/${customer.email}`],
      ['DELETE', `/api/users/${admin.email}`],
      ['PUT', `/api/user/admin/${encodeURIComponent(customer.email)}`],
      ['GET', '/api/allorders'],
      ['PATCH', `/api/orders/${product.id}/ship`],
      ['GET', '/api/audit'],
    ];
    for (const [method, url, payload] of calls) {
      expect((await send(method, url, undefined, payload)).statusCode, `${method} ${url}`).toBe(
        401,
      );
      expect((await send(method, url, customer, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('the catalogue', () => {
  it('lets an admin add, edit and delete a product, seen in the public list at once', async () => {
    const added = await send('POST', '/api/tools', admin, newProduct);
    expect(added.statusCode).toBe(201);
    const { _id } = added.json();
    expect(added.json()).toMatchObject({
      name: 'Bottom bracket tool',
      price: 14.5,
      stock: 300,
      desc: '',
    });

    const edited = await send('PATCH', `/api/tools/${_id}`, admin, {
      stock: 450,
      stockWas: 300,
      price: 15.25,
    });
    expect(edited.json()).toMatchObject({ stock: 450, price: 15.25, name: 'Bottom bracket tool' });
    expect((await send('GET', `/api/tools/${_id}`)).json()).toMatchObject({
      stock: 450,
      price: 15.25,
    });

    const removed = await send('DELETE', `/api/tool/${_id}`, admin);
    expect(removed.json()).toEqual({ deleted: true, _id, name: 'Bottom bracket tool' });
    expect((await send('GET', `/api/tools/${_id}`)).statusCode).toBe(404);
  });

  it('names the field that is wrong', async () => {
    const cases: [object, RegExp][] = [
      [{ ...newProduct, price: 0 }, /price: Price must be more than 0/],
      [{ ...newProduct, price: 5e-324 }, /price: Price has at most 2 decimals/],
      [{ ...newProduct, price: 1.234 }, /price: Price has at most 2 decimals/],
      [{ ...newProduct, stock: -1 }, /stock: Stock cannot be negative/],
      [{ ...newProduct, stock: 2.5 }, /stock: Stock must be a whole number/],
      [{ ...newProduct, img: 'javascript:alert(1)' }, /img: Image link must be/],
      [{ ...newProduct, name: '  ' }, /name: Please enter the product name/],
    ];
    for (const [payload, message] of cases) {
      const res = await send('POST', '/api/tools', admin, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(
      (await send('PATCH', `/api/tools/${(await insertProduct(ctx.db)).id}`, admin, {})).statusCode,
    ).toBe(400);
  });

  it('keeps the name and price on paid orders of a deleted product', async () => {
    const product = await insertProduct(ctx.db, { name: 'Cone wrench', priceCents: 700 });
    const placed = await send('POST', '/api/orders', customer, {
      productId: product.id,
      quantity: 10,
      email: customer.email,
    });
    // Paid: an unpaid order would refuse the delete (test/part-delete.test.ts).
    await ctx.db
      .update(orders)
      .set({ status: 'paid', paidAt: new Date() })
      .where(eq(orders.id, placed.json()._id));
    expect((await send('DELETE', `/api/tool/${product.id}`, admin)).statusCode).toBe(200);
    const order = (await send('GET', `/api/order/${placed.json()._id}`, customer)).json();
    expect(order).toMatchObject({ productId: null, name: 'Cone wrench', price: 7, totalPrice: 70 });
  });
});

describe('users', () => {
  it('cannot give themselves a role, a verified email or another id through their record', async () => {
    const sneaky = await signUp(ctx.app);
    const url = `/api/users/${encodeURIComponent(sneaky.email)}`;
    const res = await send('PUT', url, sneaky, {
      email: sneaky.email,
      role: 'admin',
      emailVerified: true,
      _id: 'someone-else',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('role');
    expect(res.json().emailVerified).toBe(false);
    const status = await send('GET', `/api/user/admin/${encodeURIComponent(sneaky.email)}`, sneaky);
    expect(status.json()).toEqual({ admin: false });
  });

  it('lists users with real names, paged, for admins', async () => {
    const res = await send('GET', '/api/users?limit=1', admin);
    expect(res.json()).toMatchObject({ page: 1, limit: 1, totalPages: res.json().total });
    const search = await send('GET', `/api/users?q=${encodeURIComponent('Casey')}`, admin);
    expect(search.json().data).toEqual([
      expect.objectContaining({ name: 'Casey Customer', email: customer.email }),
    ]);
  });

  it('deletes a user, ends their sessions and keeps their orders', async () => {
    const leaving = await signUp(ctx.app, { name: 'Leaving Soon' });
    const product = await insertProduct(ctx.db);
    const placed = await send('POST', '/api/orders', leaving, {
      productId: product.id,
      quantity: 10,
      email: leaving.email,
    });
    const { data } = (
      await send('GET', `/api/users?q=${encodeURIComponent(leaving.email)}`, admin)
    ).json();
    const res = await send('DELETE', `/api/users/${data[0]._id}`, admin);
    expect(res.json()).toEqual({ deleted: true, _id: data[0]._id, email: leaving.email });
    expect(
      (await send('GET', `/api/orders?email=${encodeURIComponent(leaving.email)}`, leaving))
        .statusCode,
    ).toBe(401);
    expect((await send('GET', `/api/order/${placed.json()._id}`, admin)).statusCode).toBe(200);
  });

  it('refuses an admin deleting themself', async () => {
    const me = (await send('GET', `/api/users?q=${encodeURIComponent(admin.email)}`, admin)).json()
      .data[0];
    const res = await send('DELETE', `/api/users/${me._id}`, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('You cannot delete your own account.');
  });

  it('lets an admin promote a customer, once', async () => {
    const rising = await signUp(ctx.app);
    const url = `/api/user/admin/${encodeURIComponent(rising.email)}`;
    expect((await send('PUT', url, admin)).json()).toMatchObject({ role: 'admin' });
    expect((await send('PUT', url, admin)).json()).toMatchObject({ role: 'admin' });
    expect((await send('GET', '/api/users?limit=1', rising)).statusCode).toBe(200);
  });
});

describe('all orders', () => {
  it('filters by status (unpaid, paid, shipped, expired), newest first, and ships only paid orders', async () => {
    const product = await insertProduct(ctx.db, { stock: 1000 });
    const place = async () =>
      (
        await send('POST', '/api/orders', customer, {
          productId: product.id,
          quantity: 10,
          email: customer.email,
        })
      ).json<{ _id: string }>()._id;
    const unpaid = await place();
    const paid = await place();
    const expired = await place();
    await ctx.db
      .update(orders)
      .set({ status: 'paid', transactionId: 'pi_x' })
      .where(eq(orders.id, paid));
    await ctx.db.update(orders).set({ status: 'expired' }).where(eq(orders.id, expired));

    expect((await send('PATCH', `/api/orders/${unpaid}/ship`, admin)).statusCode).toBe(409);
    const shipped = await send('PATCH', `/api/orders/${paid}/ship`, admin);
    expect(shipped.json()).toMatchObject({ paid: true, shipped: true, status: 'shipped' });
    expect((await send('PATCH', `/api/orders/${expired}/ship`, admin)).statusCode).toBe(409);

    const ids = async (status: string) =>
      (await send('GET', `/api/allorders?status=${status}&limit=100`, admin))
        .json()
        .data.map((o: { _id: string }) => o._id);
    expect(await ids('unpaid')).toContain(unpaid);
    expect(await ids('unpaid')).not.toContain(paid);
    expect(await ids('shipped')).toEqual(expect.arrayContaining([paid]));
    expect(await ids('paid')).not.toContain(paid);
    expect(await ids('expired')).toEqual([expired]);
    expect(await ids('unpaid')).not.toContain(expired);
    const all = await ids('all');
    expect(all.indexOf(paid)).toBeLessThan(all.indexOf(unpaid));
    expect((await send('DELETE', `/api/orders/${paid}`, admin)).statusCode).toBe(409);
  });
});

describe('the audit trail', () => {
  it('records who did what to which object, newest first', async () => {
    const added = (
      await send('POST', '/api/tools', admin, { ...newProduct, name: 'Audited tool' })
    ).json();
    await send('PATCH', `/api/tools/${added._id}`, admin, { stock: 5, stockWas: 300 });
    const { data } = (await send('GET', '/api/audit?limit=2', admin)).json();
    expect(data[0]).toMatchObject({
      actorEmail: admin.email,
      action: 'product.update',
      targetType: 'product',
      targetId: added._id,
    });
    expect(data[0].summary).toContain('stock 5');
    expect(data[0].summary).toContain('stock 300 → 5');
    expect(data[1]).toMatchObject({ action: 'product.create', targetId: added._id });
  });
});

describe('reviews', () => {
  it('takes the reviewer’s name and photo from the session, rating 1 to 5', async () => {
    const payload = { desc: '<b>Great</b> chain tool', rating: 5, name: 'Someone Else', img: 'x' };
    expect((await send('POST', '/api/review', undefined, payload)).statusCode).toBe(401);
    const res = await send('POST', '/api/review', customer, payload);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Casey Customer',
      desc: '<b>Great</b> chain tool',
      rating: 5,
      img: null,
    });
    expect((await send('GET', '/api/reviews')).json().data[0]._id).toBe(res.json()._id);
    for (const rating of [0, 6, 4.5]) {
      expect((await send('POST', '/api/review', customer, { rating })).statusCode).toBe(400);
    }
  });
});
