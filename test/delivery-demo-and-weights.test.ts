import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Product } from '../src/contract/catalog.ts';
import type { ShippingMethodList } from '../src/contract/shipping-rules.ts';
import type { TaxRateList } from '../src/contract/tax-rules.ts';
import { checkVatId } from '../src/contract/vat-id.ts';
import { appMeta, products, shippingMethods, taxRates } from '../src/server/db/schema.ts';
import { seedDemoData } from '../src/server/db/seed.ts';
import { signUp, type Account } from './support/auth.ts';
import { inject } from './support/inject.ts';
import { makeTestApp } from './support/test-app.ts';

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let admin: Account;

beforeEach(async () => {
  ctx = await makeTestApp({ ADMIN_EMAILS: 'owner@example.com' });
  admin = await signUp(ctx.app, { email: 'owner@example.com', name: 'Olga Owner' });
});
afterEach(() => ctx.app.close());

const part = { name: 'Truing stand', price: 89, stock: 20, img: '/images/products/x.svg' };

describe("a product's weight", () => {
  it('is set when an admin adds the product, and shown with it', async () => {
    const res = await inject(ctx.app, 'POST /api/tools', {
      as: admin,
      body: { ...part, weightGrams: 2400 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const added = res.json<Product>();
    expect(added.weightGrams).toBe(2400);
    const shown = await inject(ctx.app, 'GET /api/tools/:id', { params: { id: added._id } });
    expect(shown.json<Product>().weightGrams).toBe(2400);
  });

  it('is 0 when not given, and an admin can change it', async () => {
    const added = (
      await inject(ctx.app, 'POST /api/tools', { as: admin, body: part })
    ).json<Product>();
    expect(added.weightGrams).toBe(0);
    const res = await inject(ctx.app, 'PATCH /api/tools/:id', {
      as: admin,
      params: { id: added._id },
      body: { weightGrams: 750 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Product>().weightGrams).toBe(750);
  });

  it('is a whole number of grams from 0 to 1,000,000, or a 400 naming it', async () => {
    for (const weightGrams of [-1, 1.5, 1_000_001]) {
      const res = await inject(ctx.app, 'POST /api/tools', {
        as: admin,
        payload: { ...part, weightGrams },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^weightGrams: Weight /);
    }
  });
});

describe('the demo data', () => {
  it("has an EU shop's details, three shipping methods, tax rates and a weight on every part", async () => {
    expect(await seedDemoData(ctx.db)).toBe(true);
    const shop = (await inject(ctx.app, 'GET /api/settings/shop', { as: admin })).json();
    expect(shop).toMatchObject({
      legalName: 'ECParts B.V.',
      address: { city: 'Amsterdam', country: 'NL' },
      invoicePrefix: 'INV',
      creditNotePrefix: 'CN',
    });
    expect(checkVatId(shop.vatId).valid).toBe(true);

    const methods = (await inject(ctx.app, 'GET /api/shipping-methods')).json<ShippingMethodList>();
    expect(methods.data.map((m) => [m.name, m.rate.kind, m.freeOver, m.countries])).toEqual([
      ['Express', 'flat', null, ['*']],
      ['Free standard', 'weight', 500, ['*']],
      ['Standard', 'weight', null, ['*']],
    ]);
    const rates = (await inject(ctx.app, 'GET /api/tax-rates', { as: admin })).json<TaxRateList>();
    expect(
      rates.data.map((r) => `${r.country}${r.region ? `-${r.region}` : ''} ${r.rate}`),
    ).toEqual(['BE 21', 'DE 19', 'FR 20', 'NL 21', 'US-CA 7.25', 'US-NY 4', 'US-TX 6.25']);
    const weights = await ctx.db.select({ w: products.weightGrams }).from(products);
    expect(weights.length).toBeGreaterThan(10);
    expect(weights.every(({ w }) => w > 0)).toBe(true);
  });

  it('comes to a demo database seeded before delivery, once, leaving what an admin set', async () => {
    expect(await seedDemoData(ctx.db)).toBe(true);
    // As an earlier version left it: no delivery data, no marker.
    await ctx.db.delete(appMeta).where(eq(appMeta.key, 'demo_delivery'));
    await ctx.db.delete(shippingMethods);
    await ctx.db.delete(taxRates);
    await ctx.db.update(products).set({ weightGrams: 0 });
    // An admin weighed one part already and rated Germany their own way.
    await ctx.db.update(products).set({ weightGrams: 999 }).where(eq(products.sku, 'ECP-PCW-01'));
    await ctx.db.insert(taxRates).values({ country: 'DE', rateMilli: 7_000, name: 'Reduced' });

    expect(await seedDemoData(ctx.db)).toBe(false);
    expect((await ctx.db.select().from(shippingMethods)).length).toBe(3);
    const de = (await ctx.db.select().from(taxRates)).filter((r) => r.country === 'DE');
    expect(de.map((r) => r.name)).toEqual(['Reduced']);
    const [whip] = await ctx.db.select().from(products).where(eq(products.sku, 'ECP-PCW-01'));
    expect(whip?.weightGrams).toBe(999);

    // Once: methods an admin removes afterwards stay removed.
    await ctx.db.delete(shippingMethods);
    await seedDemoData(ctx.db);
    expect(await ctx.db.select().from(shippingMethods)).toEqual([]);
  });
});
