import { describe, expect, it } from 'vitest';
import { GOOD_CARD } from '../support/payments.ts';
import { insertCustomers, type DirectCustomer } from './support/direct-customers.ts';
import { twoServerShop, withLimit } from './support/fault-test.ts';
import { SHARED_SECRET, type ServerProcess } from './support/server-process.ts';
import { call } from './support/shop-client.ts';

// Invoice numbers are the bookkeeper's: per year, one up from the last, with no gap and no
// duplicate, however many payments two servers record at the same moment.

const ORDERS = 200;
const QUANTITY = 10;

type Placed = { _id: string; shippingAddress: unknown; invoiceNumber: string | null };

/** Every customer's default ship-to, and a free method that serves everywhere. */
async function deliveryFor(
  query: (text: string, values?: unknown[]) => Promise<unknown>,
  customers: DirectCustomer[],
) {
  await query(
    `insert into address (user_id, name, line1, city, region, postal_code, country, is_default_shipping)
     select id, 'Workshop', '1 Main St', 'Portland', 'OR', '97201', 'US', true
     from unnest($1::text[]) as u(id)`,
    [customers.map((c) => c.id)],
  );
  await query(
    `insert into shipping_method (name, countries, rate, delivery_min_days, delivery_max_days)
     values ('Test post', '{*}', '{"kind":"flat","priceCents":0}', 1, 3)`,
  );
}

/** Places one order for the customer, on this server, and makes sure it has a ship-to. */
async function place(server: ServerProcess, customer: DirectCustomer, productId: string) {
  const res = await call(server.url, 'POST', '/api/orders', {
    cookie: customer.cookie,
    body: { productId, quantity: QUANTITY, email: customer.email },
  });
  if (res.status !== 201)
    throw new Error(`order refused: ${res.status} ${JSON.stringify(res.body)}`);
  const order = res.body as Placed;
  if (!order.shippingAddress) throw new Error('the order took no default ship-to');
  return order;
}

/** Starts the payment and has the test processor charge it: the intent to report. */
async function charge(server: ServerProcess, customer: DirectCustomer, orderId: string) {
  const intent = await call(server.url, 'POST', '/api/create-payment-intent', {
    cookie: customer.cookie,
    body: { orderId },
  });
  if (intent.status !== 200) throw new Error(`intent refused: ${JSON.stringify(intent.body)}`);
  const { clientSecret } = intent.body as { clientSecret: string };
  const charged = await call(server.url, 'POST', '/api/payments/test/confirm', {
    cookie: customer.cookie,
    body: { clientSecret, ...GOOD_CARD },
  });
  if (charged.status !== 200) throw new Error(`charge refused: ${JSON.stringify(charged.body)}`);
  return (charged.body as { paymentIntentId: string }).paymentIntentId;
}

describe('invoice numbers under load, two servers on one PostgreSQL', () => {
  it('gives 200 orders paid at once invoice numbers 1 to 200 of the year, no gap and no duplicate', async (context) => {
    const {
      database,
      servers: [a, b],
      product,
    } = await twoServerShop(context, { stock: ORDERS * QUANTITY, lines: 15 });
    const serverOf = (i: number) => (i % 2 === 0 ? a : b);
    const query = (text: string, values?: unknown[]) => database.query(text, values);
    // One customer per order: the payment calls' rate limits count per account.
    const customers = await insertCustomers(query, {
      count: ORDERS,
      secret: SHARED_SECRET,
      prefix: 'payer',
    });
    await deliveryFor(query, customers);

    const orders = await withLimit(ORDERS, 20, (i) =>
      place(serverOf(i), customers[i]!, product._id),
    );
    const intents = await withLimit(ORDERS, 20, (i) =>
      charge(serverOf(i), customers[i]!, orders[i]!._id),
    );

    // Every payment reported at the same moment, half to each server.
    const reports = await withLimit(ORDERS, ORDERS, (i) =>
      call(serverOf(i + 1).url, 'PATCH', `/api/order/${orders[i]!._id}`, {
        cookie: customers[i]!.cookie,
        body: { transactionId: intents[i] },
      }),
    );
    expect(reports.filter((r) => r.status !== 200).map((r) => r.body)).toEqual([]);

    const year = new Date().getUTCFullYear();
    const expected = Array.from(
      { length: ORDERS },
      (_, i) => `INV-${year}-${String(i + 1).padStart(6, '0')}`,
    );
    const answered = reports.map((r) => (r.body as Placed).invoiceNumber);
    expect([...answered].sort()).toEqual(expected);
    const rows = await database.query<{ invoice_number: string | null }>(
      `select invoice_number from "order" where status = 'paid' order by invoice_number`,
    );
    expect(rows.map((r) => r.invoice_number)).toEqual(expected);
    const [counter] = await database.query<{ last: number }>(
      `select last from document_counter where kind = 'invoice' and year = $1`,
      [year],
    );
    expect(counter?.last).toBe(ORDERS);
  });
});
