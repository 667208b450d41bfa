import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { startRepeatingSweep } from '../../lib/repeating-sweep.ts';
import type { JobQueue } from '../../modules/jobs/queue.ts';
import { queues } from '../../modules/jobs/queues.ts';
import { firedUnqueued, markQueued } from '../../modules/stock-alerts/repository.ts';

/**
 * The hand-over of back-in-stock mails: alerts are fired in the transaction that received the
 * stock, and this hands each fired one to the job queue, at start and every `intervalMs`. The
 * alert's id is its job's, so a second hand-over (two servers, a crash before `queued_at`) is
 * nothing, and a server stopped between a receipt and its hand-over loses no mail.
 */
export function startStockAlertSweep({
  db,
  queue,
  intervalMs,
  log,
}: {
  db: Db;
  queue: Pick<JobQueue, 'enqueueOnce'>;
  intervalMs: number;
  log: FastifyBaseLogger;
}) {
  const sweep = startRepeatingSweep({
    intervalMs,
    log,
    failed: 'stock alert sweep failed',
    sweep: async (stopped) => {
      for (;;) {
        const fired = await firedUnqueued(db);
        for (const { id } of fired) {
          await queue.enqueueOnce(queues.mailStockAlert.name, id, { alertId: id });
          await markQueued(db, id);
        }
        if (fired.length < 200 || stopped()) return;
      }
    },
  });
  return {
    /** Hands fired alerts over now (after a receipt, so the mails need not wait a tick). */
    kick: sweep.kick,
    stop: sweep.stop,
  };
}
