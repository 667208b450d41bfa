import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const products = pgTable(
  'product',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    stock: integer('stock').notNull(),
    imageUrl: text('image_url').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('product_price_positive', sql`${t.priceCents} > 0`),
    check('product_stock_not_negative', sql`${t.stock} >= 0`),
    index('product_name_idx').on(t.name, t.id),
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
    createdAt: createdAt(),
  },
  (t) => [
    check('review_rating_range', sql`${t.rating} between 1 and 5`),
    index('review_created_idx').on(t.createdAt),
  ],
);

export const orders = pgTable(
  'order',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    email: text('email').notNull(),
    userName: text('user_name').notNull(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    totalCents: integer('total_cents').notNull(),
    paid: boolean('paid').notNull().default(false),
    transactionId: text('transaction_id'),
    amountTotalCents: integer('amount_total_cents'),
    paymentIntentId: text('payment_intent_id'),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    check('order_quantity_minimum', sql`${t.quantity} >= 10`),
    check('order_total_matches', sql`${t.totalCents} = ${t.unitPriceCents} * ${t.quantity}`),
    index('order_email_idx').on(t.email, t.createdAt),
    index('order_created_idx').on(t.createdAt),
  ],
);

export const contactMessages = pgTable('contact_message', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  ip: text('ip'),
  createdAt: createdAt(),
});

/** Small facts about this database, such as whether the demo data was ever seeded. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
