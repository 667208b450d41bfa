import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { products } from './catalog.ts';

// The blog and the reviews.

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
