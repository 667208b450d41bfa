import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './auth.ts';
import { products } from './catalog.ts';

/**
 * Back-in-stock alerts: an account waits for a part. When a `received` movement takes the part
 * from none to some, the waiting alerts are fired (`fired_at`, in that movement's transaction:
 * the outbox), the sweep hands each to the job queue (`queued_at`), and the job mails it and
 * deletes the row. So an alert mails once, and a mail is not lost to a stopped server.
 */
export const stockAlerts = pg.pgTable(
  'stock_alert',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    userId: pg
      .text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: pg
      .uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    firedAt: pg.timestamp('fired_at', { withTimezone: true }),
    queuedAt: pg.timestamp('queued_at', { withTimezone: true }),
  },
  (t) => [
    // One waiting alert per account and part: asking twice is the same alert. A fired one (its
    // mail on its way) does not stop the account from asking again.
    pg
      .uniqueIndex('stock_alert_waiting_uq')
      .on(t.userId, t.productId)
      .where(sql`${t.firedAt} is null`),
    pg
      .index('stock_alert_product_waiting_idx')
      .on(t.productId)
      .where(sql`${t.firedAt} is null`),
    pg
      .index('stock_alert_unqueued_idx')
      .on(t.firedAt)
      .where(sql`${t.firedAt} is not null and ${t.queuedAt} is null`),
  ],
);
