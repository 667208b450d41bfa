// Issue 19, item 3: My Orders read orders by email, so after an admin deleted an account,
// whoever signed up with the same address next (no verification needed) saw its history.
// Orders belong to the account that placed them; the email on an order is only a record.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../src/contract/orders.ts';
import { users } from '../src/server/db/schema.ts';
import { accessTokenFor, ORIGIN, signUp, uniqueEmail, type Account } from './support/auth.ts';
import { insertProduct } from './support/fixtures.ts';
import { asCustomer } from './support/requests.ts';
import { makeTestApp } from './support/test-app.ts';
import { inject } from './support/inject.ts';
import { chargeCard as chargeCardWith, reportPayment, startPayment } from './support/payments.ts';

type Ctx = Awaited<ReturnType<typeof makeTestApp>>;

let ctx: Ctx;
let admin: Account;

beforeAll(async () => {
  ctx = await makeTestApp();
  admin = await signUp(ctx.app, { name: 'Orla Admin' });
  // Made admin in the database: how an account becomes admin is not what this file is about.
  await ctx.db.update(users).set({ role: 'admin' }).where(eq(users.email, admin.email));
});
afterAll(() => ctx.app.close());

const idOf = async (email: string) =>
  (await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

const place = async (who: Account, productId: string) => {
  const res = await inject(ctx.app, 'POST /api/orders', {
    body: {
      productId,
      quantity: 10,
      email: who.email,
    },
    as: asCustomer(ctx.app, who),
  });
  expect(res.statusCode).toBe(201);
  return res.json<Order>();
};

/** Starts a payment and has the card charged, without reporting it to the shop yet. */
async function chargeCard(who: Account, orderId: string) {
  const intent = await startPayment(ctx.app, who, orderId);
  return (await chargeCardWith(ctx.app, who, intent.json().clientSecret)).json().paymentIntentId;
}

describe("a deleted account's orders", () => {
  let email: string;
  let unpaid: Order;
  let paid: Order;
  let unpaidCharge: string;
  let newcomer: Account;

  beforeAll(async () => {
    const part = await insertProduct(ctx.db, { stock: 500 });
    email = uniqueEmail('leaver');
    const leaver = await signUp(ctx.app, { name: 'Lee Leaver', email });
    paid = await place(leaver, part.id);
    const charge = await chargeCard(leaver, paid._id);
    const recorded = await inject(ctx.app, 'PATCH /api/order/:id', {
      params: { id: paid._id },
      body: {
        transactionId: charge,
      },
      as: asCustomer(ctx.app, leaver),
    });
    expect(recorded.statusCode).toBe(200);
    unpaid = await place(leaver, part.id);
    unpaidCharge = await chargeCard(leaver, unpaid._id);

    const removed = await inject(ctx.app, 'DELETE /api/users/:id', {
      params: { id: await idOf(email) },
      as: asCustomer(ctx.app, admin),
    });
    expect(removed.statusCode).toBe(200);
    // The address is free again: someone else signs up with it.
    newcomer = await signUp(ctx.app, { name: 'Nia Newcomer', email });
  });

  it('are not listed for a newcomer who signs up with the same email, by session or by token', async () => {
    const me = asCustomer(ctx.app, newcomer);
    const mine = await inject(ctx.app, 'GET /api/orders', { query: { email }, as: me });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({ data: [] });

    const token = await accessTokenFor(ctx.app, newcomer.cookie, email);
    const byToken = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders?email=${encodeURIComponent(email)}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(byToken.json()).toEqual({ data: [] });
  });

  it('cannot be read, paid, deleted or reordered by the newcomer', async () => {
    const me = asCustomer(ctx.app, newcomer);
    for (const order of [unpaid, paid]) {
      expect(
        (await inject(ctx.app, 'GET /api/order/:id', { params: { id: order._id }, as: me }))
          .statusCode,
      ).toBe(403);
      expect(
        (
          await inject(ctx.app, 'POST /api/orders/:id/reorder', {
            params: { id: order._id },
            as: me,
          })
        ).statusCode,
      ).toBe(403);
    }
    expect(
      (
        await inject(ctx.app, 'POST /api/create-payment-intent', {
          body: { orderId: unpaid._id },
          as: me,
        })
      ).statusCode,
    ).toBe(403);
    const claimed = await reportPayment(ctx.app, me, unpaid._id, unpaidCharge);
    expect(claimed.statusCode).toBe(403);
    expect(
      (await inject(ctx.app, 'DELETE /api/orders/:id', { params: { id: unpaid._id }, as: me }))
        .statusCode,
    ).toBe(403);
    expect((await me.cart()).json<{ lines: unknown[] }>().lines).toEqual([]);
  });

  it("stay for the shop's records, and admins still see them", async () => {
    const boss = asCustomer(ctx.app, admin);
    const all = await inject(ctx.app, 'GET /api/allorders', { query: { limit: '100' }, as: boss });
    const listed = all.json<{ data: Order[] }>().data.filter((o) => o.email === email);
    expect(listed.map((o) => o._id).sort()).toEqual([unpaid._id, paid._id].sort());
    expect(listed.find((o) => o._id === paid._id)).toMatchObject({ paid: true });
    expect(listed.find((o) => o._id === unpaid._id)).toMatchObject({ status: 'unpaid' });
    expect(
      (await inject(ctx.app, 'GET /api/order/:id', { params: { id: unpaid._id }, as: boss }))
        .statusCode,
    ).toBe(200);
  });

  it("list only the newcomer's own orders once they order", async () => {
    const part = await insertProduct(ctx.db, { stock: 500 });
    const theirs = await place(newcomer, part.id);
    const mine = await inject(ctx.app, 'GET /api/orders', {
      query: { email },
      as: asCustomer(ctx.app, newcomer),
    });
    expect(mine.json<{ data: Order[] }>().data.map((o) => o._id)).toEqual([theirs._id]);
  });
});

describe('the account an order belongs to', () => {
  it('is recorded on every order: the column may not be empty', async () => {
    const { rows } = (await ctx.db.execute(sql`
      select is_nullable from information_schema.columns
      where table_name = 'order' and column_name = 'user_id'`)) as unknown as {
      rows: { is_nullable: string }[];
    };
    expect(rows).toEqual([{ is_nullable: 'NO' }]);
  });

  it("still answers 403 for another email's list", async () => {
    const someone = await signUp(ctx.app, { name: 'Sol Someone' });
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders?email=${encodeURIComponent(admin.email)}`,
      headers: { origin: ORIGIN, cookie: someone.cookie },
    });
    expect(res.statusCode).toBe(403);
  });
});
