import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { deletedWith, stampsOf } from './columns.ts';
import { users } from './auth.ts';
import { companies } from './companies.ts';

// Saved order lists: what a workshop orders again and again, sent to the cart in one step.

/**
 * A list is one account's (userId) or, shared, its company's (companyId): exactly one of them.
 * A shared list stays with the company when its maker leaves it.
 */
export const savedLists = pg.pgTable(
  'saved_list',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    userId: pg.text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    companyId: pg.uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    name: pg.text('name').notNull(),
    // Who made it, as they were named then (no reference: the list outlives the account).
    createdByName: pg.text('created_by_name').notNull(),
    ...stampsOf(),
  },
  (t) => [
    pg.check('saved_list_one_owner', sql`(${t.userId} is null) <> (${t.companyId} is null)`),
    pg.check('saved_list_name_length', sql`char_length(${t.name}) between 1 and 80`),
    pg.index('saved_list_user_idx').on(t.userId),
    pg.index('saved_list_company_idx').on(t.companyId),
  ],
);

/**
 * A part on a list and how many. The product is named by id without a reference, on purpose:
 * a part deleted from the catalogue stays on the list (its SKU and name as saved), so that
 * sending the list to the cart says "no longer sold" instead of the line vanishing unsaid.
 */
export const savedListLines = pg.pgTable(
  'saved_list_line',
  {
    listId: deletedWith('list_id', () => savedLists.id),
    productId: pg.uuid('product_id').notNull(),
    sku: pg.text('sku').notNull(),
    name: pg.text('name').notNull(),
    quantity: pg.integer('quantity').notNull(),
    ...stampsOf(),
  },
  (t) => [
    pg.primaryKey({ columns: [t.listId, t.productId] }),
    pg.check('saved_list_line_quantity_positive', sql`${t.quantity} >= 1`),
  ],
);
