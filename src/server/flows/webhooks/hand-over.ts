import { createHash } from 'node:crypto';
import type { JobQueue } from '../../modules/jobs/queue.ts';
import { queues } from '../../modules/jobs/queues.ts';
import { markQueued } from '../../modules/webhooks/repository.ts';
import type { Db } from '../../db/client.ts';

export type DeliveryQueue = Pick<JobQueue, 'enqueueOnce'>;

/**
 * The job of one try of one delivery: an id made from both, so whoever hands the try over (the
 * try before it, the sweep, a redeliver, two servers at once) hands over the same job, once.
 */
export function tryJobId(deliveryId: string, attempt: number) {
  const hex = createHash('sha256')
    .update(`webhook-delivery:${deliveryId}:${attempt}`)
    .digest('hex');
  // Shaped as a version-5-like UUID (pg-boss and the job table take UUIDs).
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Hands try `attempt` of a delivery to the job queue, `delayMs` from now, and notes it. */
export async function handOverTry(
  db: Db,
  queue: DeliveryQueue,
  deliveryId: string,
  attempt: number,
  delayMs = 0,
) {
  await queue.enqueueOnce(
    queues.deliverWebhook.name,
    tryJobId(deliveryId, attempt),
    { deliveryId, attempt },
    { startAfterSeconds: delayMs / 1000 },
  );
  await markQueued(db, deliveryId, attempt);
}
