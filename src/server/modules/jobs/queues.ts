import type { QueueSpec } from './boss.ts';

/**
 * Every queue of the shop with its retry rule, made with the migrations so that a server's
 * start finds them. A try that throws runs again after about 5 s, 10 s, 20 s…
 */
export const queues = {
  applyImport: { name: 'apply-import', retryLimit: 3, retryDelaySeconds: 5 },
  // One try of one webhook delivery. A receiver's refusal is not a throw: the delivery's own
  // schedule (5 s … 24 h) retries it as a new job; pg-boss retries only a try whose server died.
  deliverWebhook: { name: 'deliver-webhook', retryLimit: 3, retryDelaySeconds: 5 },
  // Products whose picture is still an outside link, fetched and stored once (at start): the
  // links that fail stay in its result; a later start with the same links does not repeat it.
  fetchOutsidePictures: { name: 'fetch-outside-pictures', retryLimit: 3, retryDelaySeconds: 5 },
  // One back-in-stock mail (its alert's id is the job's): a mail server that refuses is retried.
  mailStockAlert: { name: 'mail-stock-alert', retryLimit: 5, retryDelaySeconds: 10 },
} as const satisfies Record<string, QueueSpec>;

export const allQueues: readonly QueueSpec[] = Object.values(queues);
