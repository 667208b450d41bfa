import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema.ts';

/** A Standard Webhooks message id: the `webhook-id` of every try of this event. */
const newEventId = () => `msg_${randomUUID().replaceAll('-', '')}`;

/**
 * Writes an event and one pending delivery per enabled endpoint subscribed to its type, on the
 * executor it is given: the caller's transaction, so the event commits (or rolls back) with the
 * change that caused it. Nobody subscribed: nothing is written (an event nobody will be sent
 * would only grow the table). The sweep hands the deliveries to the job queue once committed.
 * `only`: one endpoint whatever it subscribes to (a test event).
 */
export async function writeEvent(
  tx: Executor,
  type: string,
  data: Record<string, unknown>,
  only?: string,
) {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      only
        ? eq(webhookEndpoints.id, only)
        : and(eq(webhookEndpoints.enabled, true), sql`${type} = any(${webhookEndpoints.events})`),
    );
  if (endpoints.length === 0) return undefined;
  const [event] = await tx
    .insert(webhookEvents)
    .values({ id: newEventId(), type, data })
    .returning();
  if (!event) throw new Error('webhook event not written');
  const deliveries = await tx
    .insert(webhookDeliveries)
    .values(endpoints.map((e) => ({ eventId: event.id, endpointId: e.id })))
    .returning();
  return { event, deliveries };
}
