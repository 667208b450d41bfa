import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Facts about this database.

/** Small facts about this database, such as whether the demo data was ever seeded. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
