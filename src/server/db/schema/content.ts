import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { products } from './catalog.ts';

// The blog and the reviews.

export const blogs = pg.pgTable('blog', {
  id: pg.uuid('id').primaryKey().defaultRandom(),
  title: pg.text('title').notNull(),
  description: pg.text('description').notNull(),
  imageUrl: pg.text('image_url').notNull(),
  createdAt: createdAt(),
});

export const reviews = pg.pgTable(
  'review',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    userId: pg.text('user_id'),
    name: pg.text('name').notNull(),
    description: pg.text('description').notNull().default(''),
    rating: pg.integer('rating').notNull(),
    imageUrl: pg.text('image_url'),
    // The product reviewed, or null for a review of the shop. A deleted product's reviews stay.
    productId: pg.uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    pg.check('review_rating_range', sql`${t.rating} between 1 and 5`),
    pg.index('review_created_idx').on(t.createdAt),
    pg.index('review_product_idx').on(t.productId, t.createdAt),
  ],
);
