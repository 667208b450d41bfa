import { randomBytes } from 'node:crypto';
import { and, desc, eq, getTableColumns, lte, sql } from 'drizzle-orm';
import type { WebhookDelivery, WebhookEndpoint } from '../../../contract/webhooks.ts';
import type { Executor } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema.ts';

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export const endpointAnswer = (row: EndpointRow): WebhookEndpoint => ({
  _id: row.id,
  url: row.url,
  events: row.events as WebhookEndpoint['events'],
  enabled: row.enabled,
  description: row.description,
  createdAt: row.createdAt.toISOString(),
  disabledReason: row.disabledReason,
});

export const deliveryAnswer = (row: DeliveryRow & { type: string }): WebhookDelivery => ({
  _id: row.id,
  eventId: row.eventId,
  type: row.type,
  status: row.status,
  attempts: row.attempts,
  lastStatusCode: row.lastStatusCode,
  lastError: row.lastError,
  nextAttemptAt: row.status === 'pending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
  createdAt: row.createdAt.toISOString(),
  deliveredAt: row.deliveredAt?.toISOString() ?? null,
});

/** A Standard Webhooks secret: `whsec_` and 24 random bytes in base64. */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

export async function insertEndpoint(
  db: Executor,
  values: { url: string; events: string[]; description: string; secret: string },
) {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  if (!row) throw new Error('webhook endpoint not written');
  return row;
}

export const listEndpoints = (db: Executor) =>
  db.select().from(webhookEndpoints).orderBy(desc(webhookEndpoints.createdAt));

export async function findEndpoint(db: Executor, id: string) {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row;
}

export async function updateEndpoint(
  db: Executor,
  id: string,
  patch: { url?: string; events?: string[]; description?: string; enabled?: boolean },
) {
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      ...patch,
      // Enabled again by an admin: the shop's reason and the failure clock start afresh.
      ...(patch.enabled ? { disabledReason: null, failingSince: null } : {}),
    })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return row;
}

export async function deleteEndpoint(db: Executor, id: string) {
  const rows = await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning();
  return rows.length > 0;
}

const deliveryWithType = { ...getTableColumns(webhookDeliveries), type: webhookEvents.type };

/** The newest deliveries of an endpoint first. */
export const deliveriesOf = (db: Executor, endpointId: string, limit = 100) =>
  db
    .select(deliveryWithType)
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);

export async function findDelivery(db: Executor, endpointId: string, id: string) {
  const [row] = await db
    .select(deliveryWithType)
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.endpointId, endpointId)));
  return row;
}

/** A delivery with what its try needs: the event and the endpoint. */
export async function deliveryForTry(db: Executor, id: string) {
  const [row] = await db
    .select({ delivery: webhookDeliveries, event: webhookEvents, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, id));
  return row;
}

export type TryOutcome =
  | { ok: true; statusCode: number }
  | { ok: false; statusCode: number | null; error: string; retryInMs: number | null };

/**
 * Writes a try's outcome, only if no other try of this delivery has been written since it began
 * (`attemptsBefore`); undefined when one has. `retryInMs` null: the schedule is spent, failed.
 */
export async function recordTry(
  db: Executor,
  id: string,
  attemptsBefore: number,
  outcome: TryOutcome,
) {
  const [row] = await db
    .update(webhookDeliveries)
    .set(
      outcome.ok
        ? {
            status: 'delivered',
            attempts: attemptsBefore + 1,
            lastStatusCode: outcome.statusCode,
            lastError: null,
            nextAttemptAt: null,
            deliveredAt: sql`now()`,
          }
        : {
            status: outcome.retryInMs === null ? 'failed' : 'pending',
            attempts: attemptsBefore + 1,
            lastStatusCode: outcome.statusCode,
            lastError: outcome.error.slice(0, 500),
            nextAttemptAt:
              outcome.retryInMs === null
                ? null
                : sql`now() + ${outcome.retryInMs} * interval '1 millisecond'`,
          },
    )
    .where(
      and(
        eq(webhookDeliveries.id, id),
        eq(webhookDeliveries.status, 'pending'),
        eq(webhookDeliveries.attempts, attemptsBefore),
      ),
    )
    .returning();
  return row;
}

/** A pending delivery ended without a try (its endpoint is disabled). */
export async function failUntried(db: Executor, id: string, error: string) {
  await db
    .update(webhookDeliveries)
    .set({ status: 'failed', lastError: error, nextAttemptAt: null })
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, 'pending')));
}

/**
 * Pending deliveries whose next try is due and not yet handed to the job queue: written by a
 * change that committed, or scheduled by a server that stopped before handing the try over.
 */
export const dueUnqueued = (db: Executor, limit = 200) =>
  db
    .select({ id: webhookDeliveries.id, attempts: webhookDeliveries.attempts })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.status, 'pending'),
        lte(webhookDeliveries.nextAttemptAt, sql`now()`),
        lte(webhookDeliveries.queuedTry, webhookDeliveries.attempts),
      ),
    )
    .orderBy(webhookDeliveries.nextAttemptAt)
    .limit(limit);

/** Notes that try `attempt` of a delivery is with the job queue. */
export async function markQueued(db: Executor, id: string, attempt: number) {
  await db
    .update(webhookDeliveries)
    .set({ queuedTry: sql`greatest(${webhookDeliveries.queuedTry}, ${attempt})` })
    .where(eq(webhookDeliveries.id, id));
}

/** A delivery to be sent again now: a new round of the retry schedule, the same event id. */
export async function reopenDelivery(db: Executor, endpointId: string, id: string) {
  const [row] = await db
    .update(webhookDeliveries)
    .set({
      status: 'pending',
      roundStart: webhookDeliveries.attempts,
      nextAttemptAt: sql`now()`,
    })
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.endpointId, endpointId)))
    .returning();
  return row;
}

/** A try succeeded: the endpoint is not failing. */
export async function clearFailing(db: Executor, endpointId: string) {
  await db
    .update(webhookEndpoints)
    .set({ failingSince: null })
    .where(
      and(eq(webhookEndpoints.id, endpointId), sql`${webhookEndpoints.failingSince} is not null`),
    );
}

/** A try failed: the endpoint has been failing since then, unless since earlier. */
export async function noteFailing(db: Executor, endpointId: string) {
  await db
    .update(webhookEndpoints)
    .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, now())` })
    .where(eq(webhookEndpoints.id, endpointId));
}

/**
 * Disables an enabled endpoint that has had no successful try for `afterMs`; the row when this
 * call disabled it (so one server mails the admins), undefined otherwise.
 */
export async function disableIfFailingFor(
  db: Executor,
  endpointId: string,
  afterMs: number,
  reason: string,
) {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: reason })
    .where(
      and(
        eq(webhookEndpoints.id, endpointId),
        eq(webhookEndpoints.enabled, true),
        lte(webhookEndpoints.failingSince, sql`now() - ${afterMs} * interval '1 millisecond'`),
      ),
    )
    .returning();
  return row;
}
