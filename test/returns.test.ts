import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order } from '../src/contract/orders.ts';
import type { ReturnList, ReturnRequest } from '../src/contract/returns.ts';
import {
  creditLedgerEntries,
  products,
  shipments,
  stockMovements,
  testPaymentIntents,
} from '../src/server/db/schema.ts';
import { outboxFor, signUp, type Account } from './support/auth.ts';
import { givenCompany, givenMember } from './support/companies.ts';
import { insertProduct } from './support/fixtures.ts';
import { inject, type Sender } from './support/inject.ts';
import { payOrder, placeOrder } from './support/payments.ts';
import { checkoutOneLine, givenTerms, makeTradeApp } from './support/trade.ts';

// Returns (issue 34): a buyer asks to send shipped parts back (RMA-YYYY-NNNNNN), an admin
// approves with where to send them or rejects, then receives them: restocked parts go back
// through the stock ledger, scrapped ones are recorded, and what arrived is refunded with a
// numbered credit note (to the card, or credited to the company on account).

const ADMIN = 'returns-admin@example.com';

let ctx: Awaited<ReturnType<typeof makeTradeApp>>;
let admin: Account;
let buyer: Account;
let other: Account;

beforeAll(async () => {
  ctx = await makeTradeApp(ADMIN, { RETURN_DAYS: '30' });
  admin = ctx.shopAdmin;
  buyer = await signUp(ctx.app, { name: 'Dana Spokes' });
  other = await signUp(ctx.app, { name: 'Olly Other' });
});
afterAll(() => ctx.app.close());

const year = () => new Date().getUTCFullYear();

/** A paid card order of `quantity` of a new part (price $2.50), `shipped` of it sent. */
async function shippedOrder({
  quantity = 10,
  shipped = quantity,
  who = buyer,
}: { quantity?: number; shipped?: number; who?: Account } = {}) {
  const product = await insertProduct(ctx.db, { stock: 1000, priceCents: 250 });
  const placed = await placeOrder(ctx.app, who, product.id, quantity);
  expect(placed.statusCode, placed.body).toBe(201);
  const paid = await payOrder(ctx.app, who, placed.json()._id);
  expect(paid.statusCode, paid.body).toBe(200);
  const order = paid.json<Order>();
  if (shipped > 0) await ship(order._id, product.id, shipped);
  return { order, product };
}

async function ship(orderId: string, productId: string, quantity: number) {
  const res = await inject(ctx.app, 'POST /api/orders/:id/shipments', {
    params: { id: orderId },
    body: { lines: [{ productId, quantity }], carrier: 'DHL', trackingNumber: 'JD014600003828' },
    as: admin,
  });
  expect(res.statusCode, res.body).toBe(201);
}

type Line = { productId: string; quantity: number; reason: ReturnRequest['lines'][0]['reason'] };

const ask = (orderId: string, lines: Line[], as: Sender = buyer, note = '') =>
  inject(ctx.app, 'POST /api/orders/:id/returns', {
    params: { id: orderId },
    body: { lines, note },
    as,
  });

async function asked(orderId: string, lines: Line[], as: Sender = buyer) {
  const res = await ask(orderId, lines, as);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ReturnRequest>();
}

const approve = (id: string, as: Sender = admin) =>
  inject(ctx.app, 'POST /api/returns/:id/approve', {
    params: { id },
    body: { instructions: 'Send them to ECParts Returns, Keizersgracht 1, 1015 CJ Amsterdam' },
    as,
  });

const reject = (id: string) =>
  inject(ctx.app, 'POST /api/returns/:id/reject', {
    params: { id },
    body: { reason: 'These were fitted and used' },
    as: admin,
  });

const receive = (
  id: string,
  lines: { productId: string; quantity: number; condition: 'restock' | 'scrap' }[],
) =>
  inject(ctx.app, 'POST /api/returns/:id/receive', { params: { id }, body: { lines }, as: admin });

const getOrder = async (id: string) =>
  (await inject(ctx.app, 'GET /api/order/:id', { params: { id }, as: admin })).json<Order>();

const stockOf = async (id: string) =>
  (await ctx.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!
    .stock;

describe('asking for a return', () => {
  it('answers 201 with an RMA number running gap-free per year, status requested and the lines, and the order timeline shows it', async () => {
    const { order, product } = await shippedOrder();
    const first = await asked(order._id, [
      { productId: product.id, quantity: 2, reason: 'damaged' },
    ]);
    const second = await asked(order._id, [
      { productId: product.id, quantity: 1, reason: 'not_needed' },
    ]);
    expect(first).toMatchObject({
      status: 'requested',
      orderId: order._id,
      orderNumber: order.number,
      lines: [{ productId: product.id, quantity: 2, reason: 'damaged', unitPrice: 2.5 }],
    });
    expect(first.number).toMatch(new RegExp(`^RMA-${year()}-\\d{6}$`));
    const n = Number(first.number.slice(-6));
    expect(second.number).toBe(`RMA-${year()}-${String(n + 1).padStart(6, '0')}`);
    const timeline = (await getOrder(order._id)).timeline;
    expect(timeline.filter((e) => e.event === 'return_requested').map((e) => e.detail)).toEqual([
      expect.stringContaining(first.number),
      expect.stringContaining(second.number),
    ]);
  });

  it('refuses with a 400 more than shipped less what is returned or asked for already, and a rejected return does not count', async () => {
    const { order, product } = await shippedOrder({ quantity: 10, shipped: 6 });
    const over = await ask(order._id, [{ productId: product.id, quantity: 7, reason: 'damaged' }]);
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toMatch(/at most 6 .*6 shipped, 0 returned or asked for already/);
    const four = await asked(order._id, [
      { productId: product.id, quantity: 4, reason: 'damaged' },
    ]);
    const three = await ask(order._id, [{ productId: product.id, quantity: 3, reason: 'damaged' }]);
    expect(three.statusCode).toBe(400);
    expect(three.json().message).toMatch(/at most 2 .*6 shipped, 4 returned or asked for already/);
    expect((await reject(four._id)).statusCode).toBe(200);
    await asked(order._id, [{ productId: product.id, quantity: 6, reason: 'damaged' }]);
  });

  it('refuses parts that have not shipped, and parts not on the order', async () => {
    const { order, product } = await shippedOrder({ shipped: 0 });
    const res = await ask(order._id, [{ productId: product.id, quantity: 1, reason: 'damaged' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/has not shipped yet/);
    const stranger = await insertProduct(ctx.db, { stock: 10 });
    const wrong = await ask(order._id, [
      { productId: stranger.id, quantity: 1, reason: 'damaged' },
    ]);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/has no part/);
  });

  it('after RETURN_DAYS from the shipment allows only warranty, saying so in a 400', async () => {
    const { order, product } = await shippedOrder();
    await ctx.db
      .update(shipments)
      .set({ createdAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(shipments.orderId, order._id));
    const late = await ask(order._id, [{ productId: product.id, quantity: 1, reason: 'damaged' }]);
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toMatch(
      /more than 30 days ago: it can now be returned only under warranty/,
    );
    await asked(order._id, [{ productId: product.id, quantity: 1, reason: 'warranty' }]);
  });

  it('lets a member of the order’s company ask, and refuses another customer with 403', async () => {
    const { owner } = await givenCompany(ctx.app, 'Returns Cycles');
    const { account: member } = await givenMember(ctx.app, owner);
    const { order, product } = await shippedOrder({ who: member });
    const byOwner = await asked(
      order._id,
      [{ productId: product.id, quantity: 1, reason: 'wrong_part' }],
      owner,
    );
    expect(byOwner.requestedBy.email).toBe(owner.email.toLowerCase());
    const res = await ask(
      order._id,
      [{ productId: product.id, quantity: 1, reason: 'damaged' }],
      other,
    );
    expect(res.statusCode).toBe(403);
    // The member who placed it sees the owner's request too, the other customer does not.
    const list = await inject(ctx.app, 'GET /api/returns', {
      query: { orderId: order._id },
      as: member,
    });
    expect(list.json<ReturnList>().data.map((r) => r._id)).toEqual([byOwner._id]);
    const peek = await inject(ctx.app, 'GET /api/returns/:id', {
      params: { id: byOwner._id },
      as: other,
    });
    expect(peek.statusCode).toBe(404);
  });

  it('mails the buyer the RMA number', async () => {
    const { order, product } = await shippedOrder();
    const ret = await asked(order._id, [{ productId: product.id, quantity: 1, reason: 'damaged' }]);
    await vi.waitFor(() =>
      expect(outboxFor(ctx.config.dataDir, buyer.email).map((m) => m.subject)).toContain(
        `Return ${ret.number} requested for Order #${order.number}`,
      ),
    );
  });
});

describe('listing returns', () => {
  it('shows the caller their own returns, every return to an admin, filtered by status and paged', async () => {
    const mine = await shippedOrder();
    const theirs = await shippedOrder({ who: other });
    const a = await asked(mine.order._id, [
      { productId: mine.product.id, quantity: 1, reason: 'damaged' },
    ]);
    const b = await asked(
      theirs.order._id,
      [{ productId: theirs.product.id, quantity: 1, reason: 'damaged' }],
      other,
    );
    const ids = async (as: Sender, query: Record<string, string | number> = {}) => {
      const res = await inject(ctx.app, 'GET /api/returns', {
        query: { limit: 100, ...query },
        as,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<ReturnList>().data.map((r) => r._id);
    };
    expect(await ids(buyer)).toContain(a._id);
    expect(await ids(buyer)).not.toContain(b._id);
    expect(await ids(admin)).toEqual(expect.arrayContaining([a._id, b._id]));
    expect((await approve(a._id)).statusCode).toBe(200);
    expect(await ids(admin, { status: 'approved' })).toContain(a._id);
    expect(await ids(admin, { status: 'approved' })).not.toContain(b._id);
    const page = await inject(ctx.app, 'GET /api/returns', { query: { limit: 1 }, as: admin });
    expect(page.json<ReturnList>()).toMatchObject({ page: 1, limit: 1 });
    expect(page.json<ReturnList>().data).toHaveLength(1);
    expect(page.json<ReturnList>().total).toBeGreaterThanOrEqual(2);
  });
});

describe("the admin's steps", () => {
  it('approving mails the buyer the RMA number and where to send the parts', async () => {
    const { order, product } = await shippedOrder();
    const ret = await asked(order._id, [{ productId: product.id, quantity: 2, reason: 'damaged' }]);
    const res = await approve(ret._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ReturnRequest>()).toMatchObject({
      status: 'approved',
      instructions: expect.stringContaining('Keizersgracht 1'),
    });
    await vi.waitFor(() => {
      const mail = outboxFor(ctx.config.dataDir, buyer.email).find((m) =>
        m.subject.startsWith(`Return ${ret.number} approved`),
      );
      expect(mail?.text).toContain(ret.number);
      expect(mail?.text).toContain('Keizersgracht 1, 1015 CJ Amsterdam');
    });
    expect((await getOrder(order._id)).timeline.map((e) => e.event)).toContain('return_approved');
  });

  it('refuses a customer approving, rejecting or receiving (403)', async () => {
    const { order, product } = await shippedOrder();
    const ret = await asked(order._id, [{ productId: product.id, quantity: 1, reason: 'damaged' }]);
    expect((await approve(ret._id, buyer)).statusCode).toBe(403);
  });

  it('answers 409 with a clear message for a step the status does not allow', async () => {
    const { order, product } = await shippedOrder();
    const ret = await asked(order._id, [{ productId: product.id, quantity: 2, reason: 'damaged' }]);
    const early = await receive(ret._id, [
      { productId: product.id, quantity: 2, condition: 'restock' },
    ]);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      `Return ${ret.number} is waiting to be approved or rejected, so it cannot be received before it is approved.`,
    );
    expect((await approve(ret._id)).statusCode).toBe(200);
    const again = await approve(ret._id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      `Return ${ret.number} is approved already, so it cannot be approved.`,
    );
    expect((await reject(ret._id)).statusCode).toBe(409);
    expect(
      (await receive(ret._id, [{ productId: product.id, quantity: 2, condition: 'scrap' }]))
        .statusCode,
    ).toBe(200);
    const twice = await receive(ret._id, [
      { productId: product.id, quantity: 2, condition: 'scrap' },
    ]);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(/was received already/);
    const other = await asked(order._id, [
      { productId: product.id, quantity: 1, reason: 'damaged' },
    ]);
    expect((await reject(other._id)).statusCode).toBe(200);
    expect((await approve(other._id)).json().message).toMatch(/was rejected/);
  });

  it('rejecting says why, and the buyer is mailed', async () => {
    const { order, product } = await shippedOrder();
    const ret = await asked(order._id, [
      { productId: product.id, quantity: 1, reason: 'not_needed' },
    ]);
    const res = await reject(ret._id);
    expect(res.json<ReturnRequest>()).toMatchObject({
      status: 'rejected',
      rejectReason: 'These were fitted and used',
    });
    await vi.waitFor(() =>
      expect(outboxFor(ctx.config.dataDir, buyer.email).map((m) => m.subject)).toContain(
        `Return ${ret.number} rejected`,
      ),
    );
  });
});

describe('receiving', () => {
  it('puts restocked parts back through the ledger as `returned`, records scrapped ones, and refuses more than was asked', async () => {
    const { order, product } = await shippedOrder();
    const ret = await asked(order._id, [{ productId: product.id, quantity: 5, reason: 'damaged' }]);
    expect((await approve(ret._id)).statusCode).toBe(200);
    const before = await stockOf(product.id);
    const over = await receive(ret._id, [
      { productId: product.id, quantity: 4, condition: 'restock' },
      { productId: product.id, quantity: 2, condition: 'scrap' },
    ]);
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toMatch(/6 received, but the return asked for 5/);
    const res = await receive(ret._id, [
      { productId: product.id, quantity: 3, condition: 'restock' },
      { productId: product.id, quantity: 2, condition: 'scrap' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ReturnRequest>().lines[0]).toMatchObject({ restocked: 3, scrapped: 2 });
    expect(await stockOf(product.id)).toBe(before + 3);
    const moves = await ctx.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, product.id), eq(stockMovements.reason, 'returned')));
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({ delta: 3, orderId: order._id, actor: ADMIN });
    expect(moves[0]!.note).toContain(ret.number);
  });

  it('refunds a card order through the provider with a numbered credit note, and the timeline shows every step', async () => {
    const { order, product } = await shippedOrder();
    const ret = await asked(order._id, [
      { productId: product.id, quantity: 3, reason: 'wrong_part' },
    ]);
    expect((await approve(ret._id)).statusCode).toBe(200);
    const res = await receive(ret._id, [
      { productId: product.id, quantity: 3, condition: 'restock' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const done = res.json<ReturnRequest>();
    expect(done.status).toBe('received');
    // Three of ten at $2.50, no tax on the test delivery: part of the payment, not all of it.
    expect(done.refund).toMatchObject({ amount: 7.5, method: 'card', refunded: true });
    expect(done.refund?.creditNoteNumber).toMatch(new RegExp(`^CN-${year()}-\\d{6}$`));
    expect(done.steps.map((s) => s.step)).toEqual([
      'requested',
      'approved',
      'received',
      'credited',
      'refunded',
    ]);
    const [intent] = await ctx.db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.id, order.transactionId!));
    expect(intent).toMatchObject({ refundedCents: 750, refundedAt: null });
    const notes = (await getOrder(order._id)).creditNotes;
    expect(notes).toEqual([
      expect.objectContaining({ number: done.refund!.creditNoteNumber, total: 7.5 }),
    ]);
    const events = (await getOrder(order._id)).timeline.map((e) => e.event);
    expect(events).toEqual(
      expect.arrayContaining([
        'return_requested',
        'return_approved',
        'return_received',
        'credit_note',
        'refunded',
      ]),
    );
    await vi.waitFor(() =>
      expect(outboxFor(ctx.config.dataDir, buyer.email).map((m) => m.subject)).toContain(
        `Return ${ret.number} received: $7.50 credited`,
      ),
    );
  });

  it('credits an on-account order to the company with a credit_note entry and a credit note', async () => {
    const { owner, company } = await givenCompany(ctx.app, 'Returns on Terms');
    await givenTerms(ctx.app, admin, company._id, 30, 10_000);
    const product = await insertProduct(ctx.db, { stock: 1000, priceCents: 400, moq: 1 });
    const placed = await checkoutOneLine(ctx.app, owner, product.id, 10, {
      paymentMethod: 'account',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<Order>();
    await ship(order._id, product.id, 10);
    const ret = await asked(
      order._id,
      [{ productId: product.id, quantity: 3, reason: 'not_needed' }],
      owner,
    );
    expect((await approve(ret._id)).statusCode).toBe(200);
    const res = await receive(ret._id, [
      { productId: product.id, quantity: 3, condition: 'restock' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const done = res.json<ReturnRequest>();
    expect(done.refund).toMatchObject({ amount: 12, method: 'account', refunded: true });
    const entries = await ctx.db
      .select()
      .from(creditLedgerEntries)
      .where(
        and(
          eq(creditLedgerEntries.orderId, order._id),
          eq(creditLedgerEntries.type, 'credit_note'),
        ),
      );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      amountCents: -1200,
      invoiceNumber: done.refund!.creditNoteNumber,
    });
  });
});
