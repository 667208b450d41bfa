import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { twoServerShop } from './support/fault-test.ts';
import type { Database } from './support/postgres.ts';
import { call, placeOrder, signUp, type Caller } from './support/shop-client.ts';

// Issue 34: "Two admins receiving at once refund once. Test it on PostgreSQL." Two real server
// processes on one database; each return is received from both at once, several times each.

const ROUNDS = 6;
const SENDS_PER_SERVER = 3;

const count = async (database: Database, text: string, values: unknown[]) =>
  Number((await database.query<{ n: string }>(text, values))[0]?.n);

/**
 * An order of the customer's paid by card (its payment written as the test processor keeps a
 * charged one: the refund goes through it) and shipped in full by the admin.
 */
async function paidAndShipped(
  database: Database,
  url: string,
  admin: Caller,
  customer: Caller,
  productId: string,
) {
  const placed = await placeOrder(url, customer, productId, 10);
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const order = placed.body as { _id: string; grandTotal: number };
  const paymentId = `pi_test_race_${randomUUID().replaceAll('-', '')}`;
  const cents = Math.round(order.grandTotal * 100);
  await database.query(
    `insert into test_payment_intent (id, order_id, amount_cents, client_secret, status)
     values ($1, $2, $3, $4, 'succeeded')`,
    [paymentId, order._id, cents, `${paymentId}_secret`],
  );
  await database.query(
    `update "order" set status = 'paid', paid_at = now(), transaction_id = $2,
       amount_total_cents = $3 where id = $1`,
    [order._id, paymentId, cents],
  );
  const shipped = await call(url, 'POST', `/api/orders/${order._id}/shipments`, {
    cookie: admin.cookie,
    body: { lines: [{ productId, quantity: 10 }], carrier: 'DHL', trackingNumber: 'JD0001' },
  });
  expect(shipped.status, JSON.stringify(shipped.body)).toBe(201);
  return { orderId: order._id, paymentId };
}

describe('returns, two servers on one PostgreSQL', () => {
  it('refunds a return received by two admins at once exactly once: one credit note, one refund, the stock back once', async (context) => {
    const { database, servers, admin, product } = await twoServerShop(context, { stock: 1000 });
    const [a, b] = servers;
    const customer = await signUp(a.url);

    for (let round = 0; round < ROUNDS; round++) {
      const { orderId, paymentId } = await paidAndShipped(
        database,
        a.url,
        admin,
        customer,
        product._id,
      );
      const asked = await call(b.url, 'POST', `/api/orders/${orderId}/returns`, {
        cookie: customer.cookie,
        body: { lines: [{ productId: product._id, quantity: 4, reason: 'wrong_part' }] },
      });
      expect(asked.status, JSON.stringify(asked.body)).toBe(201);
      const { _id: returnId, number } = asked.body as { _id: string; number: string };
      const approved = await call(a.url, 'POST', `/api/returns/${returnId}/approve`, {
        cookie: admin.cookie,
        body: { instructions: 'ECParts Returns, Keizersgracht 1, Amsterdam' },
      });
      expect(approved.status, JSON.stringify(approved.body)).toBe(200);
      const stockBefore = await count(database, `select stock n from product where id = $1`, [
        product._id,
      ]);

      // Both servers at once, several times each: four of the ten pieces came back.
      const sends = [a, b].flatMap((s) => Array.from({ length: SENDS_PER_SERVER }, () => s));
      const answers = await Promise.all(
        sends.map((s) =>
          call(s.url, 'POST', `/api/returns/${returnId}/receive`, {
            cookie: admin.cookie,
            body: { lines: [{ productId: product._id, quantity: 4, condition: 'restock' }] },
          }),
        ),
      );
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses, JSON.stringify(answers.map((r) => r.body))).toEqual([
        200,
        ...Array.from({ length: sends.length - 1 }, () => 409),
      ]);
      for (const refused of answers.filter((r) => r.status === 409)) {
        expect((refused.body as { message: string }).message).toBe(
          `Return ${number} was received already, so it cannot be received.`,
        );
      }

      const events = (kind: string) =>
        count(database, `select count(*) n from order_event where order_id = $1 and event = $2`, [
          orderId,
          kind,
        ]);
      expect(await events('return_received')).toBe(1);
      expect(await events('credit_note')).toBe(1);
      expect(await events('refunded')).toBe(1);
      expect(
        await count(
          database,
          `select count(*) n from audit_log where target_id = $1 and action = 'payment.refund'`,
          [orderId],
        ),
      ).toBe(1);
      expect(
        await count(
          database,
          `select count(*) n from stock_movement where order_id = $1 and reason = 'returned'`,
          [orderId],
        ),
      ).toBe(1);
      expect(
        await count(database, `select stock n from product where id = $1`, [product._id]),
      ).toBe(stockBefore + 4);
      // One part refund at the provider, of the one credit note's total.
      expect(
        await count(database, `select count(*) n from credit_note where return_id = $1`, [
          returnId,
        ]),
      ).toBe(1);
      expect(
        await count(database, `select count(*) n from test_payment_refund where intent_id = $1`, [
          paymentId,
        ]),
      ).toBe(1);
      expect(
        await count(
          database,
          `select i.refunded_cents n from test_payment_intent i where i.id = $1`,
          [paymentId],
        ),
      ).toBe(
        await count(database, `select total_cents n from credit_note where return_id = $1`, [
          returnId,
        ]),
      );
      const row = (
        await database.query<{ status: string; credit_note_number: string; refunded_at: Date }>(
          `select status, credit_note_number, refunded_at from return_request where id = $1`,
          [returnId],
        )
      )[0];
      expect(row?.status).toBe('received');
      expect(row?.credit_note_number).toMatch(/^CN-\d{4}-\d{6}$/);
      expect(row?.refunded_at).not.toBeNull();
    }
  });
});
