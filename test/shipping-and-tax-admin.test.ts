import { afterAll, describe, expect, it } from 'vitest';
import type { ShippingMethod, ShippingMethodList } from '../src/contract/shipping-rules.ts';
import type { TaxRate, TaxRateList } from '../src/contract/tax-rules.ts';
import { shippingMethods, taxRates } from '../src/server/db/schema.ts';
import { demoShop } from '../src/server/db/seed-delivery.ts';
import { adminShop } from './support/admin-shop.ts';
import { inject } from './support/inject.ts';

const { ctx, admin, customer, latestAudit, adminDelete } = await adminShop();
afterAll(() => ctx.app.close());

const standard = {
  name: 'Standard',
  countries: ['*'],
  rate: {
    kind: 'weight' as const,
    bands: [
      { upToGrams: 2000, price: 9.5 },
      { upToGrams: 10000, price: 19 },
    ],
  },
  freeOver: 500,
  deliveryDays: { min: 3, max: 6 },
};

const express = {
  name: 'Express',
  countries: ['us', 'CA'],
  rate: { kind: 'flat' as const, price: 29.99 },
  deliveryDays: 2,
};

async function addMethod(body: typeof standard | typeof express) {
  const res = await inject(ctx.app, 'POST /api/shipping-methods', { as: admin, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ShippingMethod>();
}

describe('shipping methods', () => {
  it('are listed to anyone, by name, in dollars', async () => {
    await ctx.db.delete(shippingMethods);
    const added = await addMethod(standard);
    await addMethod(express);
    const res = await inject(ctx.app, 'GET /api/shipping-methods');
    expect(res.statusCode).toBe(200);
    const { data } = res.json<ShippingMethodList>();
    expect(data.map((m) => m.name)).toEqual(['Express', 'Standard']);
    expect(data[1]).toEqual({
      ...standard,
      rate: { ...standard.rate, perKgAbove: null },
      freeOverUpToGrams: null,
      _id: added._id,
    });
    expect(data[0]).toMatchObject({
      countries: ['US', 'CA'],
      rate: { kind: 'flat', price: 29.99 },
      freeOver: null,
      deliveryDays: { min: 2, max: 2 },
    });
  });

  it('keep their prices in cents', async () => {
    const added = await addMethod(express);
    const [row] = (await ctx.db.select().from(shippingMethods)).filter((m) => m.id === added._id);
    expect(row).toMatchObject({
      rate: { kind: 'flat', priceCents: 2999 },
      freeOverCents: null,
      deliveryMinDays: 2,
      deliveryMaxDays: 2,
    });
  });

  it('are kept by admins only', async () => {
    const method = await addMethod(express);
    const writes = [
      () => inject(ctx.app, 'POST /api/shipping-methods', { as: customer, body: express }),
      () =>
        inject(ctx.app, 'PUT /api/shipping-methods/:id', {
          as: customer,
          params: { id: method._id },
          body: express,
        }),
      () =>
        inject(ctx.app, 'DELETE /api/shipping-methods/:id', {
          as: customer,
          params: { id: method._id },
        }),
    ];
    for (const write of writes) expect((await write()).statusCode).toBe(403);
    expect(
      (await inject(ctx.app, 'POST /api/shipping-methods', { body: express })).statusCode,
    ).toBe(401);
  });

  it('change and go, each write in the audit trail; a method gone is no longer offered', async () => {
    const method = await addMethod(express);
    const changed = await inject(ctx.app, 'PUT /api/shipping-methods/:id', {
      as: admin,
      params: { id: method._id },
      body: { ...express, name: 'Express (courier)', rate: { kind: 'flat', price: 24 } },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ name: 'Express (courier)', rate: { price: 24 } });
    expect(await latestAudit()).toMatchObject({
      action: 'shipping_method.update',
      targetType: 'shipping_method',
      targetId: method._id,
      summary: expect.stringContaining('$24.00 flat'),
    });

    const removed = await adminDelete('DELETE /api/shipping-methods/:id', method._id);
    expect(removed.json()).toEqual({ deleted: true, _id: method._id });
    expect(await latestAudit()).toMatchObject({ action: 'shipping_method.delete' });
    const listed = (await inject(ctx.app, 'GET /api/shipping-methods')).json<ShippingMethodList>();
    expect(listed.data.map((m) => m._id)).not.toContain(method._id);
    const again = await adminDelete('DELETE /api/shipping-methods/:id', method._id);
    expect(again.statusCode).toBe(404);
  });

  it('keep a per-kg rate above the last band and a weight limit on free delivery, in cents and grams', async () => {
    const heavy = {
      ...standard,
      name: 'Standard heavy',
      rate: { ...standard.rate, perKgAbove: 1.25 },
      freeOverUpToGrams: 40_000,
    };
    const res = await inject(ctx.app, 'POST /api/shipping-methods', { as: admin, body: heavy });
    expect(res.statusCode, res.body).toBe(201);
    const added = res.json<ShippingMethod>();
    expect(added).toMatchObject({ rate: { perKgAbove: 1.25 }, freeOverUpToGrams: 40_000 });
    const [row] = (await ctx.db.select().from(shippingMethods)).filter((m) => m.id === added._id);
    expect(row).toMatchObject({
      rate: { kind: 'weight', perKgAboveCents: 125 },
      freeOverCents: 50_000,
      freeOverUpToGrams: 40_000,
    });
    expect(await latestAudit()).toMatchObject({
      action: 'shipping_method.create',
      summary: expect.stringContaining(
        '2 weight bands, then $1.25 a kg, free over $500.00 up to 40 kg',
      ),
    });
    const cleared = await inject(ctx.app, 'PUT /api/shipping-methods/:id', {
      as: admin,
      params: { id: added._id },
      body: { ...heavy, rate: standard.rate, freeOverUpToGrams: null },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ rate: { perKgAbove: null }, freeOverUpToGrams: null });
  });

  it('refuse a weight limit on free delivery without a free-over amount, saying so', async () => {
    const res = await inject(ctx.app, 'POST /api/shipping-methods', {
      as: admin,
      body: { ...standard, freeOver: null, freeOverUpToGrams: 40_000 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'freeOverUpToGrams: Free only up to a weight needs a free-over amount: enter one, or clear the weight',
    );
  });

  it('refuse a bad field with a 400 naming it', async () => {
    const bad = async (body: unknown) => {
      const res = await inject(ctx.app, 'POST /api/shipping-methods', { as: admin, payload: body });
      expect(res.statusCode).toBe(400);
      return res.json().message;
    };
    expect(await bad({ ...express, rate: { kind: 'flat', price: 1.234 } })).toMatch(
      /^rate\.price: Price has at most 2 decimals/,
    );
    expect(await bad({ ...express, countries: ['XX'] })).toMatch(/^countries\.0: XX is not/);
    expect(
      await bad({
        ...standard,
        rate: {
          kind: 'weight',
          bands: [
            { upToGrams: 5000, price: 5 },
            { upToGrams: 1000, price: 4 },
          ],
        },
      }),
    ).toMatch(/^rate\.bands\.1\.upToGrams: /);
  });
});

const vat = { country: 'NL', rate: 21, name: 'BTW' };

async function addRate(body: { country: string; region?: string; rate: number; name: string }) {
  return inject(ctx.app, 'POST /api/tax-rates', { as: admin, body });
}

describe('tax rates', () => {
  it('are added, listed in percent and kept in milli-percent', async () => {
    await ctx.db.delete(taxRates);
    const ca = await addRate({
      country: 'US',
      region: 'california',
      rate: 7.25,
      name: 'CA sales tax',
    });
    expect(ca.statusCode, ca.body).toBe(201);
    expect(ca.json()).toMatchObject({ country: 'US', region: 'CA', rate: 7.25 });
    expect((await addRate(vat)).statusCode).toBe(201);
    const { data } = (
      await inject(ctx.app, 'GET /api/tax-rates', { as: admin })
    ).json<TaxRateList>();
    expect(
      data.map(({ country, region, rate, name }) => ({ country, region, rate, name })),
    ).toEqual([
      { country: 'NL', region: null, rate: 21, name: 'BTW' },
      { country: 'US', region: 'CA', rate: 7.25, name: 'CA sales tax' },
    ]);
    const rows = await ctx.db.select().from(taxRates);
    expect(rows.map((r) => r.rateMilli).sort()).toEqual([21000, 7250]);
  });

  it('answer 409 for a second rate for the same place', async () => {
    await addRate({ country: 'DE', rate: 19, name: 'MwSt' });
    const again = await addRate({ country: 'de', rate: 7, name: 'MwSt reduced' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/^There is already a rate for Germany/);

    const ny = (
      await addRate({ country: 'US', region: 'NY', rate: 4, name: 'NY' })
    ).json<TaxRate>();
    const moved = await inject(ctx.app, 'PUT /api/tax-rates/:id', {
      as: admin,
      params: { id: ny._id },
      body: { country: 'DE', rate: 19, name: 'MwSt' },
    });
    expect(moved.statusCode).toBe(409);
  });

  it('change and go, in the audit trail', async () => {
    const fr = (await addRate({ country: 'FR', rate: 20, name: 'TVA' })).json<TaxRate>();
    const changed = await inject(ctx.app, 'PUT /api/tax-rates/:id', {
      as: admin,
      params: { id: fr._id },
      body: { country: 'FR', rate: 5.5, name: 'TVA réduite' },
    });
    expect(changed.json()).toMatchObject({ rate: 5.5, name: 'TVA réduite' });
    expect(await latestAudit()).toMatchObject({
      action: 'tax_rate.update',
      summary: 'Changed the tax rate to TVA réduite 5.5% in France',
    });
    const removed = await adminDelete('DELETE /api/tax-rates/:id', fr._id);
    expect(removed.statusCode).toBe(200);
    expect((await adminDelete('DELETE /api/tax-rates/:id', fr._id)).statusCode).toBe(404);
  });

  it('refuse more than 3 decimals, naming the rate', async () => {
    const res = await inject(ctx.app, 'POST /api/tax-rates', {
      as: admin,
      payload: { ...vat, country: 'BE', rate: 21.0005 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('rate: Rate has at most 3 decimals');
  });

  it('are for admins only, reading too', async () => {
    expect((await inject(ctx.app, 'GET /api/tax-rates', { as: customer })).statusCode).toBe(403);
    expect(
      (await inject(ctx.app, 'POST /api/tax-rates', { as: customer, body: vat })).statusCode,
    ).toBe(403);
  });
});

const shop = {
  legalName: 'ECParts B.V.',
  address: {
    name: 'Accounts',
    company: 'ECParts B.V.',
    line1: 'Keizersgracht 313',
    city: 'Amsterdam',
    postalCode: '1016 ee',
    country: 'nl',
  },
  vatId: 'nl 0044.95445.B01',
  invoicePrefix: 'inv',
  creditNotePrefix: 'CN',
};

describe("the shop's details", () => {
  it('start as the placeholder and come back as they were saved, normalised', async () => {
    const before = await inject(ctx.app, 'GET /api/settings/shop', { as: admin });
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toMatchObject({ invoicePrefix: 'INV', creditNotePrefix: 'CN' });

    const put = await inject(ctx.app, 'PUT /api/settings/shop', { as: admin, body: shop });
    expect(put.statusCode, put.body).toBe(200);
    const saved = (await inject(ctx.app, 'GET /api/settings/shop', { as: admin })).json();
    expect(saved).toEqual(put.json());
    // The demo shop's details, as `shop` spells them carelessly, but for its name and phone.
    expect(saved).toEqual({
      ...demoShop,
      address: { ...demoShop.address, name: 'Accounts', phone: '' },
    });
    expect(await latestAudit()).toMatchObject({ action: 'shop_settings.update' });
  });

  it('refuse an invalid VAT ID or prefix, naming the field', async () => {
    const bad = async (body: unknown) =>
      (await inject(ctx.app, 'PUT /api/settings/shop', { as: admin, payload: body })).json()
        .message;
    expect(await bad({ ...shop, vatId: 'NL123' })).toMatch(/^vatId: Enter a valid EU VAT ID/);
    expect(await bad({ ...shop, invoicePrefix: 'IN-V' })).toMatch(/^invoicePrefix: /);
    expect(await bad({ ...shop, address: { ...shop.address, city: '' } })).toMatch(
      /^address\.city: /,
    );
  });

  it('are for admins only', async () => {
    expect((await inject(ctx.app, 'GET /api/settings/shop', { as: customer })).statusCode).toBe(
      403,
    );
    expect(
      (await inject(ctx.app, 'PUT /api/settings/shop', { as: customer, body: shop })).statusCode,
    ).toBe(403);
  });
});
