import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { stampsOf } from './columns.ts';

// The built-in test processor's intents, and the payment events handled once.

export const TEST_INTENT_STATUSES = [
  'requires_payment_method',
  // 3-D Secure: the card's bank asks the buyer to confirm (POST /payments/test/authenticate).
  'requires_action',
  'succeeded',
  'canceled',
] as const;

/** The built-in test payment processor's PaymentIntents (Stripe test-mode semantics). */
export const testPaymentIntents = pg.pgTable(
  'test_payment_intent',
  {
    id: pg.text('id').primaryKey(),
    orderId: pg.uuid('order_id').notNull(),
    amountCents: pg.integer('amount_cents').notNull(),
    clientSecret: pg.text('client_secret').notNull().unique(),
    // requires_payment_method -> (requires_action ->) succeeded | canceled, each step one
    // conditional update.
    status: pg
      .text('status', { enum: TEST_INTENT_STATUSES })
      .notNull()
      .default('requires_payment_method'),
    // Only the last four digits of a card ever reach the database.
    cardLast4: pg.text('card_last4'),
    failureMessage: pg.text('failure_message'),
    // The card it is paid with (test_payment_method), and whether the buyer asked to keep it
    // (Stripe's setup_future_usage).
    paymentMethodId: pg.text('payment_method_id'),
    setupFutureUsage: pg.boolean('setup_future_usage').notNull().default(false),
    // Who to tell if the payment has to be refunded after its order is gone.
    customerEmail: pg.text('customer_email'),
    // Set once the whole amount has been given back (at once, or in parts).
    refundedAt: pg.timestamp('refunded_at', { withTimezone: true }),
    // What has been given back so far, in parts (test_payment_refund) or whole.
    refundedCents: pg.integer('refunded_cents').notNull().default(0),
    ...stampsOf(),
  },
  (t) => [
    pg.index('test_payment_intent_order_idx').on(t.orderId),
    // At most one intent of an order can still be paid: two at once could both be charged.
    pg
      .uniqueIndex('test_payment_intent_one_live_idx')
      .on(t.orderId)
      .where(sql`${t.status} in ('requires_payment_method', 'requires_action')`),
  ],
);

/**
 * The built-in processor's PaymentMethods: what Stripe keeps of a card, never its number. How
 * the test card behaves later is kept instead (docs/decisions/0039-saved-cards.md).
 */
export const testPaymentMethods = pg.pgTable('test_payment_method', {
  id: pg.text('id').primaryKey(),
  brand: pg.text('brand').notNull(),
  last4: pg.text('last4').notNull(),
  expMonth: pg.integer('exp_month').notNull(),
  expYear: pg.integer('exp_year').notNull(),
  // Stripe's 3184 and 3220 cards: every charge asks for 3-D Secure.
  alwaysAuthenticate: pg.boolean('always_authenticate').notNull().default(false),
  // Stripe's 0341 card: attaching it succeeds, later charges of it are declined.
  laterDecline: pg.text('later_decline'),
  // The test customer it is attached to, once kept.
  customerId: pg.text('customer_id'),
  createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A shop account's customer at the payment provider (Stripe's Customer), made once. */
export const paymentCustomers = pg.pgTable(
  'payment_customer',
  {
    userId: pg
      .text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: pg.text('provider', { enum: ['stripe', 'test'] }).notNull(),
    customerRef: pg.text('customer_ref').notNull(),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [pg.primaryKey({ columns: [t.userId, t.provider] })],
);

/**
 * A buyer's kept card: the provider's reference, the brand, the last four digits and the
 * expiry. Never the number: the provider holds the card.
 */
export const savedCards = pg.pgTable(
  'saved_card',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    userId: pg
      .text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: pg.text('provider', { enum: ['stripe', 'test'] }).notNull(),
    methodRef: pg.text('method_ref').notNull(),
    customerRef: pg.text('customer_ref').notNull(),
    brand: pg.text('brand').notNull(),
    last4: pg.text('last4').notNull(),
    expMonth: pg.integer('exp_month').notNull(),
    expYear: pg.integer('exp_year').notNull(),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.index('saved_card_user_idx').on(t.userId),
    // One card kept once, whoever asks again.
    pg.uniqueIndex('saved_card_method_idx').on(t.provider, t.methodRef),
  ],
);

/** A part of a test payment given back, once per key (as Stripe's idempotency keys do). */
export const testPaymentRefunds = pg.pgTable('test_payment_refund', {
  key: pg.text('key').primaryKey(),
  intentId: pg
    .text('intent_id')
    .notNull()
    .references(() => testPaymentIntents.id, { onDelete: 'cascade' }),
  amountCents: pg.integer('amount_cents').notNull(),
  createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Provider webhook events already handled, so a replay changes nothing. */
export const paymentEvents = pg.pgTable('payment_event', {
  id: pg.text('id').primaryKey(),
  type: pg.text('type').notNull(),
  receivedAt: pg.timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
