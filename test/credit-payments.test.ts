// Issue 31, part 3: recorded payments cannot inflate credit. A company's payment reference is
// recorded once (409 naming the first); a payment beyond what is owed leaves a credit balance the
// next invoices use, but the credit available never goes above the limit; and a payment over
// $100,000, or over ten times what is owed, needs confirmLarge (400 saying why).
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { MyCompany } from '../src/contract/companies.ts';
import type { CompanyLedger, LedgerEntry } from '../src/contract/credit.ts';
import type { Order } from '../src/contract/orders.ts';
import { companies, creditLedgerEntries } from '../src/server/db/schema.ts';
import { givenCompany } from './support/companies.ts';
import { insertProduct } from './support/fixtures.ts';
import { inject, type Sender } from './support/inject.ts';
import { checkoutOneLine, givenTerms, tradeAppForFile } from './support/trade.ts';

const ctx = tradeAppForFile('payments-admin@example.com');

/** A company on net-30 terms with this credit limit, and its owner. */
async function companyWithLimit(creditLimit: number) {
  const { owner, company } = await givenCompany(ctx.app, `Velo ${randomUUID().slice(0, 6)}`);
  await givenTerms(ctx.app, ctx.shopAdmin, company._id, 30, creditLimit);
  return { owner, companyId: company._id };
}

/** `who` orders parts worth `dollars` on account (no tax, free shipping). */
const onAccount = async (who: Sender, dollars: number) => {
  const product = await insertProduct(ctx.db, {
    priceCents: Math.round(dollars * 100),
    moq: 1,
    stock: 10,
  });
  return checkoutOneLine(ctx.app, who, product.id, 1, { paymentMethod: 'account' });
};

const pay = (id: string, body: Record<string, unknown>) =>
  inject(ctx.app, 'POST /api/companies/:id/payments', {
    params: { id },
    body: body as never,
    as: ctx.shopAdmin,
  });

const ledger = async (id: string, as: Sender = ctx.shopAdmin) => {
  const res = await inject(ctx.app, 'GET /api/companies/:id/ledger', { params: { id }, as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CompanyLedger>();
};

const balanceCents = async (id: string) =>
  (await ctx.db.select().from(companies).where(eq(companies.id, id)))[0]!.balanceCents;

const today = () => new Date().toISOString().slice(0, 10);

describe('a payment reference', () => {
  it('is recorded once per company: the second answers 409 naming the first, whatever its case', async () => {
    const { owner, companyId } = await companyWithLimit(5000);
    expect((await onAccount(owner, 4352.6)).statusCode).toBe(201);
    const first = await pay(companyId, { amount: 1_000_000, reference: 'R-1', confirmLarge: true });
    expect(first.statusCode, first.body).toBe(201);
    const before = await balanceCents(companyId);

    for (const reference of ['R-1', 'r-1', ' R-1 ']) {
      const again = await pay(companyId, { amount: 1_000_000, reference, confirmLarge: true });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(
        `Payment R-1 was already recorded on ${today()} for $1,000,000.00.`,
      );
    }
    // A smaller amount under the same reference is the same transfer too.
    expect((await pay(companyId, { amount: 10, reference: 'R-1' })).statusCode).toBe(409);
    expect(await balanceCents(companyId)).toBe(before);
    expect((await ledger(companyId)).total).toBe(2);

    // Another company's R-1 is its own.
    const other = await companyWithLimit(5000);
    const theirs = await pay(other.companyId, { amount: 5, reference: 'R-1', confirmLarge: true });
    expect(theirs.statusCode, theirs.body).toBe(201);
  });

  it('recorded twice at once is recorded once', async () => {
    const { owner, companyId } = await companyWithLimit(5000);
    expect((await onAccount(owner, 1000)).statusCode).toBe(201);
    const tries = await Promise.all(
      Array.from({ length: 4 }, () => pay(companyId, { amount: 600, reference: 'SEPA 77' })),
    );
    expect(tries.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    expect(await balanceCents(companyId)).toBe(40_000);
  });
});

describe('a payment larger than what is owed', () => {
  it('leaves a credit balance the next invoices use, and never raises the credit above the limit', async () => {
    const { owner, companyId } = await companyWithLimit(5000);
    expect((await onAccount(owner, 4352.6)).statusCode).toBe(201);
    const paid = await pay(companyId, { amount: 1_000_000, reference: 'R-1', confirmLarge: true });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json<LedgerEntry>().balance).toBe(-995_647.4);

    const standing = await ledger(companyId, owner);
    expect(standing).toMatchObject({ balance: -995_647.4, creditLimit: 5000, available: 5000 });
    const mine = await inject(ctx.app, 'GET /api/companies/me', { as: owner });
    expect(mine.json<MyCompany>()).toMatchObject({ balance: -995_647.4, available: 5000 });
    const seen = await inject(ctx.app, 'GET /api/companies/:id', {
      params: { id: companyId },
      as: ctx.shopAdmin,
    });
    expect(seen.json()).toMatchObject({ available: 5000 });

    // Over the limit is refused, whatever the credit balance.
    const over = await onAccount(owner, 5834);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('Not enough credit: $5,000.00 available.');

    // Within it, the invoice is paid out of the credit balance: nothing is owed.
    const within = await onAccount(owner, 1200);
    expect(within.statusCode, within.body).toBe(201);
    expect(within.json<Order>().paymentMethod).toBe('account');
    expect(await ledger(companyId)).toMatchObject({
      balance: -994_447.4,
      available: 5000,
      overdue: 0,
    });
  });
});

describe('a large payment', () => {
  it('over ten times what is owed needs confirmLarge, and the 400 says why', async () => {
    const { owner, companyId } = await companyWithLimit(5000);
    expect((await onAccount(owner, 400)).statusCode).toBe(201);
    const slip = await pay(companyId, { amount: 4000.01, reference: 'Typo 1' });
    expect(slip.statusCode).toBe(400);
    expect(slip.json().message).toBe(
      'confirmLarge: A payment of $4,000.01 is more than ten times what is owed (the company owes $400.00): check the amount and confirm it.',
    );
    expect(await balanceCents(companyId)).toBe(40_000);
    // Ten times exactly is not over it.
    expect((await pay(companyId, { amount: 4000, reference: 'Ten times' })).statusCode).toBe(201);
    // Owing nothing now (in credit), any payment is large.
    const nothing = await pay(companyId, { amount: 10, reference: 'Prepay' });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toBe(
      'confirmLarge: A payment of $10.00 is more than ten times what is owed (the company owes nothing): check the amount and confirm it.',
    );
    const confirmed = await pay(companyId, { amount: 10, reference: 'Prepay', confirmLarge: true });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
  });

  it('over $100,000 needs confirmLarge, however much is owed', async () => {
    const { companyId } = await companyWithLimit(5000);
    // Owing $500,000 (an adjustment: more than the limit allows an order to).
    const owed = await inject(ctx.app, 'POST /api/companies/:id/adjustments', {
      params: { id: companyId },
      body: { amount: 500_000, note: 'Opening balance' },
      as: ctx.shopAdmin,
    });
    expect(owed.statusCode, owed.body).toBe(201);
    const big = await pay(companyId, { amount: 100_000.01, reference: 'Wire 1' });
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe(
      'confirmLarge: A payment of $100,000.01 is over $100,000.00: check the amount and confirm it.',
    );
    expect((await pay(companyId, { amount: 100_000, reference: 'Wire 1' })).statusCode).toBe(201);
    const confirmed = await pay(companyId, {
      amount: 100_000.01,
      reference: 'Wire 2',
      confirmLarge: true,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect(await balanceCents(companyId)).toBe(29_999_999);
  });
});

describe('the ledger', () => {
  it('keeps each payment’s reference, unique per company, and none for other entries', async () => {
    const { owner, companyId } = await companyWithLimit(5000);
    expect((await onAccount(owner, 100)).statusCode).toBe(201);
    await pay(companyId, { amount: 60, reference: 'Cheque 12' });
    const rows = await ctx.db
      .select({ type: creditLedgerEntries.type, reference: creditLedgerEntries.reference })
      .from(creditLedgerEntries)
      .where(eq(creditLedgerEntries.companyId, companyId))
      .orderBy(creditLedgerEntries.id);
    expect(rows).toEqual([
      { type: 'charge', reference: null },
      { type: 'payment', reference: 'Cheque 12' },
    ]);
    // The database refuses a second one however it is written.
    await expect(
      ctx.db.execute(sql`
        insert into credit_ledger_entry
          (company_id, type, amount_cents, balance_after_cents, note, reference, created_by)
        values (${companyId}, 'payment', -100, 0, 'x', 'CHEQUE 12', 'test')`),
    ).rejects.toThrow();
  });
});
