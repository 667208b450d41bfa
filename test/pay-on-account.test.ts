// Issue 23, pay on account: a company with terms checks out with `paymentMethod: 'account'`, only
// with its terms, its PO number when required, no invoice overdue and the grand total within
// the available credit; the order is invoiced at once, due after the terms, with the PO number
// on the invoice; cancelling it writes a credit note and a 'credit_note' entry, not a refund.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import type { MyCompany } from '../src/contract/companies.ts';
import type { CompanyLedger } from '../src/contract/credit.ts';
import type { Order } from '../src/contract/orders.ts';
import { creditLedgerEntries, orders, products } from '../src/server/db/schema.ts';
import { signUp, type Account } from './support/auth.ts';
import { givenCompany, givenMember } from './support/companies.ts';
import { givenDelivery } from './support/delivery.ts';
import { insertProduct } from './support/fixtures.ts';
import { inject, type Sender } from './support/inject.ts';
import { payOrder } from './support/payments.ts';
import { asCustomer } from './support/requests.ts';
import {
  checkoutOneLine,
  givenTerms,
  tradeAppForFile,
  type CheckoutChoice,
} from './support/trade.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

const ctx = tradeAppForFile('on-account-admin@example.com');

/** A company owned by a new account, on `netDays` terms (none: null) with this credit limit. */
async function companyOnTerms(netDays: number | null = 30, creditLimit = 1000) {
  const { owner, company } = await givenCompany(ctx.app, `Velo ${randomUUID().slice(0, 6)}`);
  if (netDays !== null) await setTerms(company._id, netDays, creditLimit);
  return { owner, company };
}

const setTerms = (companyId: string, netDays: number | null, creditLimit: number) =>
  givenTerms(ctx.app, ctx.shopAdmin, companyId, netDays, creditLimit);

/** A $25 part (from 1 piece) with 100 in stock. */
const part = () => insertProduct(ctx.db, { priceCents: 2500, moq: 1, stock: 100 });

/** `who` checks out `quantity` of the part from their cart (free shipping, no tax). */
const checkout = (who: Account, productId: string, quantity: number, body?: CheckoutChoice) =>
  checkoutOneLine(ctx.app, who, productId, quantity, body);

const ledger = async (companyId: string, as: Sender = ctx.shopAdmin) => {
  const res = await inject(ctx.app, 'GET /api/companies/:id/ledger', {
    params: { id: companyId },
    as,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CompanyLedger>();
};
const myCompany = async (as: Sender) =>
  (await inject(ctx.app, 'GET /api/companies/me', { as })).json<MyCompany>();
const stockOf = async (id: string) =>
  (await ctx.db.select().from(products).where(eq(products.id, id)))[0]?.stock;
const cartSize = async (who: Account) =>
  (await asCustomer(ctx.app, who).cart()).json<{ lines: unknown[] }>().lines.length;
const chargeOrder = (as: Sender, id: string, poNumber?: string) =>
  inject(ctx.app, 'POST /api/orders/:id/charge-to-account', {
    params: { id },
    body: poNumber === undefined ? {} : { poNumber },
    as,
  });

async function pdfText(body: Buffer) {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), {
    mergePages: true,
  });
  return text.replace(/\s+/g, ' ');
}

describe('checking out on account', () => {
  it('confirms the order at once: invoiced, due after the terms, the PO kept, the credit taken', async () => {
    const { owner, company } = await companyOnTerms(30, 1000);
    const product = await part();
    const res = await checkout(owner, product.id, 8, {
      paymentMethod: 'account',
      poNumber: ' PO-4471 ',
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<Order>();
    expect(order).toMatchObject({
      status: 'paid',
      paid: true,
      paymentMethod: 'account',
      poNumber: 'PO-4471',
      grandTotal: 200,
      companyId: company._id,
    });
    expect(order.invoiceNumber).toMatch(/^INV-\d{4}-\d{6}$/);
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row!.dueAt!.getTime() - row!.invoicedAt!.getTime()).toBe(30 * DAY_MS);
    expect(order.dueAt).toBe(row!.dueAt!.toISOString());
    expect(order.timeline.map((e) => e.event)).toEqual(
      expect.arrayContaining(['placed', 'charged_to_account', 'invoiced']),
    );
    expect(await stockOf(product.id)).toBe(92);
    expect(await cartSize(owner)).toBe(0);

    expect(await myCompany(owner)).toMatchObject({ balance: 200, available: 800 });
    const statement = await ledger(company._id, owner);
    expect(statement).toMatchObject({ balance: 200, available: 800, overdue: 0 });
    expect(statement.data).toEqual([
      expect.objectContaining({
        type: 'charge',
        amount: 200,
        balance: 200,
        orderId: order._id,
        orderNumber: order.number,
        invoiceNumber: order.invoiceNumber,
      }),
    ]);
  });

  it('prints the PO number and the due date on the invoice, which says it is charged to the account', async () => {
    const { owner } = await companyOnTerms(14, 1000);
    const product = await part();
    const order = (
      await checkout(owner, product.id, 2, { paymentMethod: 'account', poNumber: 'WS-2026/118' })
    ).json<Order>();
    const pdf = await inject(ctx.app, 'GET /api/orders/:id/invoice', {
      params: { id: order._id },
      as: owner,
    });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    const due = order.dueAt!.slice(0, 10);
    expect(text).toContain('PO number: WS-2026/118');
    expect(text).toContain(`Due date: ${due}`);
    expect(text).toContain(`Charged to account: payment due ${due}`);
    expect(text).not.toMatch(/\bPaid \d{4}-/);
  });

  it('is taxed as the company: its name and verified VAT ID are the buyer, and give the reverse charge', async () => {
    // The shop is in Germany: a business in France with a valid, verified VAT ID pays no VAT.
    const setShop = await inject(ctx.app, 'PUT /api/settings/shop', {
      body: {
        legalName: 'ECParts GmbH',
        address: {
          name: 'ECParts GmbH',
          line1: 'Industriestrasse 12',
          city: 'Munich',
          postalCode: '80331',
          country: 'DE',
        },
        vatId: 'DE136695976',
        invoicePrefix: 'INV',
        creditNotePrefix: 'CN',
      },
      as: ctx.shopAdmin,
    });
    expect(setShop.statusCode, setShop.body).toBe(200);
    const { owner, company } = await companyOnTerms(30, 1000);
    const named = await inject(ctx.app, 'PATCH /api/companies/me', {
      body: { vatId: 'FR40303265045' },
      as: owner,
    });
    expect(named.statusCode, named.body).toBe(200);
    const verified = await inject(ctx.app, 'PATCH /api/companies/:id', {
      params: { id: company._id },
      body: { vatIdVerified: true },
      as: ctx.shopAdmin,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const paris = await inject(ctx.app, 'POST /api/addresses', {
      body: {
        name: 'Rémi Rayon',
        line1: '1 Rue de Rivoli',
        city: 'Paris',
        region: '',
        postalCode: '75001',
        country: 'FR',
      },
      as: owner,
    });
    expect(paris.statusCode, paris.body).toBe(201);
    const product = await part();
    const shopper = asCustomer(ctx.app, owner);
    await shopper.setLine(product.id, 4);
    const { shippingMethodId } = await givenDelivery(ctx.app, owner);
    // The cart's quote already says so, as the checkout will.
    const quoted = await inject(ctx.app, 'GET /api/cart/delivery', {
      query: { shippingAddressId: paris.json()._id, shippingMethodId },
      as: owner,
    });
    expect(quoted.json()).toMatchObject({ reverseCharge: true, taxTotal: 0 });
    const res = await shopper.checkout(`tax-${randomUUID()}`, {
      shippingAddressId: paris.json()._id,
      shippingMethodId,
      paymentMethod: 'account',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Order>()).toMatchObject({ reverseCharge: true, taxTotal: 0, grandTotal: 100 });
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, res.json<Order>()._id));
    expect(row).toMatchObject({ buyerCompany: company.name, buyerVatId: 'FR40303265045' });
  });
});

describe('an on-account checkout is refused, and reserves nothing,', () => {
  it('when the company has no terms', async () => {
    const { owner } = await companyOnTerms(null);
    const product = await part();
    const res = await checkout(owner, product.id, 2, { paymentMethod: 'account' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Your company has no payment terms yet: pay by card.');
    expect(await stockOf(product.id)).toBe(100);
    expect(await cartSize(owner)).toBe(1);
  });

  it('when the caller is in no company', async () => {
    const loner = await signUp(ctx.app);
    const product = await part();
    const res = await checkout(loner, product.id, 2, { paymentMethod: 'account' });
    expect(res.statusCode).toBe(409);
    expect(await stockOf(product.id)).toBe(100);
  });

  it('when the company requires a PO number and none is given (or only spaces)', async () => {
    const { owner } = await companyOnTerms();
    const required = await inject(ctx.app, 'PATCH /api/companies/me', {
      body: { poRequired: true },
      as: owner,
    });
    expect(required.statusCode, required.body).toBe(200);
    const product = await part();
    for (const poNumber of [undefined, '   ']) {
      const res = await checkout(owner, product.id, 2, {
        paymentMethod: 'account',
        ...(poNumber === undefined ? {} : { poNumber }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('poNumber: Enter a PO number');
    }
    expect(await stockOf(product.id)).toBe(100);
    const ok = await checkout(owner, product.id, 2, { paymentMethod: 'account', poNumber: 'P1' });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('when the PO number is longer than 40 characters (a 10,000-character one too)', async () => {
    const { owner } = await companyOnTerms();
    const product = await part();
    for (const poNumber of ['P'.repeat(41), 'X'.repeat(10_000)]) {
      const res = await checkout(owner, product.id, 2, { paymentMethod: 'account', poNumber });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/PO number is at most 40 characters/);
    }
    expect(await stockOf(product.id)).toBe(100);
  });

  it('when the grand total is over the available credit, naming what is available', async () => {
    const { owner, company } = await companyOnTerms(30, 300);
    const product = await part();
    expect((await checkout(owner, product.id, 8, { paymentMethod: 'account' })).statusCode).toBe(
      201,
    );
    const res = await checkout(owner, product.id, 5, { paymentMethod: 'account' }); // $125 > $100
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Not enough credit: $100.00 available.');
    expect(await stockOf(product.id)).toBe(92);
    expect(await cartSize(owner)).toBe(1);
    // Exactly the available credit fits.
    const exact = await checkout(owner, product.id, 4, { paymentMethod: 'account' });
    expect(exact.statusCode, exact.body).toBe(201);
    expect((await ledger(company._id)).available).toBe(0);
  });

  it('when the shop has just lowered the limit below the balance: nothing is available', async () => {
    const { owner, company } = await companyOnTerms(30, 1000);
    const product = await part();
    expect((await checkout(owner, product.id, 20, { paymentMethod: 'account' })).statusCode).toBe(
      201,
    );
    await setTerms(company._id, 30, 100); // owes $500 now, limit $100
    const res = await checkout(owner, product.id, 1, { paymentMethod: 'account' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Not enough credit: $0.00 available.');
    // A card checkout still goes.
    expect((await checkout(owner, product.id, 1)).statusCode).toBe(201);
  });

  it('when an invoice is overdue, until a payment covers it', async () => {
    const { owner, company } = await companyOnTerms(30, 1000);
    const product = await part();
    const first = (
      await checkout(owner, product.id, 4, { paymentMethod: 'account' })
    ).json<Order>();
    const due = new Date(Date.now() - DAY_MS);
    await ctx.db.update(orders).set({ dueAt: due }).where(eq(orders.id, first._id));
    const res = await checkout(owner, product.id, 1, { paymentMethod: 'account' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `An invoice is overdue (${first.invoiceNumber}, due ${due.toISOString().slice(0, 10)}). Pay it before ordering on account.`,
    );
    expect(await ledger(company._id)).toMatchObject({
      overdue: 100,
      overdueInvoices: [
        expect.objectContaining({
          orderId: first._id,
          invoiceNumber: first.invoiceNumber,
          amount: 100,
        }),
      ],
    });
    const paid = await inject(ctx.app, 'POST /api/companies/:id/payments', {
      params: { id: company._id },
      body: { amount: 100, reference: 'Bank transfer 8812' },
      as: ctx.shopAdmin,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect((await ledger(company._id)).overdue).toBe(0);
    expect((await checkout(owner, product.id, 1, { paymentMethod: 'account' })).statusCode).toBe(
      201,
    );
  });
});

describe('a buyer with a spending limit', () => {
  it('checking out on account over the limit gets an order that waits, with nothing charged yet', async () => {
    const { owner, company } = await companyOnTerms(30, 5000);
    const { account: buyer } = await givenMember(ctx.app, owner, { spendingLimit: 100 });
    const product = await part();
    const res = await checkout(buyer, product.id, 8, { paymentMethod: 'account', poNumber: 'B-9' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Order>()).toMatchObject({
      status: 'awaiting_approval',
      paymentMethod: 'account',
      poNumber: 'B-9',
      invoiceNumber: null,
      companyId: company._id,
    });
    expect((await ledger(company._id)).data).toEqual([]);
    // Under the limit, the buyer's order is charged at once.
    const small = await checkout(buyer, product.id, 2, { paymentMethod: 'account' });
    expect(small.json<Order>()).toMatchObject({ status: 'paid', paymentMethod: 'account' });
  });
});

describe('charging an unpaid order to the account', () => {
  it('charges a card order of the company, once, and not another company’s', async () => {
    const { owner, company } = await companyOnTerms(30, 1000);
    const { owner: stranger } = await companyOnTerms(30, 1000);
    const product = await part();
    const order = (await checkout(owner, product.id, 4)).json<Order>();
    expect(order).toMatchObject({
      status: 'unpaid',
      paymentMethod: 'card',
      companyId: company._id,
    });

    const foreign = await chargeOrder(stranger, order._id, 'PO-X');
    expect(foreign.statusCode).toBe(403);
    const res = await chargeOrder(owner, order._id, 'PO-12');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Order>()).toMatchObject({
      status: 'paid',
      paymentMethod: 'account',
      poNumber: 'PO-12',
    });
    const again = await chargeOrder(owner, order._id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This order is already paid.');
    expect((await ledger(company._id)).data).toHaveLength(1);
  });

  it('refuses a buyer charging an order over their own spending limit, and a PO of 10,000 characters', async () => {
    const { owner, company } = await companyOnTerms(30, 1000);
    const { account: buyer } = await givenMember(ctx.app, owner, { spendingLimit: 100 });
    const product = await part();
    const order = (await checkout(owner, product.id, 8)).json<Order>(); // $200, by card, unpaid
    const res = await chargeOrder(buyer, order._id, 'PO-1');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("Only your company's owner or admins may do this.");
    expect((await chargeOrder(owner, order._id, 'X'.repeat(10_000))).statusCode).toBe(400);
    expect((await ledger(company._id)).data).toEqual([]);
    expect((await chargeOrder(owner, order._id, 'PO-1')).statusCode).toBe(200);
  });

  it('refuses an order placed before the account had a company, and a card-paid one', async () => {
    const loner = await signUp(ctx.app);
    const product = await part();
    const order = (await checkout(loner, product.id, 2)).json<Order>();
    expect((await chargeOrder(loner, order._id)).statusCode).toBe(409);

    const { owner, company } = await companyOnTerms(30, 1000);
    const card = (await checkout(owner, product.id, 2)).json<Order>();
    await payOrder(ctx.app, owner, card._id);
    expect((await chargeOrder(owner, card._id)).statusCode).toBe(409);
    expect((await ledger(company._id)).data).toEqual([]);
  });
});

describe('cancelling an order on account', () => {
  it('writes a credit note and a credit_note entry that gives the credit back, and refunds no card', async () => {
    const { owner, company } = await companyOnTerms(30, 1000);
    const product = await part();
    const order = (
      await checkout(owner, product.id, 6, { paymentMethod: 'account' })
    ).json<Order>();
    const res = await inject(ctx.app, 'POST /api/orders/:id/cancel', {
      params: { id: order._id },
      body: { reason: 'Ordered twice' },
      as: ctx.shopAdmin,
    });
    expect(res.statusCode, res.body).toBe(200);
    const cancelled = res.json<Order>();
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.creditNoteNumber).toMatch(/^CN-/);
    const events = cancelled.timeline.map((e) => e.event);
    expect(events).toContain('credit_note');
    expect(events).not.toContain('refunded');
    expect(await stockOf(product.id)).toBe(100);
    const statement = await ledger(company._id);
    expect(statement).toMatchObject({ balance: 0, available: 1000 });
    expect(statement.data[0]).toMatchObject({
      type: 'credit_note',
      amount: -150,
      balance: 0,
      orderId: order._id,
      invoiceNumber: cancelled.creditNoteNumber,
    });
    const again = await inject(ctx.app, 'POST /api/orders/:id/cancel', {
      params: { id: order._id },
      body: { reason: 'Again' },
      as: ctx.shopAdmin,
    });
    expect(again.statusCode).toBe(409);
    const entries = await ctx.db
      .select()
      .from(creditLedgerEntries)
      .where(eq(creditLedgerEntries.companyId, company._id));
    expect(entries).toHaveLength(2);
    const note = await inject(ctx.app, 'GET /api/orders/:id/credit-note', {
      params: { id: order._id },
      as: owner,
    });
    const text = await pdfText(note.rawPayload);
    expect(text).toContain('Credited to the account');
    expect(text).not.toContain('Refunded');
  });
});
