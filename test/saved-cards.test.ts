import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  orders,
  savedCards,
  testPaymentIntents,
  testPaymentMethods,
} from '../src/server/db/schema.ts';
import { signUp } from './support/auth.ts';
import { givenDelivery } from './support/delivery.ts';
import { insertProduct } from './support/fixtures.ts';
import { inject } from './support/inject.ts';
import {
  GOOD_CARD,
  placeOrder,
  reportPayment,
  startPayment,
  THREE_D_SECURE_CARD,
} from './support/payments.ts';
import { makeTestApp } from './support/test-app.ts';

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let alice: Awaited<ReturnType<typeof signUp>>;
let bob: Awaited<ReturnType<typeof signUp>>;
let admin: Awaited<ReturnType<typeof signUp>>;

type Buyer = typeof alice;
const ADMIN = 'ada@saved-cards.test';

beforeAll(async () => {
  ctx = await makeTestApp({
    ADMIN_EMAILS: ADMIN,
    MAX_UNPAID_ORDERS: '1000',
    MAX_UNPAID_VALUE: '1000000',
    MAX_UNPAID_VALUE_UNVERIFIED: '1000000',
  });
  alice = await signUp(ctx.app, { name: 'Alice Wheel' });
  bob = await signUp(ctx.app, { name: 'Bob Brake' });
  admin = await signUp(ctx.app, { name: 'Ada Admin', email: ADMIN });
  await givenDelivery(ctx.app, alice);
  await givenDelivery(ctx.app, bob);
});
afterAll(() => ctx.app.close());

async function unpaidOrder(who: Buyer = alice) {
  const product = await insertProduct(ctx.db, { priceCents: 1250, stock: 1000 });
  const res = await placeOrder(ctx.app, who, product.id, 10);
  expect(res.statusCode).toBe(201);
  return res.json<{ _id: string }>();
}

async function clientSecretFor(orderId: string, who: Buyer = alice) {
  const res = await startPayment(ctx.app, who, orderId);
  expect(res.json()).toMatchObject({ provider: 'test' });
  return res.json().clientSecret as string;
}

const confirm = (clientSecret: string, card: typeof GOOD_CARD, keepCard: boolean, who = alice) =>
  inject(ctx.app, 'POST /api/payments/test/confirm', {
    body: { clientSecret, ...card, keepCard },
    as: who,
  });

const authenticate = (clientSecret: string, outcome: 'complete' | 'fail', who = alice) =>
  inject(ctx.app, 'POST /api/payments/test/authenticate', {
    body: { clientSecret, outcome },
    as: who,
  });

const keep = (who: Buyer, orderId: string, transactionId: string) =>
  inject(ctx.app, 'PATCH /api/order/:id', {
    params: { id: orderId },
    body: { transactionId, keepCard: true },
    as: who,
  });

const cardsOf = async (who: Buyer) =>
  (await inject(ctx.app, 'GET /api/me/cards', { as: who })).json().data;

const payWithCard = (orderId: string, cardId: string, who: Buyer = alice) =>
  inject(ctx.app, 'POST /api/payments/saved-card', { body: { orderId, cardId }, as: who });

/** Pays a new order with `card`, the box "Keep this card" ticked: the kept card's id. */
async function keptCard(card = GOOD_CARD, who: Buyer = alice) {
  const order = await unpaidOrder(who);
  const secret = await clientSecretFor(order._id, who);
  let charged = await confirm(secret, card, true, who);
  if (charged.json().status === 'requires_action')
    charged = await authenticate(secret, 'complete', who);
  expect(charged.json()).toMatchObject({ status: 'succeeded' });
  const paid = await keep(who, order._id, charged.json().paymentIntentId);
  expect(paid.json()).toMatchObject({ paid: true });
  const last4 = card.cardNumber.slice(-4);
  const kept = (await cardsOf(who)).find((c: { last4: string }) => c.last4 === last4);
  expect(kept).toBeDefined();
  return kept!._id as string;
}

/** Orders of saved-card payments get their ship-to when first paid (support/payments.ts). */
const paidOf = async (orderId: string) =>
  (await ctx.db.select().from(orders).where(eq(orders.id, orderId)))[0]?.status;

describe('saved cards', () => {
  it('keeps a card at payment only when asked, with its brand, last four digits and expiry', async () => {
    const notKept = await unpaidOrder();
    const secret = await clientSecretFor(notKept._id);
    const charged = await confirm(secret, GOOD_CARD, false);
    // Reporting with keepCard cannot keep a card the buyer did not confirm to be kept.
    await keep(alice, notKept._id, charged.json().paymentIntentId);
    expect(await cardsOf(alice)).toEqual([]);

    const id = await keptCard();
    const [card] = await cardsOf(alice);
    expect(card).toMatchObject({
      _id: id,
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2034,
      expired: false,
    });
    // The shop keeps the provider's reference and what shows, never the number.
    const [row] = await ctx.db.select().from(savedCards).where(eq(savedCards.id, id));
    expect(row?.methodRef).toMatch(/^pm_test_/);
    expect(JSON.stringify(row)).not.toContain('4242424242424242');
    const methods = await ctx.db.select().from(testPaymentMethods);
    expect(JSON.stringify(methods)).not.toContain('4242424242424242');
    // Reporting the same payment again keeps nothing twice.
    expect(await cardsOf(alice)).toHaveLength(1);
  });

  it('pays a second order with a kept card in one call', async () => {
    const cardId = await keptCard();
    const order = await unpaidOrder();
    const res = await payWithCard(order._id, cardId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'succeeded' });
    const reported = await reportPayment(ctx.app, alice, order._id, res.json().paymentIntentId);
    expect(reported.json()).toMatchObject({ paid: true });
    expect(await paidOf(order._id)).toBe('paid');
    const [intent] = await ctx.db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.id, res.json().paymentIntentId));
    expect(intent).toMatchObject({ status: 'succeeded', cardLast4: '4242' });
  });

  it('asks for 3-D Secure on a kept card as on a new one, and says the same when it fails', async () => {
    // A new card first: its bank asks, and a failed page reads as Stripe says it.
    const first = await unpaidOrder();
    const secret = await clientSecretFor(first._id);
    const asked = await confirm(secret, THREE_D_SECURE_CARD, true);
    expect(asked.json()).toMatchObject({ status: 'requires_action' });
    const newCardFailed = await authenticate(secret, 'fail');
    expect(newCardFailed.statusCode).toBe(402);

    const cardId = await keptCard(THREE_D_SECURE_CARD);
    const order = await unpaidOrder();
    const res = await payWithCard(order._id, cardId);
    expect(res.json()).toMatchObject({ status: 'requires_action' });
    expect(await paidOf(order._id)).toBe('unpaid');
    const failed = await authenticate(res.json().clientSecret, 'fail');
    expect(failed.statusCode).toBe(402);
    expect(failed.json()).toEqual(newCardFailed.json());
    expect(failed.json().message).toBe(
      'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
    );

    // Clicked again and completed: paid.
    const again = await payWithCard(order._id, cardId);
    expect(again.json()).toMatchObject({ status: 'requires_action' });
    const done = await authenticate(again.json().clientSecret, 'complete');
    expect(done.json()).toMatchObject({ status: 'succeeded' });
    await reportPayment(ctx.app, alice, order._id, done.json().paymentIntentId);
    expect(await paidOf(order._id)).toBe('paid');
  });

  it('declines a kept card with the words a new card gets', async () => {
    // Stripe's 0341: kept without trouble, later charges declined.
    const cardId = await keptCard({ ...GOOD_CARD, cardNumber: '4000 0000 0000 0341' });
    const order = await unpaidOrder();
    const declined = await payWithCard(order._id, cardId);
    expect(declined.statusCode).toBe(402);
    const newCard = await confirm(
      await clientSecretFor(order._id),
      { ...GOOD_CARD, cardNumber: '4000 0000 0000 0002' },
      false,
    );
    expect(declined.json()).toEqual(newCard.json());
    expect(declined.json()).toEqual({
      error: 'payment_failed',
      message: 'Your card was declined.',
    });

    // A kept card past its expiry is declined as an expired new card is.
    const old = await keptCard({ ...GOOD_CARD, cardNumber: '5555 5555 5555 4444' });
    await ctx.db.update(savedCards).set({ expYear: 2020 }).where(eq(savedCards.id, old));
    const [row] = await ctx.db.select().from(savedCards).where(eq(savedCards.id, old));
    await ctx.db
      .update(testPaymentMethods)
      .set({ expYear: 2020 })
      .where(eq(testPaymentMethods.id, row!.methodRef));
    expect((await cardsOf(alice)).find((c: { _id: string }) => c._id === old)).toMatchObject({
      brand: 'mastercard',
      expired: true,
    });
    const expired = await payWithCard(order._id, old);
    expect(expired.json()).toEqual({ error: 'payment_failed', message: 'Your card has expired.' });
    // The order is still there to pay with another card.
    expect(await paidOf(order._id)).toBe('unpaid');
    const paid = await confirm(await clientSecretFor(order._id), GOOD_CARD, false);
    expect(paid.json()).toMatchObject({ status: 'succeeded' });
  });

  it('never lets another customer, or an admin, see, use or remove a kept card', async () => {
    const cardId = await keptCard();
    // Not in their lists.
    expect(await cardsOf(bob)).toEqual([]);
    expect(await cardsOf(admin)).toEqual([]);
    // Bob's own order, Alice's card: as if it did not exist.
    const bobsOrder = await unpaidOrder(bob);
    const used = await payWithCard(bobsOrder._id, cardId, bob);
    expect(used.statusCode).toBe(404);
    expect(await paidOf(bobsOrder._id)).toBe('unpaid');
    // Alice's order and card, sent by Bob: not his order.
    const alicesOrder = await unpaidOrder();
    expect((await payWithCard(alicesOrder._id, cardId, bob)).statusCode).toBe(403);
    // Removing it: 404 for Bob and for the admin, and it stays Alice's.
    for (const who of [bob, admin]) {
      const res = await inject(ctx.app, 'DELETE /api/me/cards/:id', {
        params: { id: cardId },
        as: who,
      });
      expect(res.statusCode).toBe(404);
    }
    expect((await cardsOf(alice)).map((c: { _id: string }) => c._id)).toContain(cardId);
    // Nobody signed in: 401.
    expect((await inject(ctx.app, 'GET /api/me/cards', {})).statusCode).toBe(401);
    // A made-up id is not found either.
    const made = await payWithCard(alicesOrder._id, 'not-a-card');
    expect(made.statusCode).toBe(404);
  });

  it('removes a kept card: gone from the list, detached, and it can pay no more', async () => {
    const cardId = await keptCard();
    const [row] = await ctx.db.select().from(savedCards).where(eq(savedCards.id, cardId));
    const res = await inject(ctx.app, 'DELETE /api/me/cards/:id', {
      params: { id: cardId },
      as: alice,
    });
    expect(res.json()).toEqual({ deleted: true, _id: cardId });
    expect((await cardsOf(alice)).map((c: { _id: string }) => c._id)).not.toContain(cardId);
    const [method] = await ctx.db
      .select()
      .from(testPaymentMethods)
      .where(eq(testPaymentMethods.id, row!.methodRef));
    expect(method?.customerId).toBeNull();
    const order = await unpaidOrder();
    expect((await payWithCard(order._id, cardId)).statusCode).toBe(404);
    const again = await inject(ctx.app, 'DELETE /api/me/cards/:id', {
      params: { id: cardId },
      as: alice,
    });
    expect(again.statusCode).toBe(404);
  });
});
