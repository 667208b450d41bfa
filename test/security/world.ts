import { eq, sql } from 'drizzle-orm';
import { contactMessages, orders, users } from '../../src/server/db/schema.ts';
import { ORIGIN, signUp, uniqueEmail } from '../support/auth.ts';
import { insertBlog, insertProduct } from '../support/fixtures.ts';
import { givenFreeShipping, US_ADDRESS } from '../support/delivery.ts';
import { GOOD_CARD } from '../support/payments.ts';
import { makeTestApp } from '../support/test-app.ts';

export const roles = ['anon', 'customer', 'otherCustomer', 'admin'] as const;
export type Role = (typeof roles)[number];

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Account = Awaited<ReturnType<typeof signUp>> & { id: string };

/** A card the built-in test processor charges (Stripe's 4242 test card). */

export const ADMIN_EMAIL = 'chief@security.test';

/**
 * The cast every security test uses: a customer who owns the objects under test, another
 * customer, and an admin, on a fresh app. Helpers create the objects the customer owns.
 */
export async function makeWorld(env: Record<string, string> = {}) {
  // These suites call every route many times as one customer; the order limits have their own
  // tests (test/rate-limits.test.ts, test/order-holds.test.ts).
  const ctx = await makeTestApp({
    ADMIN_EMAILS: ADMIN_EMAIL,
    ORDER_RATE_LIMIT: '100000',
    MAX_UNPAID_ORDERS: '10000',
    // Nor are the hold caps (test/hoarding.test.ts): these customers hold many unpaid orders.
    MAX_UNPAID_VALUE_UNVERIFIED: '1000000',
    MAX_UNPAID_VALUE: '1000000',
    MAX_UNPAID_SHARE: '100',
    ...env,
  });
  const { app, db } = ctx;

  async function account(options: { name?: string; email?: string } = {}): Promise<Account> {
    const created = await signUp(app, options);
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, created.email));
    return { ...created, id: row!.id };
  }

  const customer = await account({ name: 'Casey Customer' });
  const otherCustomer = await account({ name: 'Olive Other' });
  const admin = await account({ name: 'Chief Admin', email: ADMIN_EMAIL });
  const accounts: Record<Role, Account | undefined> = {
    anon: undefined,
    customer,
    otherCustomer,
    admin,
  };

  /** A request as `role` would send it from the shop's own pages (same Origin). */
  function send(
    role: Role,
    method: Method,
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) {
    const cookie = accounts[role]?.cookie;
    return app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}), ...headers },
    });
  }

  const product = (overrides: Parameters<typeof insertProduct>[1] = {}) =>
    insertProduct(db, { stock: 100_000, ...overrides });

  const shipTos = new Map<string, string>();

  /**
   * The account's default ship-to address (added on first use) and a free method for every
   * country: the one-line order then ships there, priced, and can be paid.
   */
  async function shipTo(owner: Account = customer) {
    const known = shipTos.get(owner.email);
    if (known) return { shippingAddressId: known, shippingMethodId: await givenFreeShipping(db) };
    const res = await send(roleOf(owner), 'POST', '/api/addresses', {
      ...US_ADDRESS,
      name: owner.name,
    });
    if (res.statusCode !== 201) throw new Error(`address failed: ${res.statusCode} ${res.body}`);
    shipTos.set(owner.email, res.json<{ _id: string }>()._id);
    return shipTo(owner);
  }

  /** An unpaid order of 10 placed through the API by `owner` (the customer by default). */
  async function order(owner: Account = customer) {
    await shipTo(owner);
    const { id } = await product();
    const res = await send(roleOf(owner), 'POST', '/api/orders', {
      productId: id,
      quantity: 10,
      email: owner.email,
    });
    if (res.statusCode !== 201) throw new Error(`order failed: ${res.statusCode} ${res.body}`);
    return res.json<{ _id: string; totalPrice: number }>();
  }

  /** A payment the test processor has charged for the customer's order, not yet reported. */
  async function chargedPayment(orderId: string) {
    const intent = await send('customer', 'POST', '/api/create-payment-intent', { orderId });
    if (intent.statusCode !== 200) throw new Error(`intent failed: ${intent.body}`);
    const { clientSecret } = intent.json<{ clientSecret: string }>();
    const confirmed = await send('customer', 'POST', '/api/payments/test/confirm', {
      clientSecret,
      ...GOOD_CARD,
    });
    if (confirmed.statusCode !== 200) throw new Error(`charge failed: ${confirmed.body}`);
    return confirmed.json<{ paymentIntentId: string }>().paymentIntentId;
  }

  /** An order the customer has paid (marked in the database: shipping only needs the status). */
  async function paidOrder() {
    const placed = await order();
    await db
      .update(orders)
      .set({ status: 'paid', paidAt: new Date(), transactionId: `pi_test_${placed._id}` })
      .where(eq(orders.id, placed._id));
    return placed;
  }

  const roleOf = (who: Account): Role =>
    roles.find((role) => accounts[role]?.email === who.email) ?? 'customer';

  return {
    ...ctx,
    customer,
    otherCustomer,
    admin,
    accounts,
    send,
    product,
    blog: () => insertBlog(db),
    /** A review through the API (by the admin, whose review limit no test spends). */
    review: async () => {
      const res = await send('admin', 'POST', '/api/review', {
        desc: 'Fast delivery.',
        rating: 4,
      });
      if (res.statusCode !== 201) throw new Error(`review failed: ${res.statusCode} ${res.body}`);
      return res.json<{ _id: string }>();
    },
    /** A Contact Us message (written directly: the form's own limit is per address). */
    contactMessage: async () => {
      const [row] = await db
        .insert(contactMessages)
        .values({ name: 'Pat', email: 'pat@example.com', message: 'Do you sell on net-30 terms?' })
        .returning({ _id: contactMessages.id });
      return row!;
    },
    order,
    shipTo,
    paidOrder,
    chargedPayment,
    /**
     * Starts every rate-limit window afresh, for tests about something else that call one
     * account's limited routes many times (the limits have tests of their own).
     */
    forgetRateLimits: () => db.execute(sql`delete from rate_limit`),
    /** A user nobody else in the test touches (to delete or promote). */
    bystander: () => account({ name: 'Bea Bystander', email: uniqueEmail('bystander') }),
  };
}

export type World = Awaited<ReturnType<typeof makeWorld>>;
