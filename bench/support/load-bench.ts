// What the load benches (api, orders, checkouts) share: the load they apply and how a run goes.
import { machineLoad } from './child.ts';
import { onEachDatabase, seconds, type BenchDatabase } from './databases.ts';
import { runContext, writeResult } from './results.ts';

/** BENCH_CONNECTIONS connections for BENCH_DURATION s after BENCH_WARMUP s of warm-up. */
export const load = {
  duration: seconds('BENCH_DURATION', 10),
  warmup: seconds('BENCH_WARMUP', 3),
  connections: Math.max(1, Math.round(seconds('BENCH_CONNECTIONS', 50))),
};

/**
 * Runs a load bench: `measure` on each database, then `report`, then the result file `name`
 * with the run's context, the load and the bench's own settings, and whether every outcome passed.
 */
export async function runLoadBench<T>(
  name: string,
  bench: {
    measure: (database: BenchDatabase) => Promise<T>;
    report: (outcomes: T[], loadAtStart: string) => void;
    settings: Record<string, unknown>;
    budget?: Record<string, unknown>;
    passed: (outcome: T) => boolean;
  },
) {
  const context = runContext();
  const loadAtStart = machineLoad();
  const outcomes = await onEachDatabase(bench.measure);
  bench.report(outcomes, loadAtStart);
  writeResult(name, {
    bench: name,
    context,
    settings: {
      connections: load.connections,
      durationSeconds: load.duration,
      warmupSeconds: load.warmup,
      ...bench.settings,
    },
    ...(bench.budget ? { budget: bench.budget } : {}),
    outcomes,
    pass: outcomes.every(bench.passed),
  });
}
