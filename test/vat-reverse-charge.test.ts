// Issue 31, part 2: reverse charge needs a VAT ID that qualifies. The shop's own VAT ID is
// refused wherever one is saved; a VAT ID of the shop's own country never zero-rates; and a
// checksum proves the format only, so an order is zero-rated once the VAT ID is verified (by a
// shop admin, audited, or by VIES when VIES_CHECK=1). Until then the destination's VAT is charged
// and the quote says why. The shop here is the demo's: Dutch, VAT ID NL004495445B01.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditList } from '../src/contract/audit.ts';
import type { DeliveryEstimate } from '../src/contract/order-totals.ts';
import type { TaxDetails } from '../src/contract/vat-id.ts';
import { checkVatId } from '../src/contract/vat-id.ts';
import { demoCompany } from '../src/server/db/seed-companies.ts';
import { demoShop } from '../src/server/db/seed-delivery.ts';
import { users } from '../src/server/db/schema.ts';
import { signUp, type Account } from './support/auth.ts';
import { givenCompany, givenMember } from './support/companies.ts';
import { givenFreeShipping } from './support/delivery.ts';
import { insertProduct } from './support/fixtures.ts';
import { inject, type Sender } from './support/inject.ts';
import { asCustomer } from './support/requests.ts';
import { makeTestApp } from './support/test-app.ts';

type TestApp = Awaited<ReturnType<typeof makeTestApp>>;

const ADMIN = 'vat-admin@example.com';
const SHOP_VAT_ID = 'NL004495445B01';
// Valid by their checksums: a Belgian business, a French one, and another Dutch one.
const BELGIAN = 'BE0412345614';
const FRENCH = 'FR40303265045';
const DUTCH = 'NL812345605B01';
const SHOP_OWN_REFUSED = "vatId: That is the shop's own VAT ID: enter the VAT ID of your business";

const ANTWERP = {
  name: 'Bram Bakfiets',
  line1: 'Meir 1',
  city: 'Antwerpen',
  region: '',
  postalCode: '2000',
  country: 'BE',
};

let ctx: TestApp;
let admin: Account;

/** The demo's Dutch shop, with VAT in the Netherlands and Belgium. */
async function dutchShop(app: TestApp['app'], as: Account) {
  const shop = await inject(app, 'PUT /api/settings/shop', {
    body: { ...demoShop, vatId: SHOP_VAT_ID },
    as,
  });
  expect(shop.statusCode, shop.body).toBe(200);
  for (const [country, name] of [
    ['NL', 'BTW'],
    ['BE', 'BTW'],
  ] as const) {
    const rate = await inject(app, 'POST /api/tax-rates', {
      body: { country, region: null, rate: 21, name },
      as,
    });
    expect(rate.statusCode, rate.body).toBe(201);
  }
}

beforeAll(async () => {
  ctx = await makeTestApp({ ADMIN_EMAILS: ADMIN, ORDER_RATE_LIMIT: '1000' });
  admin = await signUp(ctx.app, { email: ADMIN, name: 'Vera VAT' });
  await dutchShop(ctx.app, admin);
});
afterAll(() => ctx.app.close());

const userId = async (account: Account) =>
  (await ctx.db.select().from(users).where(eq(users.email, account.email)))[0]!.id;

const setTax = (who: Sender, vatId: string, app = ctx.app) =>
  inject(app, 'PUT /api/users/me/tax', { body: { companyName: 'Bakfiets BV', vatId }, as: who });

const verifyUser = async (account: Account, verified: boolean, as: Sender = admin) =>
  inject(ctx.app, 'PUT /api/users/:id/vat-verified', {
    params: { id: await userId(account) },
    body: { verified },
    as,
  });

/** A buyer with one $100 part in the cart and a Belgian address: the quote's cart. */
async function buyerInBelgium(who?: Account) {
  const account = who ?? (await signUp(ctx.app, { name: 'Bram Bakfiets' }));
  const product = await insertProduct(ctx.db, { priceCents: 10_000, moq: 1, stock: 100 });
  await asCustomer(ctx.app, account).setLine(product.id, 1);
  const address = await inject(ctx.app, 'POST /api/addresses', { body: ANTWERP, as: account });
  expect(address.statusCode, address.body).toBe(201);
  return { account, addressId: address.json()._id as string };
}

const quote = async (who: Sender, addressId: string) => {
  const res = await inject(ctx.app, 'GET /api/cart/delivery', {
    query: { shippingAddressId: addressId, shippingMethodId: await givenFreeShipping(ctx.db) },
    as: who,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DeliveryEstimate>();
};

const taxed = { tax: [{ name: 'BTW', rate: 21, amount: 21 }], grandTotal: 121 };
const zeroRated = { tax: [], taxTotal: 0, grandTotal: 100, reverseCharge: true };

const lastAudit = async () =>
  (await inject(ctx.app, 'GET /api/audit', { as: admin })).json<AuditList>().data[0];

describe("the shop's own VAT ID", () => {
  it('is refused with a 400 on an account’s tax details, however it is typed', async () => {
    const buyer = await signUp(ctx.app);
    for (const typed of [SHOP_VAT_ID, 'nl 0044.95445.b01']) {
      const res = await setTax(buyer, typed);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(SHOP_OWN_REFUSED);
    }
    expect((await inject(ctx.app, 'GET /api/users/me/tax', { as: buyer })).json()).toMatchObject({
      vatId: '',
    });
  });

  it('is refused with a 400 for a new company and for a company changing its VAT ID', async () => {
    const founder = await signUp(ctx.app);
    const made = await inject(ctx.app, 'POST /api/companies', {
      body: { name: 'Copycat BV', vatId: SHOP_VAT_ID },
      as: founder,
    });
    expect(made.statusCode).toBe(400);
    expect(made.json().message).toBe(SHOP_OWN_REFUSED);

    const { owner } = await givenCompany(ctx.app, 'Fietsen BV');
    const changed = await inject(ctx.app, 'PATCH /api/companies/me', {
      body: { vatId: SHOP_VAT_ID },
      as: owner,
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().message).toBe(SHOP_OWN_REFUSED);
  });
});

describe("an account's VAT ID", () => {
  it('charges the destination’s VAT until an admin verifies it, and the quote says why', async () => {
    const { account, addressId } = await buyerInBelgium();
    const saved = await setTax(account, BELGIAN);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<TaxDetails>()).toMatchObject({
      vatId: BELGIAN,
      vatIdValid: true,
      vatIdVerified: false,
    });
    expect(await quote(account, addressId)).toMatchObject({
      ...taxed,
      reverseCharge: false,
      vatIdUnverified: true,
    });

    const verified = await verifyUser(account, true);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json<TaxDetails>()).toMatchObject({ vatId: BELGIAN, vatIdVerified: true });
    expect(await lastAudit()).toMatchObject({
      action: 'user.vat_verified',
      targetType: 'user',
      targetId: await userId(account),
      summary: `Verified the VAT ID ${BELGIAN} of ${account.email}`,
    });
    expect(await quote(account, addressId)).toMatchObject({
      ...zeroRated,
      vatIdUnverified: false,
    });

    // And the order keeps the reverse charge.
    const order = await asCustomer(ctx.app, account).checkout(`vat-${Date.now()}`, {
      shippingAddressId: addressId,
      shippingMethodId: await givenFreeShipping(ctx.db),
    });
    expect(order.statusCode, order.body).toBe(201);
    expect(order.json()).toMatchObject({ reverseCharge: true, taxTotal: 0, grandTotal: 100 });

    const unverified = await verifyUser(account, false);
    expect(unverified.json<TaxDetails>().vatIdVerified).toBe(false);
    expect((await lastAudit())?.summary).toBe(
      `Marked the VAT ID ${BELGIAN} of ${account.email} as not verified`,
    );
  });

  it('is unverified again once changed, and stays verified when only the company name changes', async () => {
    const { account, addressId } = await buyerInBelgium();
    await setTax(account, BELGIAN);
    await verifyUser(account, true);
    const renamed = await inject(ctx.app, 'PUT /api/users/me/tax', {
      body: { companyName: 'Bakfiets & Zonen BV', vatId: 'be 0412.345.614' },
      as: account,
    });
    expect(renamed.json<TaxDetails>()).toMatchObject({ vatId: BELGIAN, vatIdVerified: true });

    const changed = await setTax(account, FRENCH);
    expect(changed.json<TaxDetails>()).toMatchObject({ vatId: FRENCH, vatIdVerified: false });
    expect(await quote(account, addressId)).toMatchObject({ ...taxed, vatIdUnverified: true });

    // Back to the Belgian one: a VAT ID verified before is not verified again by itself.
    expect((await setTax(account, BELGIAN)).json<TaxDetails>().vatIdVerified).toBe(false);
  });

  it("never zero-rates a VAT ID of the shop's own country, verified or not", async () => {
    const { account, addressId } = await buyerInBelgium();
    await setTax(account, DUTCH);
    expect(await quote(account, addressId)).toMatchObject({
      ...taxed,
      reverseCharge: false,
      vatIdUnverified: false,
    });
    expect((await verifyUser(account, true)).statusCode).toBe(200);
    expect(await quote(account, addressId)).toMatchObject({
      ...taxed,
      reverseCharge: false,
      vatIdUnverified: false,
    });
  });

  it('is verified by admins only; an account without a VAT ID has nothing to verify (409)', async () => {
    const { account } = await buyerInBelgium();
    await setTax(account, BELGIAN);
    const byBuyer = await verifyUser(account, true, account);
    expect(byBuyer.statusCode).toBe(403);
    const other = await signUp(ctx.app);
    const none = await verifyUser(other, true);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(`${other.email} has no VAT ID to verify.`);
    const missing = await inject(ctx.app, 'PUT /api/users/:id/vat-verified', {
      params: { id: 'nobody' },
      body: { verified: true },
      as: admin,
    });
    expect(missing.statusCode).toBe(404);
    const bad = await verifyUser(account, 'yes' as never);
    expect(bad.statusCode).toBe(400);
  });
});

describe("a company's VAT ID", () => {
  it('zero-rates its members’ EU orders once a shop admin verifies it in PATCH /companies/{id}, audited', async () => {
    const { owner, company } = await givenCompany(ctx.app, 'Bakfiets Antwerpen BV');
    const named = await inject(ctx.app, 'PATCH /api/companies/me', {
      body: { vatId: BELGIAN },
      as: owner,
    });
    expect(named.json()).toMatchObject({ vatId: BELGIAN, vatIdVerified: false });
    const { account: buyer } = await givenMember(ctx.app, owner);
    const { addressId } = await buyerInBelgium(buyer);
    expect(await quote(buyer, addressId)).toMatchObject({ ...taxed, vatIdUnverified: true });

    const verify = (vatIdVerified: boolean) =>
      inject(ctx.app, 'PATCH /api/companies/:id', {
        params: { id: company._id },
        body: { vatIdVerified },
        as: admin,
      });
    const verified = await verify(true);
    expect(verified.statusCode, verified.body).toBe(200);
    // Only what was sent changes: the terms and the limit stay as they were.
    expect(verified.json()).toMatchObject({ vatIdVerified: true, terms: null, creditLimit: 0 });
    expect(await lastAudit()).toMatchObject({
      action: 'company.vat_verified',
      targetType: 'company',
      targetId: company._id,
      summary: `Verified the VAT ID ${BELGIAN} of Bakfiets Antwerpen BV`,
    });
    expect(await quote(buyer, addressId)).toMatchObject(zeroRated);

    // The owner changing the VAT ID makes it unverified again; the name alone does not.
    await inject(ctx.app, 'PATCH /api/companies/me', { body: { name: 'Bakfiets BV' }, as: owner });
    expect((await quote(buyer, addressId)).reverseCharge).toBe(true);
    const changed = await inject(ctx.app, 'PATCH /api/companies/me', {
      body: { vatId: FRENCH },
      as: owner,
    });
    expect(changed.json()).toMatchObject({ vatId: FRENCH, vatIdVerified: false });
    expect(await quote(buyer, addressId)).toMatchObject({ ...taxed, vatIdUnverified: true });
    const listed = await inject(ctx.app, 'GET /api/companies', {
      query: { q: 'Bakfiets BV' },
      as: admin,
    });
    expect(listed.json().data[0]).toMatchObject({ vatId: FRENCH, vatIdVerified: false });
  });

  it('cannot be verified when the company has none (409), nor by anyone but a shop admin', async () => {
    const { owner, company } = await givenCompany(ctx.app, 'Geen BTW BV');
    const none = await inject(ctx.app, 'PATCH /api/companies/:id', {
      params: { id: company._id },
      body: { vatIdVerified: true },
      as: admin,
    });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('Geen BTW BV has no VAT ID to verify.');
    const byOwner = await inject(ctx.app, 'PATCH /api/companies/:id', {
      params: { id: company._id },
      body: { vatIdVerified: true },
      as: owner,
    });
    expect(byOwner.statusCode).toBe(403);
    const empty = await inject(ctx.app, 'PATCH /api/companies/:id', {
      params: { id: company._id },
      body: {},
      as: admin,
    });
    expect(empty.statusCode).toBe(400);
  });
});

describe('the demo company', () => {
  it('has a Belgian VAT ID that passes the checksum and is not the shop’s', () => {
    expect(checkVatId(demoCompany.vatId)).toEqual({
      valid: true,
      normalised: demoCompany.vatId,
      country: 'BE',
    });
    expect(demoCompany.vatId).not.toBe(demoShop.vatId);
  });
});

// VIES, stubbed on 127.0.0.1: it confirms the Belgian number, denies the French one, and never
// answers for the Dutch one (the shop waits VIES_TIMEOUT_MS, then leaves it unverified).
let vies: Server;
let viesCtx: TestApp;
let asked: { countryCode: string; vatNumber: string }[] = [];

describe('with VIES_CHECK=1', () => {
  beforeAll(async () => {
    vies = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const asks = JSON.parse(body) as { countryCode: string; vatNumber: string };
        asked.push(asks);
        if (asks.countryCode === 'NL') return; // never answers
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ ...asks, valid: asks.countryCode === 'BE' }));
      });
    });
    await new Promise<void>((resolve) => vies.listen(0, '127.0.0.1', resolve));
    const { port } = vies.address() as AddressInfo;
    viesCtx = await makeTestApp({
      ADMIN_EMAILS: ADMIN,
      VIES_CHECK: '1',
      VIES_URL: `http://127.0.0.1:${port}/check-vat-number`,
      VIES_TIMEOUT_MS: '300',
    });
    const viesAdmin = await signUp(viesCtx.app, { email: ADMIN, name: 'Vera VAT' });
    await dutchShop(viesCtx.app, viesAdmin);
  });
  afterAll(async () => {
    await viesCtx.app.close();
    vies.closeAllConnections();
    await new Promise((resolve) => vies.close(resolve));
  });

  it('verifies at once a VAT ID VIES confirms, for an account and for a company', async () => {
    asked = [];
    const buyer = await signUp(viesCtx.app);
    const saved = await setTax(buyer, BELGIAN, viesCtx.app);
    expect(saved.json<TaxDetails>()).toMatchObject({ vatId: BELGIAN, vatIdVerified: true });
    expect(asked).toEqual([{ countryCode: 'BE', vatNumber: '0412345614' }]);
    const made = await inject(viesCtx.app, 'POST /api/companies', {
      body: { name: 'Velo Gent BV', vatId: 'BE0876543270' },
      as: await signUp(viesCtx.app),
    });
    expect(made.json()).toMatchObject({ vatId: 'BE0876543270', vatIdVerified: true });
  });

  it('leaves unverified a VAT ID VIES does not confirm, or when it does not answer in time', async () => {
    const buyer = await signUp(viesCtx.app);
    const denied = await setTax(buyer, FRENCH, viesCtx.app);
    expect(denied.statusCode).toBe(200);
    expect(denied.json<TaxDetails>().vatIdVerified).toBe(false);
    const started = Date.now();
    const silent = await setTax(buyer, DUTCH, viesCtx.app);
    expect(silent.statusCode).toBe(200);
    expect(silent.json<TaxDetails>()).toMatchObject({ vatId: DUTCH, vatIdVerified: false });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('leaves it unverified when VIES cannot be reached at all', async () => {
    const unreachable = await makeTestApp({
      VIES_CHECK: '1',
      // A port nothing listens on.
      VIES_URL: 'http://127.0.0.1:9/check-vat-number',
      VIES_TIMEOUT_MS: '300',
    });
    try {
      const buyer = await signUp(unreachable.app);
      const saved = await setTax(buyer, BELGIAN, unreachable.app);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json<TaxDetails>()).toMatchObject({ vatId: BELGIAN, vatIdVerified: false });
    } finally {
      await unreachable.app.close();
    }
  });
});
