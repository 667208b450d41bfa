import { describe, expect, it } from 'vitest';
import { GOOD_CARD } from '../support/payments.ts';
import { insertCustomers } from './support/direct-customers.ts';
import { twoServerShop, withLimit } from './support/fault-test.ts';
import { SHARED_SECRET } from './support/server-process.ts';
import { call } from './support/shop-client.ts';

// Issue 34: "the partial-cancel refund is proven on PostgreSQL with two servers". An admin (or
// two) cancels pieces of one paid order from both servers at once, more than it has: no piece is
// cancelled twice, no credit note gives back more than is left, the card is refunded exactly
// what the notes say, and the stock comes back once per piece.

const ORDERED = 40;
const STOCK = 100;

describe('partial cancels at once, two servers on one PostgreSQL', () => {
  it('cancels 13 of 20 three-piece requests and a whole cancel racing them, refunding exactly what the credit notes say', async (context) => {
    const {
      database,
      servers: [a, b],
      admin,
      product,
    } = await twoServerShop(context, { stock: STOCK, lines: 15 });
    const query = (text: string, values?: unknown[]) => database.query(text, values);
    const [buyer] = await insertCustomers(query, { count: 1, secret: SHARED_SECRET, prefix: 'cx' });
    await query(
      `insert into address (user_id, name, line1, city, region, postal_code, country, is_default_shipping)
       values ($1, 'Workshop', '1 Main St', 'Portland', 'OR', '97201', 'US', true)`,
      [buyer!.id],
    );
    await query(
      `insert into shipping_method (name, countries, rate, delivery_min_days, delivery_max_days)
       values ('Courier', '{*}', '{"kind":"flat","priceCents":1250}', 1, 3)`,
    );
    const placed = await call(a.url, 'POST', '/api/orders', {
      cookie: buyer!.cookie,
      body: { productId: product._id, quantity: ORDERED, email: buyer!.email },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const orderId = (placed.body as { _id: string })._id;
    const intent = await call(a.url, 'POST', '/api/create-payment-intent', {
      cookie: buyer!.cookie,
      body: { orderId },
    });
    expect(intent.status, JSON.stringify(intent.body)).toBe(200);
    const charged = await call(a.url, 'POST', '/api/payments/test/confirm', {
      cookie: buyer!.cookie,
      body: { clientSecret: (intent.body as { clientSecret: string }).clientSecret, ...GOOD_CARD },
    });
    const paymentId = (charged.body as { paymentIntentId: string }).paymentIntentId;
    const paid = await call(b.url, 'PATCH', `/api/order/${orderId}`, {
      cookie: buyer!.cookie,
      body: { transactionId: paymentId },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const grandTotalCents = Math.round((paid.body as { grandTotal: number }).grandTotal * 100);

    // 20 requests for 3 pieces each (60 of 40) and 2 whole cancels, all at once, both servers.
    const answers = await withLimit(22, 22, (i) =>
      call(i % 2 === 0 ? a.url : b.url, 'POST', `/api/orders/${orderId}/cancel`, {
        cookie: admin.cookie,
        body:
          i < 20
            ? { lines: [{ productId: product._id, quantity: 3 }] }
            : { reason: `Whole cancel ${i}` },
      }),
    );
    const statuses = answers.map((r) => r.status);
    expect(
      statuses.every((s) => s === 200 || s === 400 || s === 409),
      JSON.stringify(answers.filter((r) => r.status >= 500).map((r) => r.body)),
    ).toBe(true);

    const notes = await database.query<{
      number: string;
      total_cents: number;
      refunded_at: Date | null;
    }>(
      `select number, total_cents, refunded_at from credit_note where order_id = $1 order by number`,
      [orderId],
    );
    const pieces = await database.query<{ n: string }>(
      `select coalesce(sum(quantity), 0) n from credit_note_line where order_id = $1`,
      [orderId],
    );
    const [line] = await database.query<{ cancelled: number }>(
      `select cancelled from order_line where order_id = $1`,
      [orderId],
    );
    // Every piece credited is a piece cancelled, at most all 40 of them.
    expect(Number(pieces[0]!.n)).toBe(line!.cancelled);
    expect(line!.cancelled).toBeLessThanOrEqual(ORDERED);
    // The partial cancels that succeeded are 3 pieces each; a whole cancel takes the rest.
    const okPartial = answers.slice(0, 20).filter((r) => r.status === 200).length;
    const okWhole = answers.slice(20).filter((r) => r.status === 200).length;
    expect(okWhole).toBeLessThanOrEqual(1);
    expect(notes).toHaveLength(okPartial + okWhole);
    if (okWhole === 0) expect(okPartial).toBe(13);
    // Money: the notes never give back more than the order cost; the card got exactly theirs.
    const given = notes.reduce((sum, n) => sum + n.total_cents, 0);
    expect(given).toBeLessThanOrEqual(grandTotalCents);
    if (line!.cancelled === ORDERED) expect(given).toBe(grandTotalCents);
    expect(notes.every((n) => n.refunded_at !== null)).toBe(true);
    const [refunded] = await database.query<{ refunded_cents: number }>(
      `select refunded_cents from test_payment_intent where id = $1`,
      [paymentId],
    );
    expect(refunded!.refunded_cents).toBe(given);
    // Numbers gap-free: one per note.
    const year = new Date().getUTCFullYear();
    expect(notes.map((n) => n.number)).toEqual(
      notes.map((_, i) => `CN-${year}-${String(i + 1).padStart(6, '0')}`),
    );
    // Stock: back once per piece, through the ledger, which adds up.
    const [stock] = await database.query<{ stock: number; moved: string }>(
      `select p.stock, (select sum(delta) from stock_movement m where m.product_id = p.id) moved
       from product p where p.id = $1`,
      [product._id],
    );
    expect(stock!.stock).toBe(STOCK - ORDERED + line!.cancelled);
    expect(Number(stock!.moved)).toBe(stock!.stock);
  });
});
