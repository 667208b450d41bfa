import { eq } from 'drizzle-orm';
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
