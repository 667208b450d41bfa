import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order } from '../src/contract/orders.ts';
import type { Quote } from '../src/contract/quotes.ts';
import {
  companies,
  companyMembers,
  orders,
  products,
  quotes,
  users,
} from '../src/server/db/schema.ts';
import { createReadCache } from '../src/server/cache/read-cache.ts';
import { expireHeldOrders } from '../src/server/flows/steps/expire-held-orders.ts';
import { moveStock } from '../src/server/modules/stock/ledger.ts';
import { outboxFor, signUp, type Account } from './support/auth.ts';
import { givenShippingMethod, givenShipTo, givenTaxRate } from './support/delivery.ts';
import { endHolds, insertChainWearChecker, insertProduct, lineOf } from './support/fixtures.ts';
import { inject, type Sender } from './support/inject.ts';
import { payOrder, placeOrder } from './support/payments.ts';
import { asCustomer } from './support/requests.ts';
import { makeTestApp } from './support/test-app.ts';

/** An order line all in stock: every piece reserved, none on backorder or cancelled. */
const reservedLine = <L extends { quantity: number }>(line: L) => ({
  ...line,
  reserved: line.quantity,
  backordered: 0,
  cancelled: 0,
});

const ADMIN = 'quotes-admin@example.com';

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let admin: Sender;

beforeAll(async () => {
  ctx = await makeTestApp({ ADMIN_EMAILS: ADMIN, ORDER_RATE_LIMIT: '1000' });
  admin = await signUp(ctx.app, { email: ADMIN, name: 'Sam Shop' });
});
afterAll(() => ctx.app.close());

const userIdOf = async (account: Account) =>
  (await ctx.db.select().from(users).where(eq(users.email, account.email)))[0]!.id;

/** A company straight into the database, with these accounts as its members (the first owns it). */
async function givenCompany(
  name: string,
  members: Account[],
  { discountMilli = 0, buyersLimitCents = null as number | null } = {},
) {
  const [company] = await ctx.db.insert(companies).values({ name, discountMilli }).returning();
  for (const [i, member] of members.entries()) {
    await ctx.db.insert(companyMembers).values({
      userId: await userIdOf(member),
      companyId: company!.id,
      role: i === 0 ? 'owner' : 'buyer',
      spendingLimitCents: i === 0 ? null : buyersLimitCents,
    });
  }
  return company!;
}

const inAWeek = () => new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();

const requestQuote = (who: Sender, note = '') =>
  inject(ctx.app, 'POST /api/quotes', { body: { note }, as: who });
const getQuote = (who: Sender, id: string) =>
  inject(ctx.app, 'GET /api/quotes/:id', { params: { id }, as: who });
const listQuotes = (who: Sender, query: { status?: Quote['status'] } = {}) =>
  inject(ctx.app, 'GET /api/quotes', { query, as: who });
const answerQuote = (
  id: string,
  body: {
    lines: { productId: string; quantity: number; unitPrice: number }[];
    expiresAt: string;
    note?: string;
  },
  as: Sender = admin,
) => inject(ctx.app, 'PUT /api/quotes/:id', { params: { id }, body, as });
const acceptQuote = (who: Sender, id: string) =>
  inject(ctx.app, 'POST /api/quotes/:id/accept', { params: { id }, as: who });
const declineQuote = (who: Sender, id: string) =>
  inject(ctx.app, 'POST /api/quotes/:id/decline', { params: { id }, as: who });

/** A buyer (of a company, if given) whose cart holds `quantity` × a fresh Chain Wear Checker. */
async function buyerWithCart(quantity = 100) {
  const account = await signUp(ctx.app, { name: 'Bea Buyer' });
  const part = await insertChainWearChecker(ctx.db, { stock: 1000 });
  expect((await asCustomer(ctx.app, account).setLine(part.id, quantity)).statusCode).toBe(200);
  return { account, part };
}

/** A requested quote of 100 checkers, answered by the shop at $2.50 each. */
async function quotedQuote(buyer: Account, part: { id: string }) {
  const asked = await requestQuote(buyer, 'We need these for the spring rush');
  expect(asked.statusCode, asked.body).toBe(201);
  const answered = await answerQuote(asked.json()._id, {
    lines: [{ productId: part.id, quantity: 100, unitPrice: 2.5 }],
    expiresAt: inAWeek(),
    note: 'Spring price',
  });
  expect(answered.statusCode, answered.body).toBe(200);
  return answered.json();
}

/** The newest mail to this address with this subject, once it is written (mails go after the answer). */
const mailTo = (email: string, subject: string) =>
  vi.waitFor(
    () => {
      const mail = outboxFor(ctx.config.dataDir, email).find((m) => m.subject === subject);
      if (!mail) throw new Error(`no mail "${subject}" to ${email}`);
      return mail;
    },
    { timeout: 2000 },
  );

const stockOf = async (id: string) =>
  (await ctx.db.select().from(products).where(eq(products.id, id)))[0]!.stock;

describe('asking for a quote', () => {
  it("takes the cart's lines at the company's dealer prices, keeps the cart and tells the shop", async () => {
    const { account, part } = await buyerWithCart(100);
    const company = await givenCompany('Velo Werkstatt', [account], { discountMilli: 10_000 });
    const res = await requestQuote(account, 'Delivery before March, please');
    expect(res.statusCode, res.body).toBe(201);
    const quote = res.json();
    // 100 at the 50+ rung ($2.99) less 10%: $2.691, rounded half up to $2.69.
    expect(quote).toMatchObject({
      status: 'requested',
      lines: [lineOf(part, 100, 2.69, 269)],
      total: 269,
      note: 'Delivery before March, please',
      company: { _id: company.id, name: 'Velo Werkstatt' },
      requestedBy: { name: 'Bea Buyer', email: account.email },
      orderId: null,
      expiresAt: null,
    });
    expect(quote.number).toBeGreaterThanOrEqual(1001);
    const cart = await asCustomer(ctx.app, account).cart();
    expect(cart.json().lines).toHaveLength(1);
    const mail = await mailTo(ADMIN, `Quote Q-${quote.number} requested by Velo Werkstatt`);
    expect(mail.text).toContain('Delivery before March, please');
  });

  it('refuses an empty cart with a 409', async () => {
    const account = await signUp(ctx.app);
    const res = await requestQuote(account);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/Your cart is empty/);
  });
});

describe("the shop's answer", () => {
  it('quotes the lines at its prices until the expiry and mails the buyer', async () => {
    const { account, part } = await buyerWithCart(100);
    const asked = (await requestQuote(account)).json();
    const expiresAt = inAWeek();
    const res = await answerQuote(asked._id, {
      lines: [{ productId: part.id, quantity: 200, unitPrice: 2.2 }],
      expiresAt,
      note: 'A better price from 200',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'quoted',
      lines: [lineOf(part, 200, 2.2, 440)],
      total: 440,
      shopNote: 'A better price from 200',
      expiresAt,
    });
    const mail = await mailTo(account.email, `Your quote Q-${asked.number}: $440.00`);
    expect(mail.text).toContain('A better price from 200');
    expect(mail.text).toContain(`/dashboard/quotes/${asked._id}`);
  });

  it('refuses prices of 0, expiries in the past, unknown products, quantities off the pack and buyers', async () => {
    const { account, part } = await buyerWithCart(100);
    const { _id } = (await requestQuote(account)).json();
    const spokes = await insertProduct(ctx.db, { moq: 36, packSize: 36 });
    const line = { productId: part.id, quantity: 100, unitPrice: 2.5 };
    const cases: [Partial<typeof line>[], string, RegExp][] = [
      [[{ ...line, unitPrice: 0 }], inAWeek(), /Unit price must be above 0/],
      [[{ ...line, quantity: 0 }], inAWeek(), /Quantity must be at least 1/],
      [
        [line],
        new Date(Date.now() - 60_000).toISOString(),
        /expiresAt: Choose a date in the future/,
      ],
      [
        [{ ...line, productId: '00000000-0000-4000-8000-000000000000' }],
        inAWeek(),
        /no such product/,
      ],
      [[{ ...line, productId: spokes.id, quantity: 40 }], inAWeek(), /Sold in packs of 36/],
      [[line, line], inAWeek(), /quoted twice/],
    ];
    for (const [lines, expiresAt, message] of cases) {
      const res = await answerQuote(_id, { lines: lines as (typeof line)[], expiresAt });
      expect(res.statusCode, JSON.stringify(lines)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(
      (await answerQuote(_id, { lines: [line], expiresAt: inAWeek() }, account)).statusCode,
    ).toBe(403);
    expect((await getQuote(account, _id)).json().status).toBe('requested');
  });
});

describe('who sees a quote', () => {
  it("shows a company's quotes to all its members, and to nobody of another company", async () => {
    const { account: owner, part } = await buyerWithCart(100);
    const colleague = await signUp(ctx.app);
    await givenCompany('Spoke & Sprocket', [owner, colleague]);
    const outsider = await signUp(ctx.app);
    await givenCompany('Other Bikes', [outsider]);
    const quote = await quotedQuote(owner, part);

    expect((await getQuote(colleague, quote._id)).statusCode).toBe(200);
    expect((await listQuotes(colleague)).json().data.map((q) => q._id)).toContain(quote._id);
    expect((await getQuote(outsider, quote._id)).statusCode).toBe(404);
    expect((await listQuotes(outsider)).json().data).toEqual([]);
    expect((await acceptQuote(outsider, quote._id)).statusCode).toBe(404);
    expect((await declineQuote(outsider, quote._id)).statusCode).toBe(404);
    expect((await getQuote({}, quote._id)).statusCode).toBe(401);
    // The shop sees every quote but does not accept for the buyer.
    expect((await getQuote(admin, quote._id)).statusCode).toBe(200);
    expect((await acceptQuote(admin, quote._id)).statusCode).toBe(403);
    expect((await getQuote(owner, quote._id)).json().status).toBe('quoted');
  });

  it("lists a buyer's own quotes without a company, and every quote to the shop, by status", async () => {
    const { account, part } = await buyerWithCart(100);
    const quoted = await quotedQuote(account, part);
    const asked = (await requestQuote(account)).json();
    const mine = (await listQuotes(account)).json();
    expect(mine.data.map((q) => q._id)).toEqual([asked._id, quoted._id]);
    expect(mine.total).toBe(2);
    const onlyQuoted = (await listQuotes(account, { status: 'quoted' })).json().data;
    expect(onlyQuoted.map((q) => q._id)).toEqual([quoted._id]);
    const shop = (await listQuotes(admin, { status: 'requested' })).json().data;
    expect(shop.map((q) => q._id)).toContain(asked._id);
    expect(shop.every((q) => q.status === 'requested')).toBe(true);

    // Once in a company, the buyer sees its quotes besides the ones asked on their own.
    const { account: colleague, part: theirs } = await buyerWithCart(50);
    await givenCompany('Late Joiners', [colleague, account]);
    const companyQuote = (await requestQuote(colleague)).json();
    expect(companyQuote.lines).toEqual([lineOf(theirs, 50, 2.99, 149.5)]);
    const now = (await listQuotes(account)).json().data.map((q) => q._id);
    expect(now).toEqual([companyQuote._id, asked._id, quoted._id]);
  });
});

describe('accepting a quote the shop answered (issue 34)', () => {
  /** A buyer whose quote for `quantity` of a fresh $1 part with `stock` the shop answered at 50 cents. */
  async function answeredFor(quantity: number, stock: number) {
    const account = await signUp(ctx.app, { name: 'Sid Spokes' });
    const part = await insertProduct(ctx.db, { priceCents: 100, moq: 1, stock });
    expect((await asCustomer(ctx.app, account).setLine(part.id, quantity)).statusCode).toBe(200);
    const asked = await requestQuote(account);
    expect(asked.statusCode, asked.body).toBe(201);
    const answered = await answerQuote(asked.json()._id, {
      lines: [{ productId: part.id, quantity, unitPrice: 0.5 }],
      expiresAt: inAWeek(),
    });
    expect(answered.statusCode, answered.body).toBe(200);
    return { account, part, quote: answered.json<Quote>() };
  }

  it('is not held to the per-account share of stock: 2,016 of 2,100 are reserved', async () => {
    const { account, part, quote } = await answeredFor(2016, 2100);
    const res = await acceptQuote(account, quote._id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Order>().lines).toEqual([reservedLine(lineOf(part, 2016, 0.5, 1008))]);
    expect(await stockOf(part.id)).toBe(84);
  });

  it('is held to the stock itself, and the refusal says how many are left', async () => {
    const { account, part, quote } = await answeredFor(2016, 2100);
    // Others bought meanwhile: 2,000 are left.
    await ctx.db.transaction(async (tx) => {
      await moveStock(tx as never, [
        { productId: part.id, delta: -100, reason: 'damaged', actor: { id: null, name: 'test' } },
      ]);
    });
    const res = await acceptQuote(account, quote._id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain(`${part.sku} ${part.name} (2000 left)`);
    expect(await stockOf(part.id)).toBe(2000);
    expect((await getQuote(account, quote._id)).json().status).toBe('quoted');
  });

  it('leaves the share binding an order of the same quantity the buyer places alone', async () => {
    const account = await signUp(ctx.app, { name: 'Cal Cart' });
    const part = await insertProduct(ctx.db, { priceCents: 50, moq: 1, stock: 2100 });
    const res = await placeOrder(ctx.app, account, part.id, 2016);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/at most half of a part's stock on hand/);
    expect(await stockOf(part.id)).toBe(2100);
  });
});

describe('accepting a quote', () => {
  it('makes one order at the quoted prices; accepting again answers the same order', async () => {
    const { account: owner, part } = await buyerWithCart(100);
    const colleague = await signUp(ctx.app);
    const company = await givenCompany('Kettenblatt GmbH', [owner, colleague]);
    const quote = await quotedQuote(owner, part);

    const first = await acceptQuote(colleague, quote._id);
    expect(first.statusCode, first.body).toBe(201);
    const order = first.json<Order>();
    expect(order).toMatchObject({ status: 'unpaid', totalPrice: 250, email: colleague.email });
    expect(order.lines).toEqual([reservedLine(lineOf(part, 100, 2.5, 250))]);
    expect(await stockOf(part.id)).toBe(900);

    const again = await acceptQuote(owner, quote._id);
    expect(again.statusCode).toBe(200);
    expect(again.json<Order>()._id).toBe(order._id);
    const made = await ctx.db.select().from(orders).where(eq(orders.quoteId, quote._id));
    expect(made.map((o) => [o.id, o.companyId])).toEqual([[order._id, company.id]]);
    expect(await stockOf(part.id)).toBe(900);
    expect((await getQuote(owner, quote._id)).json()).toMatchObject({
      status: 'accepted',
      orderId: order._id,
    });
    // An accepted quote stands: declining it now is refused.
    const decline = await declineQuote(owner, quote._id);
    expect(decline.statusCode).toBe(409);
    expect(decline.json().message).toBe('This quote was accepted: cancel its order instead.');
  });

  it('can be accepted again, while its prices hold, once its order expired unpaid', async () => {
    const { account, part } = await buyerWithCart(100);
    const quote = await quotedQuote(account, part);
    const first = (await acceptQuote(account, quote._id)).json<Order>();
    await endHolds(ctx.db, first._id);
    expect(await expireHeldOrders(ctx.db, createReadCache())).toBeGreaterThanOrEqual(1);
    expect(await stockOf(part.id)).toBe(1000);

    const again = await acceptQuote(account, quote._id);
    expect(again.statusCode, again.body).toBe(201);
    const second = again.json<Order>();
    expect(second._id).not.toBe(first._id);
    expect(second.lines).toEqual([reservedLine(lineOf(part, 100, 2.5, 250))]);
    expect(await stockOf(part.id)).toBe(900);
    const linked = await ctx.db.select().from(orders).where(eq(orders.quoteId, quote._id));
    expect(linked.map((o) => o.id)).toEqual([second._id]);
    expect((await getQuote(account, quote._id)).json().orderId).toBe(second._id);
    expect((await acceptQuote(account, quote._id)).statusCode).toBe(200);
  });

  it("waits for the owner's approval when the order is over the buyer's spending limit", async () => {
    const { account: owner, part } = await buyerWithCart(100);
    const buyer = await signUp(ctx.app);
    await givenCompany('Rad & Tat', [owner, buyer], { buyersLimitCents: 200_00 });
    const quote = await quotedQuote(owner, part);
    const res = await acceptQuote(buyer, quote._id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Order>()).toMatchObject({ status: 'awaiting_approval', totalPrice: 250 });
    expect(await stockOf(part.id)).toBe(900);
  });

  it("is charged to the company's account with a PO number, like any unpaid order", async () => {
    const { account: owner, part } = await buyerWithCart(100);
    const company = await givenCompany('Fahrradladen Nord', [owner]);
    await ctx.db
      .update(companies)
      .set({ netDays: 30, creditLimitCents: 5000_00 })
      .where(eq(companies.id, company.id));
    // Its own country and method, so that the other tests' methods do not meet it.
    await givenShippingMethod(ctx.app, admin, {
      name: 'Spedition',
      countries: ['DE'],
      rate: { kind: 'flat', price: 15 },
      deliveryDays: { min: 1, max: 2 },
    });
    await givenShipTo(ctx.app, owner, {
      country: 'DE',
      region: '',
      city: 'Hamburg',
      postalCode: '20095',
    });
    const quote = await quotedQuote(owner, part);
    const order = (await acceptQuote(owner, quote._id)).json<Order>();
    expect(order).toMatchObject({ shippingMethod: { name: 'Spedition' }, grandTotal: 265 });
    const charged = await inject(ctx.app, 'POST /api/orders/:id/charge-to-account', {
      params: { id: order._id },
      body: { poNumber: 'PO-7781' },
      as: owner,
    });
    expect(charged.statusCode, charged.body).toBe(200);
    expect(charged.json()).toMatchObject({
      status: 'paid',
      paymentMethod: 'account',
      poNumber: 'PO-7781',
      totalPrice: 250,
    });
    const [row] = await ctx.db.select().from(companies).where(eq(companies.id, company.id));
    expect(row!.balanceCents).toBe(265_00);
  });

  it('refuses an expired quote with the day it expired', async () => {
    const { account, part } = await buyerWithCart(100);
    const quote = await quotedQuote(account, part);
    await ctx.db
      .update(quotes)
      .set({ expiresAt: sql`now() - interval '1 day'` })
      .where(eq(quotes.id, quote._id));
    const [row] = await ctx.db.select().from(quotes).where(eq(quotes.id, quote._id));
    expect((await getQuote(account, quote._id)).json().status).toBe('expired');
    const res = await acceptQuote(account, quote._id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `This quote expired on ${row!.expiresAt!.toISOString().slice(0, 10)}.`,
    );
    expect(await stockOf(part.id)).toBe(1000);
    expect((await listQuotes(account, { status: 'expired' })).json().data).toHaveLength(1);
  });

  it('refuses a declined quote and one not answered yet', async () => {
    const { account, part } = await buyerWithCart(100);
    const asked = (await requestQuote(account)).json();
    const early = await acceptQuote(account, asked._id);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('This quote has not been answered yet.');

    const quote = await quotedQuote(account, part);
    const declined = await declineQuote(account, quote._id);
    expect(declined.statusCode).toBe(200);
    expect(declined.json().status).toBe('declined');
    const res = await acceptQuote(account, quote._id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This quote was declined.');
    // The shop can decline a request too, and the buyer hears of it.
    expect((await declineQuote(admin, asked._id)).json().status).toBe('declined');
    await mailTo(account.email, `Your quote Q-${asked.number} was declined`);
    expect(outboxFor(ctx.config.dataDir, account.email).map((m) => m.subject)).not.toContain(
      `Your quote Q-${quote.number} was declined`,
    );
  });

  it('ships to the default address by the cheapest method, with tax, and pays by card', async () => {
    await givenTaxRate(ctx.app, admin, {
      country: 'US',
      region: 'OR',
      rate: 5,
      name: 'Oregon test tax',
    });
    for (const [name, price] of [
      ['Courier', 25],
      ['Parcel', 9.5],
    ] as const) {
      await givenShippingMethod(ctx.app, admin, {
        name,
        countries: ['US'],
        rate: { kind: 'flat', price },
        deliveryDays: { min: 2, max: 4 },
      });
    }
    const { account, part } = await buyerWithCart(100);
    await givenShipTo(ctx.app, account);
    const quote = await quotedQuote(account, part);

    const res = await acceptQuote(account, quote._id);
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<Order>();
    expect(order).toMatchObject({
      subtotal: 250,
      shippingMethod: { name: 'Parcel', price: 9.5 },
      shipping: 9.5,
      taxTotal: 12.98,
      grandTotal: 272.48,
    });
    expect(order.shippingAddress?.city).toBe('Portland');
    const paid = await payOrder(ctx.app, account, order._id);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'paid', amountTotal: 272.48 });
  });
});
