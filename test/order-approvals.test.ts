// Issue 23, spending limits: a buyer's checkout over their limit waits for the company's owner or
// an admin, holding its stock as an unpaid order does; approved, it is paid by card or charged to
// the account; rejected, its stock goes back through the ledger. The buyer is mailed either way.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { MyCompany } from '../src/contract/companies.ts';
import type { Order, OrderList } from '../src/contract/orders.ts';
import { createReadCache } from '../src/server/cache/read-cache.ts';
import { creditLedgerEntries, orders, products, stockMovements } from '../src/server/db/schema.ts';
import { expireHeldOrders } from '../src/server/flows/steps/expire-held-orders.ts';
import { outboxFor, signUp, type Account } from './support/auth.ts';
import { givenCompany, givenMember } from './support/companies.ts';
import { givenDelivery } from './support/delivery.ts';
import { endHolds, insertProduct } from './support/fixtures.ts';
import { inject, type Sender } from './support/inject.ts';
import { payOrder, placeOrder, startPaymentAsIs } from './support/payments.ts';
import { asCustomer } from './support/requests.ts';
import {
  checkoutOneLine,
  givenTerms,
  tradeAppForFile,
  type CheckoutChoice,
} from './support/trade.ts';

const HOLD_MINUTES = 60;

const ctx = tradeAppForFile('approvals-admin@example.com', {
  ORDER_HOLD_MINUTES: String(HOLD_MINUTES),
});

/** A company: its owner, an admin, and a buyer whose checkouts over $500 wait. */
async function team() {
  const { owner, company } = await givenCompany(ctx.app, `Velo ${randomUUID().slice(0, 6)}`);
  const { account: admin } = await givenMember(ctx.app, owner, { role: 'admin' });
  const { account: buyer } = await givenMember(ctx.app, owner, { spendingLimit: 500 });
  return { owner, admin, buyer, company };
}

/** A $25 part (from 1 piece) with 100 in stock. */
const part = () => insertProduct(ctx.db, { priceCents: 2500, moq: 1, stock: 100 });

/** `who` checks out `quantity` of the part: the order placed. */
async function checkout(who: Account, productId: string, quantity: number, body?: CheckoutChoice) {
  const res = await checkoutOneLine(ctx.app, who, productId, quantity, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Order>();
}

const approve = (as: Sender, id: string) =>
  inject(ctx.app, 'POST /api/orders/:id/approve', { params: { id }, as });
const reject = (as: Sender, id: string, reason?: string) =>
  inject(ctx.app, 'POST /api/orders/:id/reject', {
    params: { id },
    body: reason === undefined ? {} : { reason },
    as,
  });
const approvals = (as: Sender) => inject(ctx.app, 'GET /api/companies/me/approvals', { as });
const getOrder = async (id: string, as: Sender) =>
  (await inject(ctx.app, 'GET /api/order/:id', { params: { id }, as })).json<Order>();
const stockOf = async (id: string) =>
  (await ctx.db.select().from(products).where(eq(products.id, id)))[0]?.stock;
/** The mail to `who` whose subject says this (mails go out after the answer: it is waited for). */
const mailTo = (who: Account, subject: string) =>
  vi.waitFor(() => {
    const mail = outboxFor(ctx.config.dataDir, who.email.toLowerCase()).find((m) =>
      m.subject.includes(subject),
    );
    if (!mail) throw new Error(`no mail "${subject}" yet`);
    return mail;
  });

describe('a buyer over their spending limit', () => {
  it('gets an order that waits for approval, holding its stock, and cannot pay it yet', async () => {
    const { owner, admin, buyer } = await team();
    const product = await part();
    const order = await checkout(buyer, product.id, 30); // $750 > $500
    expect(order).toMatchObject({
      status: 'awaiting_approval',
      paid: false,
      grandTotal: 750,
      approvedBy: null,
      approvedAt: null,
    });
    expect(order.expiresAt).toEqual(expect.any(String));
    expect(order.timeline.map((e) => e.event)).toContain('awaiting_approval');
    expect(await stockOf(product.id)).toBe(70);
    // It counts toward what one account may hold unpaid: 30 + 30 of the 100 on hand is over half.
    const shop = asCustomer(ctx.app, buyer);
    expect((await shop.setLine(product.id, 30)).statusCode).toBe(200);
    const more = await shop.checkout(
      `approvals-${randomUUID()}`,
      await givenDelivery(ctx.app, buyer),
    );
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toMatch(/at most half of a part's stock/);
    const deletePart = await inject(ctx.app, 'DELETE /api/tool/:id', {
      params: { id: product.id },
      as: ctx.shopAdmin,
    });
    expect(deletePart.statusCode).toBe(409);
    expect(deletePart.json().message).toContain(`#${order.number}`);

    const pay = await startPaymentAsIs(ctx.app, buyer, order._id);
    expect(pay.statusCode).toBe(409);
    expect(pay.json().message).toMatch(/waits for your company's owner or an admin/);

    const waiting = await approvals(owner);
    expect(waiting.statusCode, waiting.body).toBe(200);
    expect(waiting.json<OrderList>().data.map((o) => o._id)).toEqual([order._id]);
    const placedMail = await mailTo(buyer, `#${order.number} placed`);
    expect(placedMail.text).toMatch(/waits for your company's owner or an admin to approve it/);
    for (const approver of [owner, admin]) {
      const asked = await mailTo(approver, `#${order.number} waits for your approval`);
      expect(asked.text).toContain('Approvals in your dashboard');
    }
  });

  it('waits too when the order is placed from the product page (one line)', async () => {
    const { owner, buyer } = await team();
    const product = await part();
    const res = await placeOrder(ctx.app, buyer, product.id, 21); // $525
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<Order>();
    expect(order.status).toBe('awaiting_approval');
    expect((await approvals(owner)).json<OrderList>().data.map((o) => o._id)).toEqual([order._id]);
  });

  it('waits too when it comes from an accepted quote, and the approvers are told', async () => {
    const { owner, buyer } = await team();
    const product = await part();
    expect((await asCustomer(ctx.app, buyer).setLine(product.id, 40)).statusCode).toBe(200);
    const asked = await inject(ctx.app, 'POST /api/quotes', {
      body: { note: 'Spring' },
      as: buyer,
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const quoteId = asked.json<{ _id: string }>()._id;
    const answered = await inject(ctx.app, 'PUT /api/quotes/:id', {
      params: { id: quoteId },
      body: {
        lines: [{ productId: product.id, quantity: 40, unitPrice: 20 }],
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
        note: 'Spring price',
      },
      as: ctx.shopAdmin,
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const accepted = await inject(ctx.app, 'POST /api/quotes/:id/accept', {
      params: { id: quoteId },
      as: buyer,
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const order = accepted.json<Order>();
    expect(order).toMatchObject({ status: 'awaiting_approval', grandTotal: 800 });
    await mailTo(owner, `#${order.number} waits for your approval`);
  });

  it('checks out at or under the limit as usual: unpaid, nothing to approve', async () => {
    const { owner, buyer } = await team();
    const product = await part();
    const order = await checkout(buyer, product.id, 20); // exactly $500
    expect(order.status).toBe('unpaid');
    expect((await approvals(owner)).json<OrderList>().data).toEqual([]);
    expect((await approve(owner, order._id)).statusCode).toBe(409);
  });

  it('binds no one without a limit: the owner and an admin check out any amount', async () => {
    const { owner, admin } = await team();
    const product = await part();
    expect((await checkout(owner, product.id, 30)).status).toBe('unpaid');
    expect((await checkout(admin, product.id, 30)).status).toBe('unpaid');
  });
});

describe('who decides', () => {
  it('is never the buyer, another company, nor the shop admin', async () => {
    const { buyer } = await team();
    const other = await team();
    const product = await part();
    const order = await checkout(buyer, product.id, 30);

    const own = await approve(buyer, order._id);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe("Only your company's owner or admins may do this.");
    expect((await reject(buyer, order._id)).statusCode).toBe(403);
    expect((await approvals(buyer)).statusCode).toBe(403);

    for (const outsider of [other.owner, other.admin, ctx.shopAdmin]) {
      expect((await approve(outsider, order._id)).statusCode).toBe(403);
      expect((await reject(outsider, order._id)).statusCode).toBe(403);
    }
    expect((await approvals(other.owner)).json<OrderList>().data).toEqual([]);
    const loner = await signUp(ctx.app);
    expect((await approvals(loner)).statusCode).toBe(403);
    expect((await getOrder(order._id, buyer)).status).toBe('awaiting_approval');
  });

  it('is not an admin with a limit of their own for their own order: the owner decides it', async () => {
    const { owner } = await team();
    const { account: limited } = await givenMember(ctx.app, owner, {
      role: 'admin',
      spendingLimit: 100,
    });
    const product = await part();
    const order = await checkout(limited, product.id, 10); // $250
    expect(order.status).toBe('awaiting_approval');
    const own = await approve(limited, order._id);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toMatch(/your own order/);
    expect((await approve(owner, order._id)).statusCode).toBe(200);
  });
});

describe('approving', () => {
  it('lets the buyer pay by card, with the hold started again, and mails them', async () => {
    const { admin, buyer } = await team();
    const product = await part();
    const order = await checkout(buyer, product.id, 30);

    const res = await approve(admin, order._id);
    expect(res.statusCode, res.body).toBe(200);
    const approved = res.json<Order>();
    expect(approved).toMatchObject({
      status: 'unpaid',
      approvedBy: { name: expect.any(String), email: admin.email.toLowerCase() },
      approvedAt: expect.any(String),
    });
    const holdLeft = Date.parse(approved.expiresAt!) - Date.parse(approved.approvedAt!);
    expect(Math.abs(holdLeft - HOLD_MINUTES * 60_000)).toBeLessThan(5_000);
    expect(approved.timeline.map((e) => e.event)).toEqual(
      expect.arrayContaining(['awaiting_approval', 'approved']),
    );
    expect((await approve(admin, order._id)).statusCode).toBe(409);

    const paid = await payOrder(ctx.app, buyer, order._id);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'paid', paymentMethod: 'card' });
    const mail = await mailTo(buyer, `#${order.number} approved`);
    expect(mail.text).toMatch(/Pay for it from My Orders/);
  });

  it('charges an order placed on account at once, or refuses while the credit is short', async () => {
    const { owner, buyer, company } = await team();
    await givenTerms(ctx.app, ctx.shopAdmin, company._id, 30, 600);
    const product = await part();
    const order = await checkout(buyer, product.id, 30, {
      paymentMethod: 'account',
      poNumber: 'PO-7731',
    });
    expect(order).toMatchObject({ status: 'awaiting_approval', paymentMethod: 'account' });

    const short = await approve(owner, order._id);
    expect(short.statusCode).toBe(409);
    expect(short.json().message).toBe('Not enough credit: $600.00 available.');
    expect((await getOrder(order._id, buyer)).status).toBe('awaiting_approval');

    await givenTerms(ctx.app, ctx.shopAdmin, company._id, 30, 5000);
    const res = await approve(owner, order._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Order>()).toMatchObject({
      status: 'paid',
      paymentMethod: 'account',
      poNumber: 'PO-7731',
      invoiceNumber: expect.any(String),
      dueAt: expect.any(String),
      approvedBy: { email: owner.email.toLowerCase() },
    });
    const entries = await ctx.db
      .select()
      .from(creditLedgerEntries)
      .where(eq(creditLedgerEntries.orderId, order._id));
    expect(entries.map((e) => [e.type, e.amountCents])).toEqual([['charge', 75000]]);
    const me = await inject(ctx.app, 'GET /api/companies/me', { as: owner });
    expect(me.json<MyCompany>()).toMatchObject({ balance: 750, available: 4250 });
    const mail = await mailTo(buyer, `#${order.number} approved`);
    expect(mail.text).toMatch(/charged to your company's account/);
  });
});

describe('rejecting', () => {
  it("gives the stock back through the ledger, with the reason on the order and in the buyer's mail", async () => {
    const { owner, buyer } = await team();
    const product = await part();
    const order = await checkout(buyer, product.id, 30);
    expect(await stockOf(product.id)).toBe(70);

    const res = await reject(owner, order._id, 'Too many for one month');
    expect(res.statusCode, res.body).toBe(200);
    const rejected = res.json<Order>();
    expect(rejected).toMatchObject({ status: 'rejected', approvedBy: null });
    expect(rejected.expiresAt).toBeUndefined();
    expect(rejected.timeline.at(-1)).toMatchObject({
      event: 'rejected',
      detail: expect.stringContaining('Too many for one month'),
    });
    expect(await stockOf(product.id)).toBe(100);
    const moves = await ctx.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.orderId, order._id), eq(stockMovements.reason, 'released')));
    expect(moves).toEqual([
      expect.objectContaining({
        delta: 30,
        stockAfter: 100,
        note: expect.stringMatching(/rejected/),
      }),
    ]);

    expect((await reject(owner, order._id)).statusCode).toBe(409);
    expect((await approve(owner, order._id)).statusCode).toBe(409);
    expect((await startPaymentAsIs(ctx.app, buyer, order._id)).statusCode).toBe(409);
    const mail = await mailTo(buyer, `#${order.number} rejected`);
    expect(mail.text).toMatch(/Too many for one month/);
    expect((await approvals(owner)).json<OrderList>().data).toEqual([]);
  });

  it('takes no body at all', async () => {
    const { owner, buyer } = await team();
    const product = await part();
    const order = await checkout(buyer, product.id, 30);
    const res = await inject(ctx.app, 'POST /api/orders/:id/reject', {
      params: { id: order._id },
      as: owner,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Order>().status).toBe('rejected');
  });
});

describe('two decisions at once', () => {
  it('take effect once: one is answered, the other refused, and the stock moves once at most', async () => {
    const { owner, admin, buyer } = await team();
    const product = await part();
    const order = await checkout(buyer, product.id, 30);
    const [approved, rejected] = await Promise.all([
      approve(owner, order._id),
      reject(admin, order._id, 'Over budget'),
    ]);
    expect([approved.statusCode, rejected.statusCode].sort()).toEqual([200, 409]);
    const now = await getOrder(order._id, buyer);
    expect(now.status).toBe(approved.statusCode === 200 ? 'unpaid' : 'rejected');
    expect(await stockOf(product.id)).toBe(now.status === 'rejected' ? 100 : 70);
  });
});

/** Moves time on for the order's hold: its end comes `minutes` nearer, as if they had passed. */
const passMinutes = (id: string, minutes: number) =>
  ctx.db
    .update(orders)
    .set({ holdUntil: sql`${orders.holdUntil} - make_interval(secs => ${minutes * 60})` })
    .where(eq(orders.id, id));

describe('an order awaiting approval holds its stock for APPROVAL_HOLD_HOURS (72 by default)', () => {
  it('ends its hold exactly 72 hours after it was placed, not after the unpaid minutes', async () => {
    const { buyer } = await team();
    const order = await checkout(buyer, (await part()).id, 30);
    expect(order.status).toBe('awaiting_approval');
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row!.holdUntil.getTime() - row!.createdAt.getTime()).toBe(72 * 3_600_000);
    expect(order.expiresAt).toBe(row!.holdUntil.toISOString());
  });

  it('is not expired after the unpaid hold, is after 72 hours, and its stock goes back', async () => {
    const { owner, buyer } = await team();
    const product = await part();
    const order = await checkout(buyer, product.id, 30);
    await passMinutes(order._id, HOLD_MINUTES + 1);
    await expireHeldOrders(ctx.db, createReadCache());
    expect((await getOrder(order._id, buyer)).status).toBe('awaiting_approval');
    expect(await stockOf(product.id)).toBe(70);
    // A minute short of the 72 hours it still waits; at 72 hours it is expired.
    await passMinutes(order._id, 72 * 60 - (HOLD_MINUTES + 1) - 1);
    await expireHeldOrders(ctx.db, createReadCache());
    expect((await getOrder(order._id, buyer)).status).toBe('awaiting_approval');
    await passMinutes(order._id, 1);
    expect(await expireHeldOrders(ctx.db, createReadCache())).toBeGreaterThanOrEqual(1);
    expect((await getOrder(order._id, buyer)).status).toBe('expired');
    expect(await stockOf(product.id)).toBe(100);
    expect((await approve(owner, order._id)).statusCode).toBe(409);
  });

  it('gives an approved order the unpaid hold again, from the approval', async () => {
    const { owner, buyer } = await team();
    const order = await checkout(buyer, (await part()).id, 30);
    await passMinutes(order._id, 48 * 60);
    expect((await approve(owner, order._id)).statusCode).toBe(200);
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, order._id));
    const left = row!.holdUntil.getTime() - row!.approvedAt!.getTime();
    expect(left).toBe(HOLD_MINUTES * 60_000);
  });

  it('tells the approvers every line with its quantity, the total and until when it holds', async () => {
    const { owner, buyer } = await team();
    const product = await part();
    const order = await checkout(buyer, product.id, 30);
    const asked = await mailTo(owner, `#${order.number} waits for your approval`);
    expect(asked.text).toContain(`30 × ${order.lines[0]!.name} (${order.lines[0]!.sku})`);
    expect(asked.text).toContain('$750.00 in all');
    const day = new Date(order.expiresAt!).toLocaleDateString('en-GB', {
      dateStyle: 'medium',
      timeZone: 'UTC',
    });
    expect(asked.text).toContain(`by ${day}`);
  });
});

describe('an order left waiting', () => {
  it('expires like an unpaid one when its hold ends, and can no longer be approved', async () => {
    const { owner, buyer } = await team();
    const product = await part();
    const order = await checkout(buyer, product.id, 30);
    await endHolds(ctx.db, order._id);
    expect(await expireHeldOrders(ctx.db, createReadCache())).toBeGreaterThanOrEqual(1);
    expect((await getOrder(order._id, buyer)).status).toBe('expired');
    expect(await stockOf(product.id)).toBe(100);
    const late = await approve(owner, order._id);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/expired/);
  });

  it('can be withdrawn by the buyer, its stock back', async () => {
    const { owner, buyer } = await team();
    const product = await part();
    const order = await checkout(buyer, product.id, 30);
    const res = await asCustomer(ctx.app, buyer).deleteOrder(order._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(await stockOf(product.id)).toBe(100);
    expect((await approvals(owner)).json<OrderList>().data).toEqual([]);
  });
});
