import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminOverview } from '../src/contract/overview.ts';
import { orderLines, orders } from '../src/server/db/schema.ts';
import { signUp } from './support/auth.ts';
import { givenCompany } from './support/companies.ts';
import { insertProduct } from './support/fixtures.ts';
import { inject } from './support/inject.ts';
import { payOrder } from './support/payments.ts';
import { asCustomer } from './support/requests.ts';
import { checkoutOneLine, givenTerms, tradeAppForFile } from './support/trade.ts';

// The admin overview (issue 35): each count of GET /api/admin/overview moves when what it
// counts happens, and only admins may read it.

const ctx = tradeAppForFile('overview-admin@example.com', { LOW_STOCK_AT: '7' });

const overview = async () => {
  const res = await inject(ctx.app, 'GET /api/admin/overview', { as: ctx.shopAdmin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AdminOverview>();
};

const ship = (id: string, productId: string, quantity: number) =>
  inject(ctx.app, 'POST /api/orders/:id/shipments', {
    params: { id },
    body: { lines: [{ productId, quantity }], carrier: 'DHL', trackingNumber: 'JD0001' },
    as: ctx.shopAdmin,
  });

/** A customer's card order of `quantity` of a fresh part, placed and (unless told) paid. */
async function cardOrder(quantity = 10, { pay = true, stock = 100, backorder = false } = {}) {
  const buyer = await signUp(ctx.app, { name: `Bo ${randomUUID().slice(0, 6)}` });
  const part = await insertProduct(ctx.db, {
    name: `Part ${randomUUID().slice(0, 6)}`,
    moq: 1,
    stock,
    backorderAllowed: backorder,
  });
  const placed = await checkoutOneLine(ctx.app, buyer, part.id, quantity);
  expect(placed.statusCode, placed.body).toBe(201);
  const id = placed.json<{ _id: string }>()._id;
  if (pay) expect((await payOrder(ctx.app, buyer, id)).statusCode).toBe(200);
  return { buyer, part, id };
}

describe('the admin overview', () => {
  it('is for admins only', async () => {
    const customer = await signUp(ctx.app, { name: 'Cleo Customer' });
    const res = await inject(ctx.app, 'GET /api/admin/overview', { as: customer });
    expect(res.statusCode).toBe(403);
    expect((await inject(ctx.app, 'GET /api/admin/overview', {})).statusCode).toBe(401);
  });

  it('counts a paid order to ship and ready, and sells it today; shipping it takes it off', async () => {
    const before = await overview();
    const { part, id } = await cardOrder(12);
    const paid = await overview();
    expect(paid.orders.toShip).toBe(before.orders.toShip + 1);
    expect(paid.orders.readyToShip).toBe(before.orders.readyToShip + 1);
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, id));
    expect(paid.sales.today.total).toBeCloseTo(
      before.sales.today.total + row!.grandTotalCents / 100,
      2,
    );
    expect(paid.sales.today.orders).toBe(before.sales.today.orders + 1);
    expect(paid.sales.month.orders).toBe(before.sales.month.orders + 1);
    expect(
      paid.sales.days.find((d) => d.day === new Date().getUTCDate())?.thisMonth,
    ).toBeGreaterThan(0);

    expect((await ship(id, part.id, 12)).statusCode).toBe(201);
    const shipped = await overview();
    expect(shipped.orders.toShip).toBe(before.orders.toShip);
    expect(shipped.orders.readyToShip).toBe(before.orders.readyToShip);
    // Still sold: shipping is not a refund.
    expect(shipped.sales.today.orders).toBe(paid.sales.today.orders);
  });

  it('counts a backordered order as to ship but not ready, and names the part waited for', async () => {
    const before = await overview();
    const { part, id } = await cardOrder(30, { stock: 10, backorder: true });
    const [line] = await ctx.db.select().from(orderLines).where(eq(orderLines.orderId, id));
    expect(line!.backordered).toBeGreaterThan(0);
    const after = await overview();
    expect(after.orders.toShip).toBe(before.orders.toShip + 1);
    expect(after.orders.readyToShip).toBe(before.orders.readyToShip);
    expect(after.orders.backordered).toBe(before.orders.backordered + 1);
    expect(after.mostAwaited[0]).toMatchObject({ _id: part.id, pieces: line!.backordered });
  });

  it('counts unpaid orders whose hold ends today, and orders awaiting approval', async () => {
    const before = await overview();
    const { id } = await cardOrder(10, { pay: false });
    // Safely before midnight whatever the time: the hold ends in a minute.
    await ctx.db
      .update(orders)
      .set({ holdUntil: new Date(Date.now() + 60_000) })
      .where(eq(orders.id, id));
    expect((await overview()).orders.holdsEndingToday).toBe(before.orders.holdsEndingToday + 1);
    await ctx.db.update(orders).set({ status: 'awaiting_approval' }).where(eq(orders.id, id));
    const waiting = await overview();
    expect(waiting.orders.awaitingApproval).toBe(before.orders.awaitingApproval + 1);
    expect(waiting.orders.holdsEndingToday).toBe(before.orders.holdsEndingToday);
  });

  it('counts open contact messages, and a part at or under LOW_STOCK_AT', async () => {
    const before = await overview();
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Vera', email: 'vera@example.com', message: 'Do you ship to Norway?' },
      remoteAddress: '198.51.100.77',
    });
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    const low = await insertProduct(ctx.db, { name: 'Nearly gone', stock: 7 });
    const after = await overview();
    expect(after.unreadMessages).toBe(before.unreadMessages + 1);
    expect(after.lowStock.at).toBe(7);
    expect(after.lowStock.count).toBe(before.lowStock.count + 1);
    expect(after.lowStock.lowest.map((p) => p._id)).toContain(low.id);
  });

  it('counts a quote asked for, and a return to decide then to receive', async () => {
    const before = await overview();
    const { owner } = await givenCompany(ctx.app, `Quote Co ${randomUUID().slice(0, 4)}`);
    const part = await insertProduct(ctx.db, { name: 'Quoted part', moq: 1, stock: 500 });
    expect((await asCustomer(ctx.app, owner).setLine(part.id, 50)).statusCode).toBe(200);
    const quote = await inject(ctx.app, 'POST /api/quotes', { body: { note: '' }, as: owner });
    expect(quote.statusCode, quote.body).toBe(201);
    expect((await overview()).quotesToAnswer).toBe(before.quotesToAnswer + 1);

    const { buyer, part: sold, id } = await cardOrder(10);
    expect((await ship(id, sold.id, 10)).statusCode).toBe(201);
    const asked = await inject(ctx.app, 'POST /api/orders/:id/returns', {
      params: { id },
      body: { lines: [{ productId: sold.id, quantity: 2, reason: 'damaged' }] },
      as: buyer,
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const requested = await overview();
    expect(requested.returns.toDecide).toBe(before.returns.toDecide + 1);
    const approved = await inject(ctx.app, 'POST /api/returns/:id/approve', {
      params: { id: asked.json<{ _id: string }>()._id },
      body: { instructions: 'Send them to the workshop.' },
      as: ctx.shopAdmin,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const toReceive = await overview();
    expect(toReceive.returns.toDecide).toBe(before.returns.toDecide);
    expect(toReceive.returns.toReceive).toBe(before.returns.toReceive + 1);
  });

  it('counts an on-account invoice past due with what is owed of it, and sells it', async () => {
    const before = await overview();
    const { owner, company } = await givenCompany(ctx.app, `Due Co ${randomUUID().slice(0, 4)}`);
    await givenTerms(ctx.app, ctx.shopAdmin, company._id, 30, 10_000);
    const part = await insertProduct(ctx.db, { name: 'On account', moq: 1, stock: 100 });
    const placed = await checkoutOneLine(ctx.app, owner, part.id, 10, { paymentMethod: 'account' });
    expect(placed.statusCode, placed.body).toBe(201);
    const id = placed.json<{ _id: string }>()._id;
    const charged = await overview();
    expect(charged.orders.toShip).toBe(before.orders.toShip + 1);
    expect(charged.sales.today.orders).toBe(before.sales.today.orders + 1);
    expect(charged.overdue).toEqual(before.overdue);

    await ctx.db
      .update(orders)
      .set({ dueAt: new Date(Date.now() - 86_400_000) })
      .where(eq(orders.id, id));
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, id));
    const due = await overview();
    expect(due.overdue.invoices).toBe(before.overdue.invoices + 1);
    expect(due.overdue.total).toBeCloseTo(before.overdue.total + row!.grandTotalCents / 100, 2);
  });
});
