import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema.ts';

/** A Standard Webhooks message id: the `webhook-id` of every try of this event. */
const newEventId = () => `msg_${randomUUID().replaceAll('-', '')}`;

/** The enabled endpoints subscribed to `type`: the ones an event of it is delivered to. */
export async function subscribedEndpoints(tx: Executor, type: string) {
  const rows = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.enabled, true), sql`${type} = any(${webhookEndpoints.events})`));
  return rows.map((r) => r.id);
}

/**
 * Writes an event and one pending delivery to each of `endpointIds`, on the executor it is
 * given: the caller's transaction, so the event commits (or rolls back) with the change that
 * caused it. The sweep hands the deliveries to the job queue once committed.
 */
export async function writeEvent(
  tx: Executor,
  type: string,
  data: Record<string, unknown>,
  endpointIds: readonly string[],
) {
  const [event] = await tx
    .insert(webhookEvents)
    .values({ id: newEventId(), type, data })
    .returning();
  if (!event) throw new Error('webhook event not written');
  const deliveries = await tx
    .insert(webhookDeliveries)
    .values(endpointIds.map((endpointId) => ({ eventId: event.id, endpointId })))
    .returning();
  return { event, deliveries };
}

/** Many events of one type (a stock import's products), in statements of a thousand. */
export async function writeEvents(
  tx: Executor,
  type: string,
  datas: readonly Record<string, unknown>[],
  endpointIds: readonly string[],
) {
  for (let i = 0; i < datas.length; i += 1000) {
    const events = await tx
      .insert(webhookEvents)
      .values(datas.slice(i, i + 1000).map((data) => ({ id: newEventId(), type, data })))
      .returning({ id: webhookEvents.id });
    await tx
      .insert(webhookDeliveries)
      .values(
        events.flatMap((e) => endpointIds.map((endpointId) => ({ eventId: e.id, endpointId }))),
      );
  }
}
