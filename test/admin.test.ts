import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/server/db/schema.ts';
import { signUp, type Account } from './support/auth.ts';
import { insertProduct } from './support/fixtures.ts';
import { makeTestApp } from './support/test-app.ts';
import { inject, injectCall, type Call } from './support/inject.ts';
import { placeOrder } from './support/payments.ts';

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let admin: Account;
let customer: Account;

beforeAll(async () => {
  ctx = await makeTestApp({ ADMIN_EMAILS: 'chief@example.com' });
  admin = await signUp(ctx.app, { email: 'chief@example.com', name: 'Chief Admin' });
  customer = await signUp(ctx.app, { name: 'Casey Customer' });
});
afterAll(() => ctx.app.close());

const newProduct = {
  name: 'Bottom bracket tool',
  price: 14.5,
  stock: 300,
  img: '/images/products/bb-tool.svg',
};

describe('admin-only calls', () => {
  it('answer 401 to visitors and 403 to customers', async () => {
    const product = await insertProduct(ctx.db);
    const calls: Call[] = [
      ['POST /api/tools', { body: newProduct }],
      [
        'PATCH /api/tools/:id',
        { params: { id: product.id }, body: { stock: 1, stockWas: product.stock } },
      ],
      ['DELETE /api/tool/:id', { params: { id: product.id } }],
      ['GET /api/users'],
      ['GET /api/users/:id', { params: { id: customer.email } }],
      ['DELETE /api/users/:id', { params: { id: admin.email } }],
      ['PUT /api/user/admin/:email', { params: { email: customer.email } }],
      ['GET /api/allorders'],
      ['PATCH /api/orders/:id/ship', { params: { id: product.id } }],
      ['GET /api/audit'],
    ];
    for (const call of calls) {
      expect((await injectCall(ctx.app, call)).statusCode, call[0]).toBe(401);
      expect((await injectCall(ctx.app, call, customer)).statusCode, call[0]).toBe(403);
    }
  });
});

describe('the catalogue', () => {
  it('lets an admin add, edit and delete a product, seen in the public list at once', async () => {
    const added = await inject(ctx.app, 'POST /api/tools', { body: newProduct, as: admin });
    expect(added.statusCode).toBe(201);
    const { _id } = added.json();
    expect(added.json()).toMatchObject({
      name: 'Bottom bracket tool',
      price: 14.5,
      stock: 300,
      desc: '',
    });

    const edited = await inject(ctx.app, 'PATCH /api/tools/:id', {
      params: { id: _id },
      body: {
        stock: 450,
        stockWas: 300,
        price: 15.25,
      },
      as: admin,
    });
    expect(edited.json()).toMatchObject({ stock: 450, price: 15.25, name: 'Bottom bracket tool' });
    expect(
      (await inject(ctx.app, 'GET /api/tools/:id', { params: { id: _id } })).json(),
    ).toMatchObject({
      stock: 450,
      price: 15.25,
    });

    const removed = await inject(ctx.app, 'DELETE /api/tool/:id', {
      params: { id: _id },
      as: admin,
    });
    expect(removed.json()).toEqual({ deleted: true, _id, name: 'Bottom bracket tool' });
    expect((await inject(ctx.app, 'GET /api/tools/:id', { params: { id: _id } })).statusCode).toBe(
      404,
    );
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
      const res = await inject(ctx.app, 'POST /api/tools', { payload, as: admin });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(
      (
        await inject(ctx.app, 'PATCH /api/tools/:id', {
          params: { id: (await insertProduct(ctx.db)).id },
          body: {},
          as: admin,
        })
      ).statusCode,
    ).toBe(400);
  });

  it('keeps the name and price on paid orders of a deleted product', async () => {
    const product = await insertProduct(ctx.db, { name: 'Cone wrench', priceCents: 700 });
    const placed = await placeOrder(ctx.app, customer, product.id, 10);
    // Paid: an unpaid order would refuse the delete (test/part-delete.test.ts).
    await ctx.db
      .update(orders)
      .set({ status: 'paid', paidAt: new Date() })
      .where(eq(orders.id, placed.json()._id));
    expect(
      (await inject(ctx.app, 'DELETE /api/tool/:id', { params: { id: product.id }, as: admin }))
        .statusCode,
    ).toBe(200);
    const order = (
      await inject(ctx.app, 'GET /api/order/:id', {
        params: { id: placed.json()._id },
        as: customer,
      })
    ).json();
    expect(order).toMatchObject({ productId: null, name: 'Cone wrench', price: 7, totalPrice: 70 });
  });
});

describe('users', () => {
  it('cannot give themselves a role, a verified email or another id through their record', async () => {
    const sneaky = await signUp(ctx.app);
    const res = await inject(ctx.app, 'PUT /api/users/:email', {
      params: { email: sneaky.email },
      payload: { email: sneaky.email, role: 'admin', emailVerified: true, _id: 'someone-else' },
      as: sneaky,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('role');
    expect(res.json().emailVerified).toBe(false);
    const status = await inject(ctx.app, 'GET /api/user/admin/:email', {
      params: { email: sneaky.email },
      as: sneaky,
    });
    expect(status.json()).toEqual({ admin: false });
  });

  it('lists users with real names, paged, for admins', async () => {
    const res = await inject(ctx.app, 'GET /api/users', { query: { limit: '1' }, as: admin });
    expect(res.json()).toMatchObject({ page: 1, limit: 1, totalPages: res.json().total });
    const search = await inject(ctx.app, 'GET /api/users', { query: { q: 'Casey' }, as: admin });
    expect(search.json().data).toEqual([
      expect.objectContaining({ name: 'Casey Customer', email: customer.email }),
    ]);
  });

  it('deletes a user, ends their sessions and keeps their orders', async () => {
    const leaving = await signUp(ctx.app, { name: 'Leaving Soon' });
    const product = await insertProduct(ctx.db);
    const placed = await placeOrder(ctx.app, leaving, product.id, 10);
    const { data } = (
      await inject(ctx.app, 'GET /api/users', { query: { q: leaving.email }, as: admin })
    ).json();
    const res = await inject(ctx.app, 'DELETE /api/users/:id', {
      params: { id: data[0]!._id },
      as: admin,
    });
    expect(res.json()).toEqual({ deleted: true, _id: data[0]!._id, email: leaving.email });
    expect(
      (await inject(ctx.app, 'GET /api/orders', { query: { email: leaving.email }, as: leaving }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await inject(ctx.app, 'GET /api/order/:id', {
          params: { id: placed.json()._id },
          as: admin,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('refuses an admin deleting themself', async () => {
    const me = (
      await inject(ctx.app, 'GET /api/users', { query: { q: admin.email }, as: admin })
    ).json().data[0];
    const res = await inject(ctx.app, 'DELETE /api/users/:id', {
      params: { id: me!._id },
      as: admin,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('You cannot delete your own account.');
  });

  it('lets an admin promote a customer, once', async () => {
    const rising = await signUp(ctx.app);
    const promote = () =>
      inject(ctx.app, 'PUT /api/user/admin/:email', { params: { email: rising.email }, as: admin });
    expect((await promote()).json()).toMatchObject({ role: 'admin' });
    expect((await promote()).json()).toMatchObject({ role: 'admin' });
    expect(
      (await inject(ctx.app, 'GET /api/users', { query: { limit: '1' }, as: rising })).statusCode,
    ).toBe(200);
  });
});

describe('all orders', () => {
  it('filters by status (unpaid, paid, shipped, expired), newest first, and ships only paid orders', async () => {
    const product = await insertProduct(ctx.db, { stock: 1000 });
    const place = async () =>
      (await placeOrder(ctx.app, customer, product.id, 10)).json<{ _id: string }>()._id;
    const unpaid = await place();
    const paid = await place();
    const expired = await place();
    await ctx.db
      .update(orders)
      .set({ status: 'paid', transactionId: 'pi_x' })
      .where(eq(orders.id, paid));
    await ctx.db.update(orders).set({ status: 'expired' }).where(eq(orders.id, expired));

    expect(
      (await inject(ctx.app, 'PATCH /api/orders/:id/ship', { params: { id: unpaid }, as: admin }))
        .statusCode,
    ).toBe(409);
    const shipped = await inject(ctx.app, 'PATCH /api/orders/:id/ship', {
      params: { id: paid },
      as: admin,
    });
    expect(shipped.json()).toMatchObject({ paid: true, shipped: true, status: 'shipped' });
    expect(
      (await inject(ctx.app, 'PATCH /api/orders/:id/ship', { params: { id: expired }, as: admin }))
        .statusCode,
    ).toBe(409);

    const ids = async (status: 'unpaid' | 'paid' | 'shipped' | 'expired' | 'all') =>
      (await inject(ctx.app, 'GET /api/allorders', { query: { status, limit: '100' }, as: admin }))
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
    expect(
      (await inject(ctx.app, 'DELETE /api/orders/:id', { params: { id: paid }, as: admin }))
        .statusCode,
    ).toBe(409);
  });
});

describe('the audit trail', () => {
  it('records who did what to which object, newest first', async () => {
    const added = (
      await inject(ctx.app, 'POST /api/tools', {
        body: { ...newProduct, name: 'Audited tool' },
        as: admin,
      })
    ).json();
    await inject(ctx.app, 'PATCH /api/tools/:id', {
      params: { id: added._id },
      body: { stock: 5, stockWas: 300 },
      as: admin,
    });
    const { data } = (
      await inject(ctx.app, 'GET /api/audit', { query: { limit: '2' }, as: admin })
    ).json();
    expect(data[0]).toMatchObject({
      actorEmail: admin.email,
      action: 'product.update',
      targetType: 'product',
      targetId: added._id,
    });
    expect(data[0]!.summary).toContain('stock 5');
    expect(data[0]!.summary).toContain('stock 300 → 5');
    expect(data[1]).toMatchObject({ action: 'product.create', targetId: added._id });
  });
});

describe('reviews', () => {
  it('takes the reviewer’s name and photo from the session, rating 1 to 5', async () => {
    const payload = { desc: '<b>Great</b> chain tool', rating: 5, name: 'Someone Else', img: 'x' };
    expect((await inject(ctx.app, 'POST /api/review', { body: payload })).statusCode).toBe(401);
    const res = await inject(ctx.app, 'POST /api/review', { body: payload, as: customer });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Casey Customer',
      desc: '<b>Great</b> chain tool',
      rating: 5,
      img: null,
    });
    expect((await inject(ctx.app, 'GET /api/reviews')).json().data[0]!._id).toBe(res.json()._id);
    for (const rating of [0, 6, 4.5]) {
      expect(
        (await inject(ctx.app, 'POST /api/review', { body: { rating }, as: customer })).statusCode,
      ).toBe(400);
    }
  });
});
