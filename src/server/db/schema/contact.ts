import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { contactStatuses } from '../../../contract/contact.ts';
import { createdAt } from './columns.ts';

// The Contact Us inbox.

export const contactMessages = pgTable(
  'contact_message',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    ip: text('ip'),
    // The admin inbox: open until someone has dealt with it.
    status: text('status', { enum: contactStatuses }).notNull().default('open'),
    createdAt: createdAt(),
  },
  (t) => [
    check('contact_message_status_known', sql`${t.status} in ('open', 'done')`),
    index('contact_message_status_idx').on(t.status, t.createdAt),
  ],
);
