import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givenCompany } from './support/companies.ts';
import { signUp, type Account } from './support/auth.ts';
import { insertProduct, ladderInCents } from './support/fixtures.ts';
import { inject } from './support/inject.ts';
import { makeTestApp } from './support/test-app.ts';

// An admin who reprices a product names the ladder the form showed (tiersWas), as a stock count
// names the stock, and one who sets a company's terms names the terms shown (termsWas): when
// another admin (or a file) changed them meanwhile, the save is refused rather than quietly
// undoing their change (decision 0044).

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let ada: Account;
let bea: Account;

beforeAll(async () => {
  ctx = await makeTestApp({ ADMIN_EMAILS: 'ada@example.com,bea@example.com' });
  ada = await signUp(ctx.app, { email: 'ada@example.com', name: 'Ada Admin' });
  bea = await signUp(ctx.app, { email: 'bea@example.com', name: 'Bea Admin' });
});
afterAll(() => ctx.app.close());

const opened = [
  { minQuantity: 10, price: 4.5 },
  { minQuantity: 50, price: 4.1 },
];

const edit = (id: string, body: Record<string, unknown>, as: Account) =>
  inject(ctx.app, 'PATCH /api/tools/:id', { params: { id }, payload: body, as });

const product = async (id: string) =>
  (await inject(ctx.app, 'GET /api/tools/:id', { params: { id } })).json<{
    name: string;
    price: number;
    tiers: { minQuantity: number; price: number }[];
  }>();

describe('a product’s price', () => {
  it('refuses a price saved against a ladder another admin changed since, and keeps theirs', async () => {
    const part = await insertProduct(ctx.db, { tiers: ladderInCents([10, 450], [50, 410]) });
    // Both open the form at $4.50; Ada saves $4.80 first.
    const first = await edit(part.id, { price: 4.8, tiersWas: opened }, ada);
    expect(first.statusCode, first.body).toBe(200);

    const stale = await edit(
      part.id,
      {
        tiers: [
          { minQuantity: 10, price: 4.4 },
          { minQuantity: 50, price: 3.9 },
        ],
        tiersWas: opened,
      },
      bea,
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      error: 'price_changed',
      message:
        'The price changed from 10+ $4.50 · 50+ $4.10 to 10+ $4.80 · 50+ $4.10 since you opened this product',
    });
    expect((await product(part.id)).tiers).toEqual([
      { minQuantity: 10, price: 4.8 },
      { minQuantity: 50, price: 4.1 },
    ]);

    // Named against the ladder as it is now, the same change is saved.
    const now = [
      { minQuantity: 10, price: 4.8 },
      { minQuantity: 50, price: 4.1 },
    ];
    const again = await edit(part.id, { price: 4.6, tiersWas: now }, bea);
    expect(again.statusCode, again.body).toBe(200);
    expect((await product(part.id)).price).toBe(4.6);
  });

  it('lets a stale ladder through when the price is not being changed, and takes a price without one', async () => {
    const part = await insertProduct(ctx.db, { tiers: ladderInCents([10, 450], [50, 410]) });
    expect((await edit(part.id, { price: 5, tiersWas: opened }, ada)).statusCode).toBe(200);
    // Bea renames the part from a form opened before Ada's price: her name is saved, the price kept.
    const renamed = await edit(part.id, { name: 'Cone wrench 15 mm', tiersWas: opened }, bea);
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await product(part.id)).toMatchObject({ name: 'Cone wrench 15 mm', price: 5 });
    // An API client that names no ladder sets the price as before.
    expect((await edit(part.id, { price: 5.25 }, ada)).statusCode).toBe(200);
    expect((await product(part.id)).price).toBe(5.25);
  });

  it('does not write the ladder it was shown into the audit line as a change', async () => {
    const part = await insertProduct(ctx.db, { tiers: ladderInCents([10, 450], [50, 410]) });
    expect((await edit(part.id, { price: 4.7, tiersWas: opened }, ada)).statusCode).toBe(200);
    const audit = await inject(ctx.app, 'GET /api/audit', { as: ada });
    const line = audit
      .json<{ data: { action: string; targetId: string; summary: string }[] }>()
      .data.find((e) => e.action === 'product.update' && e.targetId === part.id);
    expect(line?.summary).toMatch(/^Changed price: now /);
  });
});

describe('a company’s terms and credit limit', () => {
  const setTerms = (id: string, body: Record<string, unknown>, as: Account) =>
    inject(ctx.app, 'PATCH /api/companies/:id', { params: { id }, payload: body, as });

  it('refuses terms saved against terms another admin changed since, and keeps theirs', async () => {
    const { company } = await givenCompany(ctx.app, 'Stale Terms Cycles');
    const shown = { netDays: null, creditLimit: 0 };
    // Both open the company with no terms; Ada grants net 30 and $5,000 first.
    const first = await setTerms(
      company._id,
      { terms: { netDays: 30 }, creditLimit: 5000, termsWas: shown },
      ada,
    );
    expect(first.statusCode, first.body).toBe(200);

    // Bea's form still shows none; she sets net 14 and $2,000.
    const stale = await setTerms(
      company._id,
      { terms: { netDays: 14 }, creditLimit: 2000, termsWas: shown },
      bea,
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      'The terms of Stale Terms Cycles changed since you opened them: now net 30, credit limit $5,000.00. Reload the page to see them, then make your change again.',
    );
    const detail = await inject(ctx.app, 'GET /api/companies/:id', {
      params: { id: company._id },
      as: ada,
    });
    expect(detail.json()).toMatchObject({ terms: { netDays: 30 }, creditLimit: 5000 });

    // From the terms as they are now, her change is saved.
    const again = await setTerms(
      company._id,
      { terms: { netDays: 14 }, creditLimit: 2000, termsWas: { netDays: 30, creditLimit: 5000 } },
      bea,
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ terms: { netDays: 14 }, creditLimit: 2000 });
  });

  it('takes terms sent without the ones shown, as an API client sends them', async () => {
    const { company } = await givenCompany(ctx.app, 'Plain Terms Cycles');
    const plain = await setTerms(company._id, { terms: { netDays: 60 }, creditLimit: 100 }, ada);
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json()).toMatchObject({ terms: { netDays: 60 }, creditLimit: 100 });
  });
});

describe('a company’s discount', () => {
  const setDiscount = (id: string, body: Record<string, unknown>, as: Account) =>
    inject(ctx.app, 'PUT /api/companies/:id/prices', { params: { id }, payload: body, as });

  it('refuses a discount saved against one another admin changed since, and keeps theirs', async () => {
    const { company } = await givenCompany(ctx.app, 'Stale Discount Cycles');
    const first = await setDiscount(
      company._id,
      { discountPercent: 7.5, discountPercentWas: 0 },
      ada,
    );
    expect(first.statusCode, first.body).toBe(200);
    const stale = await setDiscount(
      company._id,
      { discountPercent: 5, discountPercentWas: 0 },
      bea,
    );
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().message).toBe(
      'The discount of Stale Discount Cycles changed since you opened it: it is now 7.5%. Reload the page to see it, then make your change again.',
    );
    const again = await setDiscount(
      company._id,
      { discountPercent: 5, discountPercentWas: 7.5 },
      bea,
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ discountPercent: 5 });
  });
});
