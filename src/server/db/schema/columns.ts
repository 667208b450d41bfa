import * as pg from 'drizzle-orm/pg-core';

// Columns, and groups of columns, that several tables share.

export const createdAt = () =>
  pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const stampsOf = () => ({
  createdAt: createdAt(),
  updatedAt: pg.timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A required reference to the row (its order, its company, …) whose deletion deletes this one. */
export const deletedWith = (name: string, parent: () => pg.AnyPgColumn) =>
  pg.uuid(name).notNull().references(parent, { onDelete: 'cascade' });

/** What people quote: a short number, one up from the last, from `startWith`. */
export const quotedNumber = (startWith: number) =>
  pg
    .bigint('number', { mode: 'number' })
    .notNull()
    .unique()
    .generatedAlwaysAsIdentity({ startWith });

/** The buyer of an order or a quote: their account's id, email and name, copied (no reference). */
export const askedBy = () => ({
  userId: pg.text('user_id').notNull(),
  email: pg.text('email').notNull(),
  userName: pg.text('user_name').notNull(),
});
