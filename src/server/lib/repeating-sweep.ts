import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `sweep` once at start, then every `intervalMs`, and whenever kicked; never two at once (a
 * tick while one runs is skipped: the running one goes on to read what is new). A failure is
 * logged with `failed` and the next tick tries again, as the database may be away for a while.
 * `stop` ends the ticks and waits for a sweep in progress, so the database can close after it;
 * a sweep that loops over batches asks `stopped()` between them.
 */
export function startRepeatingSweep({
  intervalMs,
  log,
  failed,
  sweep,
}: {
  intervalMs: number;
  log: FastifyBaseLogger;
  failed: string;
  sweep: (stopped: () => boolean) => Promise<void>;
}) {
  let running: Promise<void> | undefined;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = sweep(() => stopped)
      .catch((err: unknown) => log.error({ err }, failed))
      .finally(() => (running = undefined));
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    kick: tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
