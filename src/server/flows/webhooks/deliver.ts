import { sitePaths } from '../../../contract/site-paths.ts';
import type { FastifyBaseLogger } from 'fastify';
import { Webhook } from 'standardwebhooks';
import type { Db } from '../../db/client.ts';
import { fetchPublic, OutboundFetchError } from '../../lib/outbound-fetch.ts';
import { webhookUrlProblem } from '../../lib/webhook-url.ts';
import { composeMail } from '../../mail/compose.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { sendLater } from '../../mail/send-later.ts';
import type { JobKind } from '../../modules/jobs/queue.ts';
import { queues } from '../../modules/jobs/queues.ts';
import { activeAdmins } from '../../modules/users/repository.ts';
import {
  clearFailing,
  deliveryForTry,
  disableIfFailingFor,
  failUntried,
  noteFailing,
  recordTry,
  type TryOutcome,
} from '../../modules/webhooks/repository.ts';
import { handOverTry, type DeliveryQueue } from './hand-over.ts';

export const WEBHOOK_TIMEOUT_MS = 10_000;

export type DeliveryDeps = {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
  /** Set once the queue has started (the kind is given to the queue before it exists). */
  queue: () => DeliveryQueue;
  webhooks: { allowPrivate: boolean; retryScheduleMs: number[]; disableAfterMs: number };
};

/** What the receiver is sent: Standard Webhooks' headers over `{ id, type, createdAt, data }`. */
export function signedRequest(
  secret: string,
  event: { id: string; type: string; createdAt: Date; data: unknown },
) {
  const body = JSON.stringify({
    id: event.id,
    type: event.type,
    createdAt: event.createdAt.toISOString(),
    data: event.data,
  });
  const now = new Date();
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'ECParts-Webhooks/1',
      'webhook-id': event.id,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign(event.id, now, body),
    },
  };
}

/** One POST: the receiver's status, or why there was none. */
async function post(url: string, request: ReturnType<typeof signedRequest>, allowPrivate: boolean) {
  // DNS can change after registration: the URL is judged again on every try.
  const problem = await webhookUrlProblem(url, { allowPrivate });
  if (problem) return { statusCode: null, error: problem };
  try {
    const res = await fetchPublic(url, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
      timeoutMs: WEBHOOK_TIMEOUT_MS,
      maxBytes: 1024 * 1024,
      allowPrivate,
    });
    if (res.status >= 200 && res.status < 300) return { statusCode: res.status };
    return { statusCode: res.status, error: `The receiver answered ${res.status}` };
  } catch (err) {
    if (err instanceof OutboundFetchError) return { statusCode: null, error: err.message };
    throw err;
  }
}

/**
 * One try of one delivery, as a job. A receiver that does not answer 2xx in 10 s is a failed
 * try, not a thrown one: the delivery's schedule (WEBHOOK_RETRY_SCHEDULE_MS) hands the next try
 * over as a new job, and after the last the delivery is failed. pg-boss's own retries are for
 * a try whose server died: it runs again, with the same webhook-id (at least once).
 */
export const deliverWebhookJob = (deps: DeliveryDeps): JobKind => ({
  ...queues.deliverWebhook,
  concurrency: 4,
  async work({ input }) {
    const { db, webhooks } = deps;
    const deliveryId = String(input.deliveryId);
    const attempt = Number(input.attempt);
    const found = await deliveryForTry(db, deliveryId);
    // Gone with its endpoint, or a try already written (a repeated hand-over): nothing to do.
    if (!found) return { skipped: 'gone' };
    const { delivery, event, endpoint } = found;
    if (delivery.status !== 'pending' || delivery.attempts + 1 !== attempt) {
      return { skipped: 'already tried' };
    }
    if (!endpoint.enabled) {
      await failUntried(db, deliveryId, 'The endpoint is disabled');
      return { skipped: 'endpoint disabled' };
    }
    const sent = await post(
      endpoint.url,
      signedRequest(endpoint.secret, event),
      webhooks.allowPrivate,
    );
    const schedule = webhooks.retryScheduleMs;
    const triesThisRound = attempt - delivery.roundStart;
    const outcome: TryOutcome =
      sent.error === undefined
        ? { ok: true, statusCode: sent.statusCode }
        : {
            ok: false,
            statusCode: sent.statusCode,
            error: sent.error,
            retryInMs: schedule[triesThisRound - 1] ?? null,
          };
    const written = await recordTry(db, deliveryId, delivery.attempts, outcome);
    if (!written) return { skipped: 'already tried' };
    if (outcome.ok) {
      await clearFailing(db, endpoint.id);
      return { deliveryId, attempt, delivered: true, statusCode: outcome.statusCode };
    }
    await noteFailing(db, endpoint.id);
    if (outcome.retryInMs !== null) {
      await handOverTry(db, deps.queue(), deliveryId, attempt + 1, outcome.retryInMs);
    } else {
      await disableIfAllFailing(deps, endpoint.id, endpoint.url);
    }
    return { deliveryId, attempt, delivered: false, error: outcome.error };
  },
});

/** To each admin: an endpoint was turned off, what to do about it, and where. */
export const endpointDisabledMail = (
  admin: { email: string; name: string },
  endpoint: { url: string; days: number; publicUrl: string },
) =>
  composeMail(admin, 'A webhook endpoint was disabled', {
    heading: 'A webhook endpoint was disabled',
    paragraphs: [
      `The webhook endpoint ${endpoint.url} has been disabled: no delivery has reached it for ${endpoint.days} days.`,
      'Its failed deliveries are in its delivery log. Enable it again once the receiver answers, then redeliver what it missed.',
    ],
    action: { label: 'Open Integrations', url: `${endpoint.publicUrl}${sitePaths.integrations}` },
  });

/** A delivery's schedule ended: its endpoint is disabled if nothing reached it for so long. */
async function disableIfAllFailing(deps: DeliveryDeps, endpointId: string, url: string) {
  const { db, webhooks, mailer, log, publicUrl } = deps;
  const days = Math.round((webhooks.disableAfterMs / 86_400_000) * 10) / 10;
  const reason = `Every delivery failed for ${days} days`;
  const disabled = await disableIfFailingFor(db, endpointId, webhooks.disableAfterMs, reason);
  if (!disabled) return;
  log.warn({ endpointId, url }, 'webhook endpoint disabled: its deliveries all failed');
  for (const admin of await activeAdmins(db)) {
    sendLater(mailer, log, endpointDisabledMail(admin, { url, days, publicUrl }), { endpointId });
  }
}
