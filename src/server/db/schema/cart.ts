import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, deletedWith, stampsOf } from './columns.ts';
import { users } from './auth.ts';
import { products } from './catalog.ts';
import { orders } from './orders.ts';

// Carts, and the checkout keys that make a checkout happen once.

/** A customer's cart: the same on every device of the account. Priced when read. */
export const cartLines = pgTable(
  'cart_line',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: deletedWith('product_id', () => products.id),
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
