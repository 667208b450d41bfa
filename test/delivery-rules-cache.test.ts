import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order } from '../src/contract/orders.ts';
import { users } from '../src/server/db/schema.ts';
import { signUp } from './support/auth.ts';
import { CALIFORNIA, givenShipTo, givenShippingMethod, givenTaxRate } from './support/delivery.ts';
import { insertProduct } from './support/fixtures.ts';
import { inject, type Sender } from './support/inject.ts';
import { makeTestApp } from './support/test-app.ts';

// Checkouts and orders price delivery from cached methods, rates and shop details (they are
// read by every checkout and change only when an admin edits them). A change must reach the
// next order at once: through the API here, and through the database's own notice when another
// process (or a script) writes them.

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let admin: Sender;
let buyer: Awaited<ReturnType<typeof signUp>>;
let productId: string;
let rateId: string;

beforeAll(async () => {
  ctx = await makeTestApp({
    ADMIN_EMAILS: 'boss@example.com',
    ORDER_RATE_LIMIT: '1000',
    MAX_UNPAID_ORDERS: '100',
  });
  admin = await signUp(ctx.app, { email: 'boss@example.com', name: 'Boss Admin' });
  buyer = await signUp(ctx.app, { name: 'Cal Buyer' });
  await givenShipTo(ctx.app, buyer, CALIFORNIA);
  productId = (await insertProduct(ctx.db, { stock: 100_000, weightGrams: 100 })).id;
  await givenShippingMethod(ctx.app, admin, {
    name: 'Ground',
    countries: ['*'],
    rate: { kind: 'flat', price: 10 },
    deliveryDays: { min: 2, max: 4 },
  });
  const rate = await givenTaxRate(ctx.app, admin, {
    country: 'US',
    region: 'CA',
    rate: 10,
    name: 'CA sales tax',
  });
  rateId = rate._id;
});
afterAll(() => ctx.app.close());

/** A one-line order of ten pieces ($10.00 each unless the fixture says otherwise). */
async function order() {
  const res = await inject(ctx.app, 'POST /api/orders', {
    body: { productId, quantity: 10, email: buyer.email },
    as: buyer,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Order;
}

describe('delivery prices from the cache', () => {
  it('take an admin’s new tax rate from the next order on', async () => {
    const before = await order();
    expect(before.tax).toEqual([{ name: 'CA sales tax', rate: 10, amount: expect.any(Number) }]);
    const changed = await inject(ctx.app, 'PUT /api/tax-rates/:id', {
      params: { id: rateId },
      body: { country: 'US', region: 'CA', rate: 7.25, name: 'CA sales tax' },
      as: admin,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await order()).tax).toEqual([
      { name: 'CA sales tax', rate: 7.25, amount: expect.any(Number) },
    ]);
  });

  it('take a price written straight into the database from the next order on', async () => {
    expect((await order()).shipping).toBe(10);
    await ctx.db.execute(
      sql`update shipping_method set rate = '{"kind":"flat","priceCents":1500}'::jsonb`,
    );
    // The database tells every server process at commit; PostgreSQL's notice may take a moment.
    await vi.waitFor(async () => expect((await order()).shipping).toBe(15), { timeout: 5000 });
  });

  it('take an account made tax-exempt from its next order on', async () => {
    expect((await order()).tax).not.toEqual([]);
    const [account] = await ctx.db.select().from(users).where(eq(users.email, buyer.email));
    const exempt = await inject(ctx.app, 'PUT /api/users/:id/tax-exempt', {
      params: { id: account!.id },
      body: { exempt: true, certificate: 'CA-RESALE-123' },
      as: admin,
    });
    expect(exempt.statusCode, exempt.body).toBe(200);
    expect((await order()).tax).toEqual([]);
  });
});
