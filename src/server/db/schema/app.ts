import * as pg from 'drizzle-orm/pg-core';

// Facts about this database.

/** Small facts about this database, such as whether the demo data was ever seeded. */
export const appMeta = pg.pgTable('app_meta', {
  key: pg.text('key').primaryKey(),
  value: pg.text('value').notNull(),
  updatedAt: pg.timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
