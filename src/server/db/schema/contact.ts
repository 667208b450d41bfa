import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { contactStatuses } from '../../../contract/contact.ts';
import { createdAt } from './columns.ts';

// The Contact Us inbox.

export const contactMessages = pg.pgTable(
  'contact_message',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    name: pg.text('name').notNull(),
    email: pg.text('email').notNull(),
    message: pg.text('message').notNull(),
    ip: pg.text('ip'),
    // The admin inbox: open until someone has dealt with it.
    status: pg.text('status', { enum: contactStatuses }).notNull().default('open'),
    createdAt: createdAt(),
  },
  (t) => [
    pg.check('contact_message_status_known', sql`${t.status} in ('open', 'done')`),
    pg.index('contact_message_status_idx').on(t.status, t.createdAt),
  ],
);
