import { describe, expect, it } from 'vitest';
import { GOOD_CARD } from '../support/payments.ts';
import { startReceiver } from '../support/webhook-receiver.ts';
import { insertCustomers, type DirectCustomer } from './support/direct-customers.ts';
import { twoServerShop, until, withLimit } from './support/fault-test.ts';
import { SHARED_SECRET, type ServerProcess } from './support/server-process.ts';
import { call } from './support/shop-client.ts';

// Webhooks are an outbox (docs/decisions/0030-webhooks-outbox.md): an order.paid event is
// written with the payment, and delivered at least once under one webhook-id, whatever the
// receiver answers and whichever server dies meanwhile.

const ORDERS = 200;
const QUANTITY = 10;

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

async function place(server: ServerProcess, customer: DirectCustomer, productId: string) {
  const res = await call(server.url, 'POST', '/api/orders', {
    cookie: customer.cookie,
    body: { productId, quantity: QUANTITY, email: customer.email },
  });
  if (res.status !== 201)
    throw new Error(`order refused: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { _id: string };
}

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

describe('webhook deliveries, two servers on one PostgreSQL', () => {
  it('delivers every order.paid of 200 payments under one id each, though the receiver fails half its answers and a server is killed with -9', async (context) => {
    // Every other answer is a 500. The receiver holds its answers until every payment is in,
    // so that the kill falls while deliveries are under way, not after.
    let answers = 0;
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const receiver = await startReceiver(
      (path) => (path === '/paid' && answers++ % 2 === 0 ? 500 : 200),
      () => released,
    );
    context.onTestFinished(() => receiver.close());
    const env = {
      WEBHOOK_ALLOW_PRIVATE: '1',
      // Short waits, and enough of them that half the answers failing never spends them.
      WEBHOOK_RETRY_SCHEDULE_MS: Array.from({ length: 20 }, () => '200').join(','),
      WEBHOOK_SWEEP_MS: '500',
    };
    const {
      database,
      servers: [a, b],
      admin,
      product,
    } = await twoServerShop(context, { env, stock: ORDERS * QUANTITY, lines: 30 });
    const registered = await call(a.url, 'POST', '/api/webhooks', {
      cookie: admin.cookie,
      body: { url: receiver.url('/paid'), events: ['order.paid'] },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);

    const query = (text: string, values?: unknown[]) => database.query(text, values);
    const customers = await insertCustomers(query, {
      count: ORDERS,
      secret: SHARED_SECRET,
      prefix: 'hooked',
    });
    await deliveryFor(query, customers);
    const serverOf = (i: number) => (i % 2 === 0 ? a : b);
    const orders = await withLimit(ORDERS, 20, (i) =>
      place(serverOf(i), customers[i]!, product._id),
    );
    const intents = await withLimit(ORDERS, 20, (i) =>
      charge(serverOf(i), customers[i]!, orders[i]!._id),
    );

    // Every payment reported, half to each server.
    const reports = await withLimit(ORDERS, 20, (i) =>
      call(serverOf(i + 1).url, 'PATCH', `/api/order/${orders[i]!._id}`, {
        cookie: customers[i]!.cookie,
        body: { transactionId: intents[i] },
      }),
    );
    expect(reports.filter((r) => r.status !== 200).map((r) => r.body)).toEqual([]);
    const paid = (
      await database.query<{ id: string }>(`select id from "order" where status = 'paid'`)
    ).map((r) => r.id);
    expect(paid).toHaveLength(ORDERS);

    // The receiver answers; once 40 deliveries are answered, the second server is killed with
    // SIGKILL, its tries in flight and its share of the queue unfinished.
    release();
    await until(() => receiver.received.length >= 40, 60_000, 5);
    const killedAt = receiver.received.length;
    await b.kill();
    const deliveredIds = () =>
      new Set(
        receiver
          .at('/paid')
          .filter((r) => r.status === 200)
          .map((r) => r.json.id),
      );
    const arrived = await until(() => deliveredIds().size >= paid.length, 180_000, 200);
    const got = receiver.at('/paid');
    const idsByOrder = new Map<string, Set<string>>();
    for (const r of got) {
      expect(r.json.type).toBe('order.paid');
      expect(r.headers['webhook-id']).toBe(r.json.id);
      const orderId = String(r.json.data._id);
      idsByOrder.set(orderId, (idsByOrder.get(orderId) ?? new Set()).add(r.json.id));
    }
    console.log(
      `${paid.length} orders paid; ${got.length} requests to the receiver (${got.filter((r) => r.status !== 200).length} refused); the second server killed after ${killedAt}; ${deliveredIds().size} events delivered`,
    );
    expect(arrived, `${deliveredIds().size} of ${paid.length} delivered`).toBe(true);
    // Every paid order reached it, each under one id, and nothing that was not paid.
    expect([...idsByOrder.keys()].sort()).toEqual([...paid].sort());
    expect([...idsByOrder.values()].filter((ids) => ids.size !== 1)).toEqual([]);
    // The log agrees: every delivery delivered.
    const log = await database.query<{ status: string; n: number }>(
      `select status, count(*)::int as n from webhook_delivery group by status`,
    );
    expect(log).toEqual([{ status: 'delivered', n: paid.length }]);
  });
});
