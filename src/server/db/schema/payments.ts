import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { stampsOf } from './columns.ts';

// The built-in test processor's intents, and the payment events handled once.

export const TEST_INTENT_STATUSES = ['requires_payment_method', 'succeeded', 'canceled'] as const;

/** The built-in test payment processor's PaymentIntents (Stripe test-mode semantics). */
export const testPaymentIntents = pgTable(
  'test_payment_intent',
  {
    id: text('id').primaryKey(),
    orderId: uuid('order_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    clientSecret: text('client_secret').notNull().unique(),
    // requires_payment_method -> succeeded | canceled, each step one conditional update.
    status: text('status', { enum: TEST_INTENT_STATUSES })
      .notNull()
      .default('requires_payment_method'),
    // Only the last four digits of a card ever reach the database.
    cardLast4: text('card_last4'),
    failureMessage: text('failure_message'),
    // Who to tell if the payment has to be refunded after its order is gone.
    customerEmail: text('customer_email'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    ...stampsOf(),
  },
  (t) => [
    index('test_payment_intent_order_idx').on(t.orderId),
    // At most one intent of an order can still be paid: two at once could both be charged.
    uniqueIndex('test_payment_intent_one_live_idx')
      .on(t.orderId)
      .where(sql`${t.status} = 'requires_payment_method'`),
  ],
);

/** Provider webhook events already handled, so a replay changes nothing. */
export const paymentEvents = pgTable('payment_event', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
