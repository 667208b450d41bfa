import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../src/contract/orders.ts';
import { auditLog, orderLines, orders, products } from '../src/server/db/schema.ts';
import { signUp, type Account } from './support/auth.ts';
import { insertProduct } from './support/fixtures.ts';
import { asCustomer } from './support/requests.ts';
import { makeTestApp } from './support/test-app.ts';
import { inject } from './support/inject.ts';
import { placeOrder } from './support/payments.ts';

// Deleting a part that unpaid orders still hold (issue 20, item 6): refused with a 409 that
// names the orders by number, so no buyer pays for a part that no longer exists.

const ADMIN = 'part-delete-admin@example.com';
const RACERS = 10;

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let admin: Account;
let rita: Account;
let racers: Account[];

beforeAll(async () => {
  ctx = await makeTestApp({
    ADMIN_EMAILS: ADMIN,
    MAX_UNPAID_ORDERS: '1000',
    ORDER_RATE_LIMIT: '1000',
    MAX_UNPAID_SHARE: '100',
  });
  admin = await signUp(ctx.app, { name: 'Ada Admin', email: ADMIN });
  rita = await signUp(ctx.app, { name: 'Rita Rim' });
  racers = [];
  for (let i = 0; i < RACERS; i++) racers.push(await signUp(ctx.app, { name: `Racer ${i}` }));
});
afterAll(() => ctx.app.close());

async function place(who: Account, productId: string) {
  const res = await placeOrder(ctx.app, who, productId, 10);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Order>();
}

const deletePart = (id: string) =>
  inject(ctx.app, 'DELETE /api/tool/:id', { params: { id }, as: admin });

const productRow = async (id: string) =>
  (await ctx.db.select().from(products).where(eq(products.id, id)))[0];

const deletions = async (id: string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'product.delete'), eq(auditLog.targetId, id)));

/** Unpaid orders with a line whose part is gone: what must never exist. */
const unpaidOrdersOfGoneParts = async () =>
  ctx.db
    .select({ number: orders.number })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(isNull(orderLines.productId), eq(orders.status, 'unpaid')));

describe('deleting a part that unpaid orders hold', () => {
  it('is refused with a 409 naming the orders by number, and changes nothing', async () => {
    const part = await insertProduct(ctx.db, { name: 'Hub spanner', stock: 200 });
    const first = await place(rita, part.id);
    const second = await place(rita, part.id);

    const res = await deletePart(part.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'conflict',
      message: `Unpaid orders #${first.number}, #${second.number} still hold this part: wait until they are paid, deleted or expired, then delete it.`,
    });
    expect(await productRow(part.id)).toMatchObject({ name: 'Hub spanner', stock: 180 });
    expect(await deletions(part.id)).toEqual([]);
    expect(
      (await inject(ctx.app, 'GET /api/tools/:id', { params: { id: part.id }, as: rita }))
        .statusCode,
    ).toBe(200);
    const order = await inject(ctx.app, 'GET /api/order/:id', {
      params: { id: first._id },
      as: rita,
    });
    expect(order.json<Order>().lines[0]).toMatchObject({ productId: part.id });
  });

  it('names one order as one', async () => {
    const part = await insertProduct(ctx.db, { name: 'Crank puller' });
    const only = await place(rita, part.id);
    expect((await deletePart(part.id)).json().message).toBe(
      `Unpaid order #${only.number} still holds this part: wait until it is paid, deleted or expired, then delete it.`,
    );
  });

  it('goes ahead once the unpaid orders are deleted or expired; paid ones keep their lines', async () => {
    const part = await insertProduct(ctx.db, { name: 'Bottom bracket tool', priceCents: 850 });
    const paid = await place(rita, part.id);
    const expired = await place(rita, part.id);
    const deleted = await place(rita, part.id);
    await ctx.db
      .update(orders)
      .set({ status: 'paid', paidAt: new Date() })
      .where(eq(orders.id, paid._id));
    await ctx.db
      .update(orders)
      .set({ holdUntil: sql`now() - interval '1 second'` })
      .where(eq(orders.id, expired._id));
    // Refused while one of them still waits to be paid or deleted.
    expect((await deletePart(part.id)).json().message).toMatch(
      new RegExp(`^Unpaid orders #${expired.number}, #${deleted.number} still hold`),
    );

    await ctx.db.update(orders).set({ status: 'expired' }).where(eq(orders.id, expired._id));
    expect(
      (await inject(ctx.app, 'DELETE /api/orders/:id', { params: { id: deleted._id }, as: rita }))
        .statusCode,
    ).toBe(200);
    const res = await deletePart(part.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: true, _id: part.id, name: 'Bottom bracket tool' });
    expect(await deletions(part.id)).toHaveLength(1);

    const kept = await inject(ctx.app, 'GET /api/order/:id', {
      params: { id: paid._id },
      as: rita,
    });
    expect(kept.json<Order>()).toMatchObject({
      status: 'paid',
      name: 'Bottom bracket tool',
      totalPrice: 85,
      lines: [{ productId: null, name: 'Bottom bracket tool', quantity: 10, unitPrice: 8.5 }],
    });
  });

  it('answers 404 for a part that does not exist', async () => {
    expect((await deletePart(randomUUID())).statusCode).toBe(404);
  });
});

describe('a checkout and a delete at once', () => {
  it('never leave an unpaid order holding a deleted part', async () => {
    const rounds = await Promise.all(
      racers.map(async (who, i) => {
        const part = await insertProduct(ctx.db, { name: `Race part ${i}`, stock: 100 });
        const cart = asCustomer(ctx.app, who);
        expect((await cart.setLine(part.id, 10)).statusCode).toBe(200);
        // Half the rounds start the delete first, half the checkout.
        const [checkout, removal] =
          i % 2 === 0
            ? await Promise.all([cart.checkout(`race-${randomUUID()}`), deletePart(part.id)])
            : await Promise.all([deletePart(part.id), cart.checkout(`race-${randomUUID()}`)]).then(
                ([removed, checkedOut]) => [checkedOut, removed] as const,
              );
        return { part, checkout, removal };
      }),
    );

    for (const { part, checkout, removal } of rounds) {
      if (removal.statusCode === 200) {
        // The part went first: the checkout found it gone and placed nothing.
        expect(checkout.statusCode, checkout.body).not.toBe(201);
        expect(await productRow(part.id)).toBeUndefined();
      } else {
        // The order went first: it holds the part, and the delete names it.
        expect(checkout.statusCode, checkout.body).toBe(201);
        const { number } = checkout.json<Order>();
        expect(removal.statusCode).toBe(409);
        expect(removal.json().message).toContain(`#${number}`);
        expect(await productRow(part.id)).toMatchObject({ stock: 90 });
      }
    }
    expect(await unpaidOrdersOfGoneParts()).toEqual([]);
  });
});
