import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { stampsOf } from './columns.ts';

// The built-in test processor's intents, and the payment events handled once.

export const TEST_INTENT_STATUSES = ['requires_payment_method', 'succeeded', 'canceled'] as const;

/** The built-in test payment processor's PaymentIntents (Stripe test-mode semantics). */
export const testPaymentIntents = pg.pgTable(
  'test_payment_intent',
  {
    id: pg.text('id').primaryKey(),
    orderId: pg.uuid('order_id').notNull(),
    amountCents: pg.integer('amount_cents').notNull(),
    clientSecret: pg.text('client_secret').notNull().unique(),
    // requires_payment_method -> succeeded | canceled, each step one conditional update.
    status: pg
      .text('status', { enum: TEST_INTENT_STATUSES })
      .notNull()
      .default('requires_payment_method'),
    // Only the last four digits of a card ever reach the database.
    cardLast4: pg.text('card_last4'),
    failureMessage: pg.text('failure_message'),
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
      .where(sql`${t.status} = 'requires_payment_method'`),
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
