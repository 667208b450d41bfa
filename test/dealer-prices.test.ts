import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPath } from '../src/contract/product-path.ts';
import { companies, companyMembers, users } from '../src/server/db/schema.ts';
import { signUp, type Account } from './support/auth.ts';
import { insertProduct, ladderInCents } from './support/fixtures.ts';
import { inject, type Sender } from './support/inject.ts';
import { asCustomer } from './support/requests.ts';
import { makeTestApp, testDatabaseKind } from './support/test-app.ts';

// A company's dealer prices: set by a shop admin, seen and paid by its members alone. Every
// public answer (the API's and the pages') is cached for everyone, so the tests below ask, in
// every order, that no dealer price lands in anything anybody else is served.

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let admin: Account;
let member: Account;
let rival: Account;
let loner: Account;
let veloId: string;
let rivalId: string;
let wrench: { id: string; name: string };
let spokes: { id: string; name: string; sku: string };

const TEMPLATE = `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
<!--page-head--><title>ECParts</title><!--/page-head--></head>
<body><div id="root"></div></body></html>`;

/** A company with these members, made in the database (inviting is tested elsewhere). */
async function companyOf(name: string, ...members: Account[]) {
  const [company] = await ctx.db.insert(companies).values({ name }).returning();
  for (const [i, account] of members.entries()) {
    const [user] = await ctx.db.select().from(users).where(eq(users.email, account.email));
    await ctx.db
      .insert(companyMembers)
      .values({ userId: user!.id, companyId: company!.id, role: i === 0 ? 'owner' : 'buyer' });
  }
  return company!.id;
}

const setPrices = (id: string, body: unknown, as: Sender = admin) =>
  inject(ctx.app, 'PUT /api/companies/:id/prices', { params: { id }, payload: body, as });

/** The member's company's deal: 12.5% off, and its own ladder for the spokes. */
const veloPrices = () => ({
  discountPercent: 12.5,
  products: [
    {
      productId: spokes.id,
      tiers: [
        { minQuantity: 10, price: 3.1 },
        { minQuantity: 100, price: 2.45 },
      ],
    },
  ],
});

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'ecparts-dealer-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), TEMPLATE);
  ctx = await makeTestApp({ WEB_DIST_DIR: dist, ADMIN_EMAILS: 'dealer-admin@example.com' });
  admin = await signUp(ctx.app, { email: 'dealer-admin@example.com', name: 'Dee Admin' });
  member = await signUp(ctx.app, { name: 'Mia Member' });
  rival = await signUp(ctx.app, { name: 'Ray Rival' });
  loner = await signUp(ctx.app, { name: 'Lou Loner' });
  veloId = await companyOf('Velo Werkstatt', member);
  rivalId = await companyOf('Rival Bikes', rival);
  // List: $10.00 from 10, $9.00 from 50. The member's company takes 12.5% off: $8.75 and
  // $7.875, which rounds half up to $7.88.
  wrench = await insertProduct(ctx.db, {
    name: 'Dealer cone wrench',
    tiers: ladderInCents([10, 1000], [50, 900]),
    stock: 1000,
  });
  // List $4.99 from 10; the company's own ladder: $3.10 from 10, $2.45 from 100.
  spokes = await insertProduct(ctx.db, {
    name: 'Dealer spoke set',
    sku: 'ECP-DLR-SPK',
    tiers: ladderInCents([10, 499]),
    stock: 1000,
  });
  const set = await setPrices(veloId, veloPrices());
  expect(set.statusCode, set.body).toBe(200);
  // The rival has its own deal on the wrench: what the member pays must not reach it either.
  expect((await setPrices(rivalId, { discountPercent: 5, products: [] })).statusCode).toBe(200);
  if (testDatabaseKind === 'postgres') await new Promise((resolve) => setTimeout(resolve, 300));
});
afterAll(() => ctx.app.close());

/**
 * Every dealer price of the member's that a page or answer could show, as a number of its own:
 * not part of a longer one, as in a timestamp's "…:32.455Z" (which once failed this test).
 */
const DEALER_PRICES = [/8\.75/, /7\.88/, /3\.10?/, /2\.45/].map(
  (price) => new RegExp(`(?<![\\d.])${price.source}(?!\\d)`, 'g'),
);
const dealerSeenIn = (body: string) => DEALER_PRICES.flatMap((price) => body.match(price) ?? []);

const tool = (id: string, as?: Sender) =>
  inject(ctx.app, 'GET /api/tools/:id', { params: { id }, ...(as ? { as } : {}) });
const tools = (as?: Sender) =>
  inject(ctx.app, 'GET /api/tools', { query: { q: 'dealer' }, ...(as ? { as } : {}) });
const page = (url: string, as?: Sender) =>
  ctx.app.inject({ method: 'GET', url, headers: as?.cookie ? { cookie: as.cookie } : {} });

describe("a shop admin's dealer prices", () => {
  it("answers the company's discount and own ladders beside the list ones", async () => {
    const res = await inject(ctx.app, 'GET /api/companies/:id/prices', {
      params: { id: veloId },
      as: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      companyId: veloId,
      discountPercent: 12.5,
      products: [
        {
          productId: spokes.id,
          sku: 'ECP-DLR-SPK',
          name: 'Dealer spoke set',
          tiers: [
            { minQuantity: 10, price: 3.1 },
            { minQuantity: 100, price: 2.45 },
          ],
          listTiers: [{ minQuantity: 10, price: 4.99 }],
        },
      ],
    });
  });

  it('writes who set which prices to the audit trail', async () => {
    const audit = await inject(ctx.app, 'GET /api/audit', { as: admin });
    const entry = audit
      .json()
      .data.find((e) => e.action === 'company.prices' && e.targetId === veloId);
    expect(entry?.actorEmail).toBe('dealer-admin@example.com');
    expect(entry?.summary).toBe(
      'Set the dealer prices of Velo Werkstatt: discount 12.5% (was 0%); own ladders: ECP-DLR-SPK 10+ $3.10 · 100+ $2.45',
    );
  });

  it('refuses an unknown product, a ladder that rises, an unknown company, and a non-admin', async () => {
    const unknown = await setPrices(veloId, {
      products: [
        {
          productId: '00000000-0000-4000-8000-000000000000',
          tiers: [{ minQuantity: 1, price: 1 }],
        },
      ],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('products.0.productId: No such product');
    const rising = await setPrices(veloId, {
      products: [
        {
          productId: spokes.id,
          tiers: [
            { minQuantity: 10, price: 2 },
            { minQuantity: 50, price: 3 },
          ],
        },
      ],
    });
    expect(rising.statusCode).toBe(400);
    expect(rising.json().message).toMatch(/A larger quantity cannot cost more per piece/);
    const nobody = await setPrices('00000000-0000-4000-8000-000000000000', { products: [] });
    expect(nobody.statusCode).toBe(404);
    expect((await setPrices(veloId, { products: [] }, member)).statusCode).toBe(403);
    // Nothing of the refused calls was kept.
    const kept = await inject(ctx.app, 'GET /api/companies/:id/prices', {
      params: { id: veloId },
      as: admin,
    });
    expect(kept.json().products).toHaveLength(1);
  });
});

describe("a member's catalogue", () => {
  it('shows the member the dealer ladder on the product and in the list, marked private', async () => {
    const one = await tool(wrench.id, member);
    expect(one.statusCode).toBe(200);
    expect(one.headers['cache-control']).toBe('private, no-store');
    expect(one.json()).toMatchObject({
      price: 8.75,
      tiers: [
        { minQuantity: 10, price: 8.75 },
        { minQuantity: 50, price: 7.88 },
      ],
    });
    const list = await tools(member);
    expect(list.headers['cache-control']).toBe('private, no-store');
    const byId = new Map(list.json().data.map((p) => [p._id, p]));
    expect(byId.get(wrench.id)?.price).toBe(8.75);
    expect(byId.get(spokes.id)?.tiers).toEqual([
      { minQuantity: 10, price: 3.1 },
      { minQuantity: 100, price: 2.45 },
    ]);
  });

  it("never serves a member's dealer price to anyone else, before or after the member's request warms the caches", async () => {
    const wrenchPage = productPath({ _id: wrench.id, name: wrench.name });
    const spokesPage = productPath({ _id: spokes.id, name: spokes.name });
    const others: (Sender | undefined)[] = [undefined, rival, loner];
    const everyoneElse = async () => {
      const seen: string[] = [];
      for (const who of others) {
        for (const res of [
          await tool(wrench.id, who),
          await tool(spokes.id, who),
          await tools(who),
          await page(wrenchPage, who),
          await page(spokesPage, who),
          await page('/shop?q=dealer', who),
        ]) {
          expect(res.statusCode).toBe(200);
          seen.push(...dealerSeenIn(res.body));
        }
      }
      return seen;
    };
    // Cold caches, then warmed by the others themselves.
    expect(await everyoneElse()).toEqual([]);
    expect(await everyoneElse()).toEqual([]);
    // The member's own requests, API and pages: their prices are in them.
    expect((await tool(wrench.id, member)).json().price).toBe(8.75);
    await tools(member);
    const own = await page(wrenchPage, member);
    expect(own.body).toContain('$8.75');
    expect(own.headers['cache-control']).toBe('private, no-cache');
    expect((await page(spokesPage, member)).body).toContain('$3.10');
    expect((await page('/shop?q=dealer', member)).body).toContain('$8.75');
    // And after them, everybody else still sees list prices only.
    expect(await everyoneElse()).toEqual([]);
    // Addresses the member is the first to ask for: nothing they were served is kept for others.
    const fresh = ['/shop?q=dealer+cone', `${wrenchPage}?from=member`];
    for (const url of fresh) expect((await page(url, member)).body).toContain('$8.75');
    const coneFirst = await inject(ctx.app, 'GET /api/tools', {
      query: { q: 'dealer cone' },
      as: member,
    });
    expect(coneFirst.json().data[0]?.price).toBe(8.75);
    for (const who of others) {
      for (const url of fresh) expect(dealerSeenIn((await page(url, who)).body)).toEqual([]);
      const cone = await inject(ctx.app, 'GET /api/tools', {
        query: { q: 'dealer cone' },
        ...(who ? { as: who } : {}),
      });
      expect(dealerSeenIn(cone.body)).toEqual([]);
    }
    expect((await tool(wrench.id)).json().price).toBe(10);
    expect((await tool(wrench.id, rival)).json().price).toBe(9.5);
    expect((await tool(wrench.id, loner)).json().price).toBe(10);
    expect((await tool(wrench.id)).headers['cache-control']).toBeUndefined();
    const signedOut = await page(wrenchPage);
    expect(signedOut.body).toContain('$10.00');
    expect(signedOut.headers['cache-control']).toBe('no-cache');
  });

  it('shows a shop admin the list prices of the catalogue they keep, even as a member', async () => {
    const adminsShop = await companyOf("Dee's Bikes", admin);
    expect((await setPrices(adminsShop, { discountPercent: 50, products: [] })).statusCode).toBe(
      200,
    );
    expect((await tool(wrench.id, admin)).json().price).toBe(10);
  });

  it("applies a change of the company's prices to the member's very next request", async () => {
    await setPrices(veloId, {
      discountPercent: 20,
      products: [{ productId: spokes.id, tiers: [{ minQuantity: 10, price: 3.1 }] }],
    });
    expect((await tool(wrench.id, member)).json().price).toBe(8);
    await setPrices(veloId, veloPrices());
    expect((await tool(wrench.id, member)).json().price).toBe(8.75);
  });
});

describe("a member's cart, quote and orders", () => {
  it('prices the cart, its quote, quick order, checkout, order again and one-line orders at dealer prices', async () => {
    const buyer = asCustomer(ctx.app, member);
    await buyer.emptyCart();
    const put = await buyer.setLine(spokes.id, 100);
    expect(put.json()).toMatchObject({
      lines: [{ productId: spokes.id, unitPrice: 2.45, lineTotal: 245 }],
      total: 245,
    });
    const added = await buyer.quickAdd('ECP-DLR-SPK 10');
    expect(added.json().cart.total).toBe(269.5);
    const quick = await inject(ctx.app, 'GET /api/cart/delivery', { as: member });
    expect(quick.json()).toMatchObject({
      lines: [{ productId: spokes.id, unitPrice: 2.45, lineTotal: 269.5 }],
      subtotal: 269.5,
    });
    const placed = await buyer.checkout(`dealer-${Date.now()}`);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({
      totalPrice: 269.5,
      lines: [{ productId: spokes.id, unitPrice: 2.45, quantity: 110 }],
    });
    const again = await buyer.reorder(placed.json()._id);
    expect(again.json().cart).toMatchObject({ lines: [{ unitPrice: 2.45 }], total: 269.5 });
    const one = await inject(ctx.app, 'POST /api/orders', {
      body: { productId: wrench.id, quantity: 50, email: member.email },
      as: member,
    });
    expect(one.statusCode, one.body).toBe(201);
    expect(one.json()).toMatchObject({ totalPrice: 394, lines: [{ unitPrice: 7.88 }] });
    // The same cart of someone in another company, or in none, is at its own prices.
    const other = asCustomer(ctx.app, loner);
    expect((await other.setLine(spokes.id, 100)).json().total).toBe(499);
    expect((await asCustomer(ctx.app, rival).setLine(wrench.id, 10)).json().total).toBe(95);
  });
});
