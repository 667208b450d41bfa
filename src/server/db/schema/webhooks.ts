import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { webhookDeliveryStatuses } from '../../../contract/webhooks.ts';
import { createdAt, deletedWith } from './columns.ts';

/**
 * Webhooks as an outbox (docs/decisions/0030-webhooks-outbox.md): an event and its deliveries
 * are written in the transaction of the change that causes them; the job queue sends them.
 */
export const webhookEndpoints = pg.pgTable('webhook_endpoint', {
  id: pg.uuid('id').primaryKey().defaultRandom(),
  url: pg.text('url').notNull(),
  events: pg.text('events').array().notNull(),
  // The Standard Webhooks signing secret (whsec_…): the receiver verifies with it, so it is kept.
  secret: pg.text('secret').notNull(),
  description: pg.text('description').notNull().default(''),
  enabled: pg.boolean('enabled').notNull().default(true),
  // Set by the shop when it disabled the endpoint; cleared when an admin enables it again.
  disabledReason: pg.text('disabled_reason'),
  // The first failed try since the last success: after WEBHOOK_DISABLE_AFTER_MS it is disabled.
  failingSince: pg.timestamp('failing_since', { withTimezone: true }),
  createdAt: createdAt(),
});

export const webhookEvents = pg.pgTable('webhook_event', {
  // The Standard Webhooks `webhook-id`: the same on every try, so a receiver can skip repeats.
  id: pg.text('id').primaryKey(),
  type: pg.text('type').notNull(),
  data: pg.jsonb('data').$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
});

export const webhookDeliveries = pg.pgTable(
  'webhook_delivery',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    eventId: pg
      .text('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    endpointId: deletedWith('endpoint_id', () => webhookEndpoints.id),
    status: pg.text('status', { enum: webhookDeliveryStatuses }).notNull().default('pending'),
    attempts: pg.integer('attempts').notNull().default(0),
    // Tries before this one that belong to an earlier round (a redeliver starts the schedule again).
    roundStart: pg.integer('round_start').notNull().default(0),
    // The try (attempts + 1) already handed to the job queue: the sweep hands over the others.
    queuedTry: pg.integer('queued_try').notNull().default(0),
    lastStatusCode: pg.integer('last_status_code'),
    lastError: pg.text('last_error'),
    nextAttemptAt: pg.timestamp('next_attempt_at', { withTimezone: true }).defaultNow(),
    deliveredAt: pg.timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    pg.index('webhook_delivery_endpoint_idx').on(t.endpointId, t.createdAt),
    pg
      .index('webhook_delivery_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    pg.check('webhook_delivery_attempts_sane', sql`${t.attempts} >= 0`),
  ],
);
