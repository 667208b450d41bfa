import type { WebhookEventType } from '../../../contract/webhooks.ts';
import type { Executor } from '../../db/client.ts';
import { subscribedEndpoints, writeEvent } from '../../modules/webhooks/outbox.ts';

/**
 * Tells the webhook endpoints subscribed to `type` of a change: call it with the transaction
 * that makes the change, so the event commits with it or not at all (an outbox; the sweep
 * sends it once committed). `data` is the object as the API answers it (or, where noted at the
 * call, the compact shape docs/decisions/0030-webhooks-outbox.md lists), worked out only when
 * some endpoint is subscribed: nobody listening, nothing is written.
 */
export async function emitEvent(
  tx: Executor,
  type: WebhookEventType,
  data: object | (() => Promise<object>),
) {
  const endpointIds = await subscribedEndpoints(tx, type);
  if (endpointIds.length === 0) return;
  const body = typeof data === 'function' ? await data() : data;
  await writeEvent(tx, type, body as Record<string, unknown>, endpointIds);
}
