import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createReadCache } from '../src/server/cache/read-cache.ts';
import { auditLog, orders, products, testPaymentIntents } from '../src/server/db/schema.ts';
import { expireHeldOrders } from '../src/server/flows/steps/expire-held-orders.ts';
import { outboxFor, signUp } from './support/auth.ts';
import { givenDelivery } from './support/delivery.ts';
import { insertProduct } from './support/fixtures.ts';
import { makeTestApp } from './support/test-app.ts';
import { inject } from './support/inject.ts';
import { chargeCard, ordersAndIntents, placeOrder, reportPayment } from './support/payments.ts';

type Ctx = Awaited<ReturnType<typeof makeTestApp>>;
type Who = { cookie: string; email: string; ip: string };

let ctx: Ctx;
let customers: Who[];
let alice: Who;

beforeAll(async () => {
  // The race places 50 orders at once; the cap on unpaid orders is order-holds.test.ts's.
  ctx = await makeTestApp({ MAX_UNPAID_ORDERS: '1000' });
  customers = [];
  for (let i = 0; i < 5; i++) {
    const account = await signUp(ctx.app, { name: `Racer ${i}` });
    // Their orders ship to their default address, so they can be paid.
    await givenDelivery(ctx.app, account);
    // Each customer from an address of their own, as real customers are: per-client limits
    // see five clients, not one.
    customers.push({ ...account, ip: `192.0.2.${10 + i}` });
  }
  alice = customers[0]!;
});
afterAll(() => ctx.app.close());

async function orderWithIntent(who: Who, productId: string, quantity = 10) {
  const placed = await placeOrder(ctx.app, who, productId, quantity);
  if (placed.statusCode !== 201) throw new Error(`order failed: ${placed.body}`);
  const { _id } = placed.json<{ _id: string }>();
  const intent = await inject(ctx.app, 'POST /api/create-payment-intent', {
    body: { orderId: _id },
    as: who,
  });
  if (intent.statusCode !== 200) throw new Error(`intent failed: ${intent.body}`);
  const { clientSecret } = intent.json<{ clientSecret: string }>();
  return { orderId: _id, clientSecret, intentId: clientSecret.split('_secret_')[0]! };
}

const later = <T>(ms: number, run: () => Promise<T>) =>
  new Promise<T>((resolve, reject) => setTimeout(() => run().then(resolve, reject), ms));

const confirm = (who: Who, clientSecret: string) => chargeCard(ctx.app, who, clientSecret);

const intentRow = async (id: string) =>
  (await ctx.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id)))[0];
const orderRow = async (id: string) =>
  (await ctx.db.select().from(orders).where(eq(orders.id, id)))[0];
const stockOf = async (id: string) =>
  (await ctx.db.select().from(products).where(eq(products.id, id)))[0]?.stock;

describe('deleting an order whose payment has started', () => {
  it('cancels the payment first, so the card can no longer be charged for it', async () => {
    const product = await insertProduct(ctx.db, { stock: 100 });
    const { orderId, clientSecret, intentId } = await orderWithIntent(alice, product.id, 30);
    const deleted = await inject(ctx.app, 'DELETE /api/orders/:id', {
      params: { id: orderId },
      as: alice,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await stockOf(product.id)).toBe(100);
    expect((await intentRow(intentId))?.status).toBe('canceled');

    const charge = await confirm(alice, clientSecret);
    expect(charge.statusCode).toBe(409);
    expect(charge.json().message).toBe('This payment was cancelled and can no longer be made.');
    expect((await intentRow(intentId))?.status).toBe('canceled');
  });

  it('is refused once the payment went through: the order is paid instead, and stays', async () => {
    const product = await insertProduct(ctx.db, { stock: 100 });
    const { orderId, clientSecret } = await orderWithIntent(alice, product.id, 20);
    expect((await confirm(alice, clientSecret)).statusCode).toBe(200);

    const refused = await inject(ctx.app, 'DELETE /api/orders/:id', {
      params: { id: orderId },
      as: alice,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('A paid order cannot be deleted.');
    expect(await orderRow(orderId)).toMatchObject({ status: 'paid' });
    expect(await stockOf(product.id)).toBe(80);
    // The customer hears about the payment once, though they never reported it themselves.
    const number = `Order #${(await orderRow(orderId))!.number}`;
    await vi.waitFor(() => {
      const mails = outboxFor(ctx.config.dataDir, alice.email).filter(
        (m) => m.subject.startsWith('Payment received') && m.text.includes(number),
      );
      expect(mails).toHaveLength(1);
    });
  });
});

describe('a payment that succeeds for an order that is expired or gone', () => {
  it('is refunded, recorded in the audit trail and mailed, once, when the order expired first', async () => {
    const product = await insertProduct(ctx.db, { stock: 100, priceCents: 1250 });
    const { orderId, clientSecret, intentId } = await orderWithIntent(alice, product.id, 20);
    expect((await confirm(alice, clientSecret)).statusCode).toBe(200);
    // The hold ends and the sweep runs before the customer's report arrives.
    await ctx.db
      .update(orders)
      .set({ holdUntil: sql`now() - interval '1 second'` })
      .where(eq(orders.id, orderId));
    expect(await expireHeldOrders(ctx.db, createReadCache())).toBe(1);

    const report = () => reportPayment(ctx.app, alice, orderId, intentId);
    const first = await report();
    expect(first.statusCode).toBe(409);
    expect(first.json().message).toMatch(/^Your payment has been refunded in full: the order/);
    expect(await orderRow(orderId)).toMatchObject({ status: 'expired' });
    expect((await intentRow(intentId))?.refundedAt).toBeInstanceOf(Date);
    expect((await report()).statusCode).toBe(409);

    const trail = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment.refund'), eq(auditLog.targetId, orderId)));
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ actorId: 'system', targetType: 'order' });
    expect(trail[0]?.summary).toContain('$250.00');
    await vi.waitFor(() => {
      const mails = outboxFor(ctx.config.dataDir, alice.email).filter((m) =>
        m.subject.startsWith('Payment refunded'),
      );
      expect(mails.filter((m) => m.text.includes(intentId))).toHaveLength(1);
    });
    // The money is back, so the expired order may now go.
    expect(
      (await inject(ctx.app, 'DELETE /api/orders/:id', { params: { id: orderId }, as: alice }))
        .statusCode,
    ).toBe(200);
  });

  it('is refunded to the email on the payment when the order has vanished', async () => {
    const product = await insertProduct(ctx.db, { stock: 100 });
    const { orderId, clientSecret, intentId } = await orderWithIntent(alice, product.id);
    expect((await confirm(alice, clientSecret)).statusCode).toBe(200);
    // Removed behind the shop's back (a script, a restore): the payment has no order left.
    await ctx.db.delete(orders).where(eq(orders.id, orderId));

    const res = await reportPayment(ctx.app, alice, orderId, intentId);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/refunded in full: the order had been deleted/);
    expect((await intentRow(intentId))?.refundedAt).toBeInstanceOf(Date);
    await vi.waitFor(() => {
      const mails = outboxFor(ctx.config.dataDir, alice.email).filter(
        (m) => m.subject.startsWith('Payment refunded') && m.text.includes(intentId),
      );
      expect(mails).toHaveLength(1);
    });
    // Someone else reporting it learns nothing and refunds nothing more.
    const other = customers[1]!;
    const stranger = await reportPayment(ctx.app, other, orderId, intentId);
    expect(stranger.statusCode).toBe(404);
  });
});

describe('delete against confirm, raced', () => {
  it('50 rounds at once: each order ends paid and present, or deleted with its payment cancelled, never charged and gone', async () => {
    const STOCK = 100_000;
    const product = await insertProduct(ctx.db, { stock: STOCK });
    const rounds = await Promise.all(
      Array.from({ length: 50 }, (_, i) => orderWithIntent(customers[i % 5]!, product.id)),
    );
    const answers = await Promise.all(
      rounds.map(async (round, i) => {
        const who = customers[i % 5]!;
        // Both at once, the delete sent a little before or after the card (0 to 180 ms), so
        // that each side wins some rounds.
        const lag = (i % 10) * 20;
        const [charge, removal] = await Promise.all([
          i % 2 === 0
            ? confirm(who, round.clientSecret)
            : later(lag, () => confirm(who, round.clientSecret)),
          i % 2 === 0
            ? later(lag, () =>
                inject(ctx.app, 'DELETE /api/orders/:id', {
                  params: { id: round.orderId },
                  as: who,
                }),
              )
            : inject(ctx.app, 'DELETE /api/orders/:id', { params: { id: round.orderId }, as: who }),
        ]);
        return { charge: charge.statusCode, removal: removal.statusCode };
      }),
    );

    const ids = rounds.map((r) => r.orderId);
    const { left, intents } = await ordersAndIntents(ctx.db, ids);
    let paid = 0;
    for (const [i, round] of rounds.entries()) {
      const order = left.find((o) => o.id === round.orderId);
      const intent = intents.find((t) => t.id === round.intentId);
      const seen = JSON.stringify({ answers: answers[i], order: order?.status, intent });
      if (order) {
        // Kept: the card won, and the delete, seeing the payment, settled it.
        expect(order.status, seen).toBe('paid');
        expect(intent?.status, seen).toBe('succeeded');
        expect(answers[i], seen).toEqual({ charge: 200, removal: 409 });
        paid += 1;
      } else {
        // Deleted: either no money was taken, or it went back.
        const noMoney = intent?.status === 'canceled';
        const refunded = intent?.status === 'succeeded' && intent.refundedAt !== null;
        expect(noMoney || refunded, seen).toBe(true);
        expect(answers[i]?.removal, seen).toBe(200);
      }
    }
    // Every paid order still holds its stock; every deleted one gave its back.
    expect(await stockOf(product.id)).toBe(STOCK - paid * 10);
  }, 120_000);
});
