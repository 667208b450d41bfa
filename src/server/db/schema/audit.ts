import * as pg from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

// The audit trail of admin writes.

/** Who changed what, for every admin write. */
export const auditLog = pg.pgTable(
  'audit_log',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    actorId: pg.text('actor_id').notNull(),
    actorEmail: pg.text('actor_email').notNull(),
    action: pg.text('action').notNull(),
    targetType: pg.text('target_type').notNull(),
    targetId: pg.text('target_id').notNull(),
    summary: pg.text('summary').notNull(),
    createdAt: createdAt(),
  },
  (t) => [pg.index('audit_log_created_idx').on(t.createdAt)],
);
