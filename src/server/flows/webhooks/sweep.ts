import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { startRepeatingSweep } from '../../lib/repeating-sweep.ts';
import { dueUnqueued } from '../../modules/webhooks/repository.ts';
import { handOverTry, type DeliveryQueue } from './hand-over.ts';

/**
 * The outbox's hand-over: deliveries are written in the transaction of the change that caused
 * them, and this hands every due try not yet with the job queue over, at start and every
 * `intervalMs`. A server killed between a commit and a hand-over (or between a failed try and
 * scheduling the next) loses nothing: the next sweep, on any server, hands it over, and the
 * try's job id makes a second hand-over nothing.
 */
export function startWebhookSweep({
  db,
  queue,
  intervalMs,
  log,
}: {
  db: Db;
  queue: DeliveryQueue;
  intervalMs: number;
  log: FastifyBaseLogger;
}) {
  const sweep = startRepeatingSweep({
    intervalMs,
    log,
    failed: 'webhook sweep failed',
    sweep: async (stopped) => {
      for (;;) {
        const due = await dueUnqueued(db);
        for (const d of due) await handOverTry(db, queue, d.id, d.attempts + 1);
        if (due.length < 200 || stopped()) return;
      }
    },
  });
  return {
    /** Hands due deliveries over now (after a change an admin is waiting to see sent). */
    kick: sweep.kick,
    stop: sweep.stop,
  };
}
