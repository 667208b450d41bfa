import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { ShippingMethod, shippingMethodInput } from '../../src/contract/shipping-rules.ts';
import type { TaxRate, taxRateInput } from '../../src/contract/tax-rules.ts';
import type { App } from '../../src/server/app.ts';
import type { Db } from '../../src/server/db/client.ts';
import { shippingMethods } from '../../src/server/db/schema.ts';
import { inject, type Sender } from './inject.ts';
import { testAppDatabases } from './test-app.ts';

// Where test orders ship: a US address of the customer's own, by a free method that serves
// everywhere, so an order's grand total stays its goods unless a test prices delivery itself.

export const US_ADDRESS = {
  name: 'Robin Rider',
  company: 'Rider Cycles',
  line1: '100 Main St',
  city: 'Portland',
  region: 'OR',
  postalCode: '97201',
  country: 'US',
};

/** The test address in San Francisco, California: a state with a sales tax of its own. */
export const CALIFORNIA = {
  ...US_ADDRESS,
  city: 'San Francisco',
  region: 'CA',
  postalCode: '94105',
};

/** San Francisco's sales tax, as an admin enters it: 8.875% on orders shipped to California. */
export const CALIFORNIA_TAX = { country: 'US', region: 'CA', rate: 8.875, name: 'CA sales tax' };

const TEST_POST = 'Test post';

const shipTos = new WeakMap<App, Map<string, string>>();

const dbOf = (app: App) => {
  const db = testAppDatabases.get(app);
  if (!db) throw new Error('the delivery helpers need an app made by makeTestApp');
  return db;
};

/** Adds a US address to the customer's book (their default, if it is their first): its id. */
export async function givenShipTo(app: App, who: Sender, address: Partial<typeof US_ADDRESS> = {}) {
  const res = await inject(app, 'POST /api/addresses', {
    body: { ...US_ADDRESS, ...address },
    as: who,
  });
  if (res.statusCode !== 201) throw new Error(`address refused: ${res.statusCode} ${res.body}`);
  return res.json()._id;
}

/** The free "Test post" method (one per database): its id. */
export async function givenFreeShipping(db: Db) {
  const [found] = await db
    .select({ id: shippingMethods.id })
    .from(shippingMethods)
    .where(eq(shippingMethods.name, TEST_POST));
  if (found) return found.id;
  const [row] = await db
    .insert(shippingMethods)
    .values({
      name: TEST_POST,
      countries: ['*'],
      rate: { kind: 'flat', priceCents: 0 },
      deliveryMinDays: 1,
      deliveryMaxDays: 3,
    })
    .returning();
  return row!.id;
}

/** What a checkout sends for this customer: their test address (added once) and Test post. */
export async function givenDelivery(app: App, who: Sender) {
  const known = shipTos.get(app) ?? new Map<string, string>();
  shipTos.set(app, known);
  const key = who.cookie ?? who.token ?? '';
  const shippingAddressId = known.get(key) ?? (await givenShipTo(app, who));
  known.set(key, shippingAddressId);
  return { shippingAddressId, shippingMethodId: await givenFreeShipping(dbOf(app)) };
}

/** Ships an order that waits for a ship-to to the customer's test address by Test post. */
export async function setTestShipping(app: App, who: Sender, orderId: string) {
  const res = await inject(app, 'PUT /api/orders/:id/shipping', {
    params: { id: orderId },
    body: await givenDelivery(app, who),
    as: who,
  });
  if (res.statusCode !== 200) throw new Error(`shipping refused: ${res.statusCode} ${res.body}`);
  return res;
}

/** Methods the tests that price delivery add: by weight (to 1 kg $5, to 5 kg $9), everywhere. */
export const STANDARD_BY_WEIGHT = {
  name: 'Standard',
  countries: ['*'],
  rate: {
    kind: 'weight',
    bands: [
      { upToGrams: 1000, price: 5 },
      { upToGrams: 5000, price: 9 },
    ],
  },
  deliveryDays: { min: 3, max: 5 },
} satisfies z.input<typeof shippingMethodInput>;

/** ...and light post: up to 1 kg for $3, nothing heavier, everywhere. */
export const LIGHT_POST = {
  name: 'Light post',
  countries: ['*'],
  rate: { kind: 'weight', bands: [{ upToGrams: 1000, price: 3 }] },
  deliveryDays: { min: 5, max: 10 },
} satisfies z.input<typeof shippingMethodInput>;

/** A shop admin adds a shipping method through the API, as Admin Settings does: the method. */
export async function givenShippingMethod(
  app: App,
  admin: Sender,
  body: z.input<typeof shippingMethodInput>,
) {
  const res = await inject(app, 'POST /api/shipping-methods', { body, as: admin });
  if (res.statusCode !== 201) throw new Error(`method refused: ${res.statusCode} ${res.body}`);
  return res.json<ShippingMethod>();
}

/** A shop admin adds a tax rate through the API: the rate. */
export async function givenTaxRate(app: App, admin: Sender, body: z.input<typeof taxRateInput>) {
  const res = await inject(app, 'POST /api/tax-rates', { body, as: admin });
  if (res.statusCode !== 201) throw new Error(`tax rate refused: ${res.statusCode} ${res.body}`);
  return res.json<TaxRate>();
}
