import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
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
  let running: Promise<void> | undefined;
  let stopped = false;
  const sweep = async () => {
    for (;;) {
      const due = await dueUnqueued(db);
      for (const d of due) await handOverTry(db, queue, d.id, d.attempts + 1);
      if (due.length < 200 || stopped) return;
    }
  };
  const tick = () => {
    if (running || stopped) return;
    running = sweep()
      .catch((err: unknown) => log.error({ err }, 'webhook sweep failed'))
      .finally(() => (running = undefined));
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    /** Hands due deliveries over now (after a change an admin is waiting to see sent). */
    kick: tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
