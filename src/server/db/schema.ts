import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { contactStatuses } from '../../contract/contact.ts';
import { orderStates } from '../../contract/orders.ts';
import { stockReasons } from '../../contract/stock.ts';
import type { TierCents } from '../../contract/price-ladder.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const stampsOf = () => ({
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const products = pgTable(
  'product',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Kept upper-case by every write, so the unique index makes SKUs unique regardless of case.
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    // Always the first tier's price: the spec's clients read `price`.
    priceCents: integer('price_cents').notNull(),
    stock: integer('stock').notNull(),
    moq: integer('moq').notNull().default(10),
    packSize: integer('pack_size').notNull().default(1),
    // The price ladder in cents, ascending in minQuantity; checked by ladderProblems on write.
    tiers: jsonb('tiers').$type<TierCents[]>().notNull(),
    imageUrl: text('image_url').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('product_price_positive', sql`${t.priceCents} > 0`),
    check('product_stock_not_negative', sql`${t.stock} >= 0`),
    check('product_moq_positive', sql`${t.moq} >= 1`),
    check('product_moq_whole_packs', sql`${t.packSize} >= 1 and ${t.moq} % ${t.packSize} = 0`),
    uniqueIndex('product_sku_idx').on(sql`upper(${t.sku})`),
    index('product_name_idx').on(t.name, t.id),
    // `?q=` is a case-insensitive substring search (ILIKE '%…%'), which no b-tree serves. The
    // migration creates this only where the pg_trgm extension can be had (not in PGlite).
    index('product_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('product_sku_trgm_idx').using('gin', t.sku.op('gin_trgm_ops')),
  ],
);

/**
 * The stock ledger: every change of a product's stock is one row here, written in the same
 * transaction as the change by src/server/modules/stock/ledger.ts and nothing else, so a
 * product's stock is always the sum of its movements.
 */
export const stockMovements = pgTable(
  'stock_movement',
  {
    // Ascending in the order the movements were written: newest first is id descending.
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    reason: text('reason', { enum: stockReasons }).notNull(),
    // The order that reserved or gave back the stock; kept after the order is deleted.
    orderId: uuid('order_id'),
    // Who moved it: an admin's or customer's account id and email, or null and a word for the
    // server itself (the expiry sweep, the seed, a migration).
    actorId: text('actor_id'),
    actor: text('actor').notNull(),
    note: text('note'),
    stockAfter: integer('stock_after').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('stock_movement_delta_nonzero', sql`${t.delta} <> 0 or ${t.reason} = 'opening'`),
    check('stock_movement_after_not_negative', sql`${t.stockAfter} >= 0`),
    check(
      'stock_movement_reason_known',
      sql`${t.reason} in ('opening', 'reserved', 'released', 'expired', 'received', 'counted', 'damaged', 'returned', 'correction')`,
    ),
    index('stock_movement_product_idx').on(t.productId, t.id),
    index('stock_movement_order_idx').on(t.orderId),
  ],
);

export const blogs = pgTable('blog', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  imageUrl: text('image_url').notNull(),
  createdAt: createdAt(),
});

export const reviews = pgTable(
  'review',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    rating: integer('rating').notNull(),
    imageUrl: text('image_url'),
    // The product reviewed, or null for a review of the shop. A deleted product's reviews stay.
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('review_rating_range', sql`${t.rating} between 1 and 5`),
    index('review_created_idx').on(t.createdAt),
    index('review_product_idx').on(t.productId, t.createdAt),
  ],
);

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

/** A customer's cart: the same on every device of the account. Priced when read. */
export const cartLines = pgTable(
  'cart_line',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    ...stampsOf(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    check('cart_line_quantity_positive', sql`${t.quantity} >= 1`),
    index('cart_line_product_idx').on(t.productId),
  ],
);

/** Checkout keys already used: the same Idempotency-Key answers with the same order. */
export const checkoutKeys = pgTable(
  'checkout_key',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('checkout_key_created_idx').on(t.createdAt),
    index('checkout_key_order_idx').on(t.orderId),
  ],
);

export const contactMessages = pgTable(
  'contact_message',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    ip: text('ip'),
    // The admin inbox: open until someone has dealt with it.
    status: text('status', { enum: contactStatuses }).notNull().default('open'),
    createdAt: createdAt(),
  },
  (t) => [
    check('contact_message_status_known', sql`${t.status} in ('open', 'done')`),
    index('contact_message_status_idx').on(t.status, t.createdAt),
  ],
);

/** Small facts about this database, such as whether the demo data was ever seeded. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// Better Auth's tables (email + password, social accounts, sessions, the admin plugin's role
// and ban fields). Keys are the field names Better Auth expects; columns are snake_case.
const stamps = stampsOf;

export const users = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    role: text('role').notNull().default('user'),
    banned: boolean('banned').notNull().default(false),
    banReason: text('ban_reason'),
    banExpires: timestamp('ban_expires', { withTimezone: true }),
    ...stamps(),
  },
  (t) => [index('user_created_idx').on(t.createdAt, t.id)],
);

export const sessions = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    impersonatedBy: text('impersonated_by'),
    ...stamps(),
  },
  (t) => [index('session_user_idx').on(t.userId)],
);

export const accounts = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...stamps(),
  },
  (t) => [index('account_user_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...stamps(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

/** Fixed-window counters shared by every server process (sign-in, sign-up, mails). */
export const rateLimits = pgTable('rate_limit', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

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
    ...stamps(),
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

/** Who changed what, for every admin write. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: text('actor_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    summary: text('summary').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt)],
);
