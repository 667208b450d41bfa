import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { orderStates } from '../../../contract/orders.ts';
import { createdAt } from './columns.ts';
import { products } from './catalog.ts';

// Orders and their lines.

export const orders = pgTable(
  'order',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // What people quote: a short number, one up from the last (100001, 100002, …).
    number: bigint('number', { mode: 'number' })
      .notNull()
      .unique()
      .generatedAlwaysAsIdentity({ startWith: 100001 }),
    userId: text('user_id').notNull(),
    email: text('email').notNull(),
    userName: text('user_name').notNull(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    // One-line orders: that line's product, name and unit price. An order of several parts has
    // no single product or unit price (null), a name like "3 parts: …" and the summed quantity.
    productName: text('product_name').notNull(),
    unitPriceCents: integer('unit_price_cents'),
    quantity: integer('quantity').notNull(),
    totalCents: integer('total_cents').notNull(),
    // Where the order stands; `paid` and `shipped` in the API are read from it.
    status: text('status', { enum: orderStates }).notNull().default('unpaid'),
    // An unpaid order holds its stock until then; after it, the expiry sweep gives it back.
    holdUntil: timestamp('hold_until', { withTimezone: true }).notNull(),
    transactionId: text('transaction_id'),
    amountTotalCents: integer('amount_total_cents'),
    paymentIntentId: text('payment_intent_id'),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
  },
  (t) => [
    check('order_quantity_positive', sql`${t.quantity} >= 1`),
    check(
      'order_total_matches',
      sql`${t.unitPriceCents} is null or ${t.totalCents} = ${t.unitPriceCents} * ${t.quantity}`,
    ),
    check('order_status_known', sql`${t.status} in ('unpaid', 'paid', 'shipped', 'expired')`),
    check(
      'order_shipped_matches_status',
      sql`(${t.status} = 'shipped') = (${t.shippedAt} is not null)`,
    ),
    index('order_email_idx').on(t.email, t.createdAt),
    // My Orders reads a customer's orders by account, newest first.
    index('order_user_created_idx').on(t.userId, t.createdAt),
    index('order_created_idx').on(t.createdAt),
    // The expiry sweep and the unpaid-order cap read only the unpaid orders.
    index('order_unpaid_hold_idx')
      .on(t.holdUntil)
      .where(sql`${t.status} = 'unpaid'`),
    index('order_unpaid_user_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'unpaid'`),
  ],
);

/** The parts of an order, priced when it was placed; the order's total is their sum. */
export const orderLines = pgTable(
  'order_line',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    sku: text('sku').notNull(),
    productName: text('product_name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    lineTotalCents: integer('line_total_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.lineNo] }),
    check('order_line_quantity_positive', sql`${t.quantity} >= 1`),
    check('order_line_price_positive', sql`${t.unitPriceCents} > 0`),
    check(
      'order_line_total_matches',
      sql`${t.lineTotalCents} = ${t.unitPriceCents} * ${t.quantity}`,
    ),
    index('order_line_product_idx').on(t.productId),
  ],
);
