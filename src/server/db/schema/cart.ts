import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { createdAt, deletedWith, stampsOf } from './columns.ts';
import { users } from './auth.ts';
import { products } from './catalog.ts';
import { orders } from './orders.ts';

// Carts, and the checkout keys that make a checkout happen once.

/** A customer's cart: the same on every device of the account. Priced when read. */
export const cartLines = pg.pgTable(
  'cart_line',
  {
    userId: pg
      .text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: deletedWith('product_id', () => products.id),
    quantity: pg.integer('quantity').notNull(),
    ...stampsOf(),
  },
  (t) => [
    pg.primaryKey({ columns: [t.userId, t.productId] }),
    pg.check('cart_line_quantity_positive', sql`${t.quantity} >= 1`),
    pg.index('cart_line_product_idx').on(t.productId),
  ],
);

/** Checkout keys already used: the same Idempotency-Key answers with the same order. */
export const checkoutKeys = pg.pgTable(
  'checkout_key',
  {
    userId: pg
      .text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: pg.text('key').notNull(),
    orderId: pg.uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    pg.primaryKey({ columns: [t.userId, t.key] }),
    pg.index('checkout_key_created_idx').on(t.createdAt),
    pg.index('checkout_key_order_idx').on(t.orderId),
  ],
);
