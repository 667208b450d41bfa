// Issue 23, the credit ledger: GET /companies/{id}/ledger for the company's owner or admins and
// the shop; payments and adjustments recorded by a shop admin (audited); the balance always the
// sum of the entries; overdue = invoices past due that payments (oldest first) have not covered.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CompanyLedger, LedgerEntry } from '../src/contract/credit.ts';
import type { Order } from '../src/contract/orders.ts';
import { auditLog, companies, creditLedgerEntries, orders } from '../src/server/db/schema.ts';
import { signUp, type Account } from './support/auth.ts';
import { givenCompany, givenMember } from './support/companies.ts';
import { insertProduct } from './support/fixtures.ts';
import { inject, type Sender } from './support/inject.ts';
import { checkoutOneLine, givenTerms, tradeAppForFile } from './support/trade.ts';

const ADMIN = 'ledger-admin@example.com';
const DAY_MS = 24 * 60 * 60 * 1000;

const ctx = tradeAppForFile(ADMIN);

/** A company on net-30 terms with a $1,000 limit, its owner, an admin and a buyer. */
async function team() {
  const { owner, company } = await givenCompany(ctx.app, `Velo ${randomUUID().slice(0, 6)}`);
  await givenTerms(ctx.app, ctx.shopAdmin, company._id, 30, 1000);
  const { account: admin } = await givenMember(ctx.app, owner, { role: 'admin' });
  const { account: buyer } = await givenMember(ctx.app, owner);
  return { owner, admin, buyer, companyId: company._id };
}

/** `who` orders `quantity` × a $25 part on account. */
async function onAccount(who: Account, quantity: number) {
  const product = await insertProduct(ctx.db, { priceCents: 2500, moq: 1, stock: 1000 });
  const res = await checkoutOneLine(ctx.app, who, product.id, quantity, {
    paymentMethod: 'account',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Order>();
}

const readLedger = (id: string, as: Sender, query: Record<string, string> = {}) =>
  inject(ctx.app, 'GET /api/companies/:id/ledger', { params: { id }, query, as });
const ledger = async (id: string, as: Sender = ctx.shopAdmin) => {
  const res = await readLedger(id, as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CompanyLedger>();
};
const pay = (id: string, body: unknown, as: Sender = ctx.shopAdmin) =>
  inject(ctx.app, 'POST /api/companies/:id/payments', { params: { id }, body: body as never, as });
const adjust = (id: string, body: unknown, as: Sender = ctx.shopAdmin) =>
  inject(ctx.app, 'POST /api/companies/:id/adjustments', {
    params: { id },
    body: body as never,
    as,
  });

/** The company's stored balance and the sum of its entries, read straight from the database. */
async function books(companyId: string) {
  const [company] = await ctx.db.select().from(companies).where(eq(companies.id, companyId));
  const [sum] = await ctx.db
    .select({ cents: sql<number>`coalesce(sum(${creditLedgerEntries.amountCents}), 0)::int` })
    .from(creditLedgerEntries)
    .where(eq(creditLedgerEntries.companyId, companyId));
  return { balanceCents: company!.balanceCents, sumCents: sum!.cents };
}

const pastDue = (orderId: string, daysAgo: number) =>
  ctx.db
    .update(orders)
    .set({ dueAt: new Date(Date.now() - daysAgo * DAY_MS) })
    .where(eq(orders.id, orderId));

describe('who reads a statement', () => {
  it("is the company's owner or admins, or a shop admin; a buyer or another company hears 403", async () => {
    const { owner, admin, buyer, companyId } = await team();
    const other = await givenCompany(ctx.app, 'Other Bikes');
    const loner = await signUp(ctx.app);
    for (const who of [owner, admin, ctx.shopAdmin]) {
      expect((await readLedger(companyId, who)).statusCode).toBe(200);
    }
    for (const who of [buyer, other.owner, loner]) {
      const res = await readLedger(companyId, who);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe("Only your company's owner or admins may do this.");
    }
    expect((await readLedger(randomUUID(), ctx.shopAdmin)).statusCode).toBe(404);
    expect((await readLedger('not-a-company', ctx.shopAdmin)).statusCode).toBe(404);
  });
});

describe('payments and adjustments', () => {
  it('a payment takes the amount off the balance, names its reference and goes in the audit trail', async () => {
    const { owner, companyId } = await team();
    await onAccount(owner, 16); // $400
    const res = await pay(companyId, { amount: 150.25, reference: 'SEPA 2026-11-20 Velo' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<LedgerEntry>()).toMatchObject({
      type: 'payment',
      amount: -150.25,
      balance: 249.75,
      note: 'SEPA 2026-11-20 Velo',
      orderId: null,
    });
    expect(await ledger(companyId, owner)).toMatchObject({
      balance: 249.75,
      available: 750.25,
      total: 2,
    });
    const [trail] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, companyId), eq(auditLog.action, 'company.payment')));
    expect(trail).toMatchObject({ action: 'company.payment', actorEmail: ADMIN });
    expect(trail!.summary).toContain('$150.25');
    expect(trail!.summary).toContain('SEPA 2026-11-20 Velo');
  });

  it('refuses a payment recorded by anyone but a shop admin, the company owner included', async () => {
    const { owner, admin, companyId } = await team();
    for (const who of [owner, admin]) {
      expect((await pay(companyId, { amount: 100, reference: 'Me' }, who)).statusCode).toBe(403);
      expect((await adjust(companyId, { amount: -100, note: 'Me' }, who)).statusCode).toBe(403);
    }
    expect(await books(companyId)).toEqual({ balanceCents: 0, sumCents: 0 });
  });

  it('refuses a payment that is negative, zero, of fractions of a cent, huge or without a reference', async () => {
    const { companyId } = await team();
    for (const body of [
      { amount: -50, reference: 'Refund to myself' },
      { amount: 0, reference: 'Nothing' },
      { amount: 10.005, reference: 'Fraction' },
      { amount: 5_000_000, reference: 'Typo' },
      { amount: 10, reference: '   ' },
      { amount: 10, reference: 'R'.repeat(10_000) },
    ]) {
      const res = await pay(companyId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await pay(randomUUID(), { amount: 10, reference: 'Ghost' })).statusCode).toBe(404);
    expect(await books(companyId)).toEqual({ balanceCents: 0, sumCents: 0 });
  });

  it('an adjustment moves the balance either way, with its reason, audited; zero is refused', async () => {
    const { companyId } = await team();
    const up = await adjust(companyId, { amount: 12.5, note: 'Late-payment fee' });
    expect(up.statusCode, up.body).toBe(201);
    expect(up.json<LedgerEntry>()).toMatchObject({
      type: 'adjustment',
      amount: 12.5,
      balance: 12.5,
    });
    const down = await adjust(companyId, { amount: -20, note: 'Goodwill' });
    expect(down.json<LedgerEntry>()).toMatchObject({ amount: -20, balance: -7.5 });
    expect((await adjust(companyId, { amount: 0, note: 'Nothing' })).statusCode).toBe(400);
    expect((await adjust(companyId, { amount: 5, note: '' })).statusCode).toBe(400);
    const trail = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, companyId), eq(auditLog.action, 'company.adjustment')));
    expect(trail.map((t) => t.summary)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Late-payment fee'),
        expect.stringContaining('Goodwill'),
      ]),
    );
    expect(trail).toHaveLength(2);
  });
});

describe('the statement', () => {
  it('lists every entry newest first, paged, and its balance is always the sum of the entries', async () => {
    const { owner, companyId } = await team();
    const first = await onAccount(owner, 4); // $100
    const second = await onAccount(owner, 2); // $50
    await pay(companyId, { amount: 80, reference: 'Transfer 1' });
    await adjust(companyId, { amount: 3, note: 'Postage' });
    const statement = await ledger(companyId, owner);
    expect(statement.data.map((e) => [e.type, e.amount, e.balance])).toEqual([
      ['adjustment', 3, 73],
      ['payment', -80, 70],
      ['charge', 50, 150],
      ['charge', 100, 100],
    ]);
    expect(statement.data[3]).toMatchObject({ orderId: first._id, orderNumber: first.number });
    expect(statement.data[2]).toMatchObject({ invoiceNumber: second.invoiceNumber });
    expect(statement).toMatchObject({ balance: 73, available: 927, creditLimit: 1000, total: 4 });
    const page2 = (
      await readLedger(companyId, owner, { page: '2', limit: '3' })
    ).json<CompanyLedger>();
    expect(page2).toMatchObject({ page: 2, totalPages: 2 });
    expect(page2.data.map((e) => e.type)).toEqual(['charge']);
    expect(await books(companyId)).toEqual({ balanceCents: 7300, sumCents: 7300 });
  });

  it('counts as overdue only what payments (oldest invoice first) have not covered', async () => {
    const { owner, companyId } = await team();
    const older = await onAccount(owner, 8); // $200
    const newer = await onAccount(owner, 4); // $100
    await pastDue(older._id, 10);
    await pastDue(newer._id, 2);
    expect(await ledger(companyId)).toMatchObject({
      overdue: 300,
      overdueInvoices: [
        expect.objectContaining({ invoiceNumber: older.invoiceNumber, amount: 200 }),
        expect.objectContaining({ invoiceNumber: newer.invoiceNumber, amount: 100 }),
      ],
    });
    // $250 pays the older invoice and half of the newer one.
    await pay(companyId, { amount: 250, reference: 'Part payment' });
    const after = await ledger(companyId);
    expect(after.overdue).toBe(50);
    expect(after.overdueInvoices).toEqual([
      expect.objectContaining({ orderId: newer._id, orderNumber: newer.number, amount: 50 }),
    ]);
    await pay(companyId, { amount: 50, reference: 'Rest' });
    expect(await ledger(companyId)).toMatchObject({ overdue: 0, overdueInvoices: [], balance: 0 });
  });

  it('does not count an invoice not yet due, nor a cancelled one', async () => {
    const { owner, companyId } = await team();
    const due = await onAccount(owner, 4);
    const cancelled = await onAccount(owner, 2);
    await pastDue(cancelled._id, 3);
    const res = await inject(ctx.app, 'POST /api/orders/:id/cancel', {
      params: { id: cancelled._id },
      body: { reason: 'Not needed' },
      as: ctx.shopAdmin,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await ledger(companyId)).toMatchObject({ overdue: 0, balance: 100 });
    await pastDue(due._id, 1);
    expect((await ledger(companyId)).overdue).toBe(100);
  });
});
